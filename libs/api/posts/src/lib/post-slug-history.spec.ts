import { POST_STATUS, RESERVED_POST_SLUGS } from '@blog/contracts';
import { migrations, PostEntity, SlugHistoryEntity, type CategoryEntity } from '@blog/api/data';
import { createCategory, createPost, expectSlugRedirect, trpcHttp, useTestApp } from '@blog/api/testing';
import { PostsModule } from './posts.module';
import { PostsRouter } from './posts.router';
import { PostsService } from './posts.service';

const postsTrpc = trpcHttp<PostsRouter['router']>('posts');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);

describe('posts: old slugs lead to the current one, reserved slugs are refused (REST and tRPC)', () => {
  const t = useTestApp([PostsModule], { trpc: (nest) => ({ posts: nest.get(PostsRouter).router }), signIn: true });
  const service = () => t.app.get(PostsService);
  let travel: CategoryEntity;

  const posts = () => t.database.dataSource.getRepository(PostEntity);
  const history = () => t.database.dataSource.getRepository(SlugHistoryEntity);
  const body = (slug: string, changes: Record<string, unknown> = {}) => ({
    category_id: travel.id,
    title: 'A slow week in Hội An',
    slug,
    content: '<p>Lanterns.</p>',
    short_content: '<p>Lanterns.</p>',
    meta_title: 'Hội An',
    status: 0 as const,
    ...changes,
  });

  /** The two doors of a rename: `PUT /api/posts/{id}` and tRPC `posts.update`. */
  const doors = {
    rest: (id: number, slug: string, changes?: Record<string, unknown>) =>
      t.admin.put(`/api/posts/${id}`).send(body(slug, changes)).expect(200),
    trpc: (id: number, slug: string, changes?: Record<string, unknown>) =>
      postsTrpc.mutation(t.admin, 'update', { id, ...body(slug, changes) }).expect(200),
  };
  const rename = (door: keyof typeof doors, post: { id: number }, slug: string, changes?: Record<string, unknown>) =>
    doors[door](post.id, slug, changes);

  /** tRPC `posts.redirect` as the web calls it: a public GET. */
  const redirect = (slug: string) => postsTrpc.query(t.anonymous, 'redirect', { slug });
  /** Where `slug` leads through the service and through tRPC, which must agree. */
  const leadsTo = (slug: string) =>
    expectSlugRedirect(
      t.anonymous,
      'posts.redirect',
      async (old) => (await service().resolvePostSlug(old))?.slug ?? null,
      slug,
    );

  beforeAll(async () => {
    travel = await createCategory(t.database, { slug: 'travel', name: 'Travel' });
  });

  describe.each(['rest', 'trpc'] as const)('renamed through %s', (door) => {
    it('the old slug leads to the new one; the new one needs no redirect', async () => {
      const post = await createPost(t.database, travel, { slug: `${door}-first` });
      await rename(door, post, `${door}-second`);
      expect(await leadsTo(`${door}-first`)).toBe(`${door}-second`);
      expect(await leadsTo(`${door}-second`)).toBeNull();
      // The public page of the old slug is a 404 (the page server then asks for the redirect).
      await t.anonymous.get(`/api/homeData/${door}-first`).expect(404);
    });

    it('renamed twice, both old slugs lead to the last one (A → B → C)', async () => {
      const post = await createPost(t.database, travel, { slug: `${door}-chain-a` });
      await rename(door, post, `${door}-chain-b`);
      await rename(door === 'rest' ? 'trpc' : 'rest', post, `${door}-chain-c`);
      expect(await leadsTo(`${door}-chain-a`)).toBe(`${door}-chain-c`);
      expect(await leadsTo(`${door}-chain-b`)).toBe(`${door}-chain-c`);
    });

    it('renamed back, no history row points at the slug the post has again', async () => {
      const post = await createPost(t.database, travel, { slug: `${door}-back-a` });
      await rename(door, post, `${door}-back-b`);
      await rename(door, post, `${door}-back-a`);
      expect(await leadsTo(`${door}-back-a`)).toBeNull();
      expect(await leadsTo(`${door}-back-b`)).toBe(`${door}-back-a`);
      expect((await history().findBy({ post_id: post.id })).map((row) => row.slug)).toEqual([`${door}-back-b`]);
      // And forth again: still one row per old slug.
      await rename(door, post, `${door}-back-b`);
      expect(await leadsTo(`${door}-back-a`)).toBe(`${door}-back-b`);
      expect((await history().findBy({ post_id: post.id })).map((row) => row.slug)).toEqual([`${door}-back-a`]);
    });

    it('a save that keeps the slug records nothing', async () => {
      const post = await createPost(t.database, travel, { slug: `${door}-same` });
      await rename(door, post, `${door}-same`, { title: 'New title' });
      expect(await history().countBy({ post_id: post.id })).toBe(0);
    });

    it("a trashed post's old slugs lead nowhere; deleting it for good deletes its history", async () => {
      const post = await createPost(t.database, travel, { slug: `${door}-doomed-a` });
      await rename(door, post, `${door}-doomed-b`);
      await rename(door, post, `${door}-doomed-c`);
      expect(await history().countBy({ post_id: post.id })).toBe(2);
      if (door === 'rest') await t.admin.delete(`/api/posts/${post.id}`).expect(200);
      else await postsTrpc.mutation(t.admin, 'delete', { id: post.id }).expect(200);
      // In the trash: kept for a restore, but leading nowhere.
      expect(await history().countBy({ post_id: post.id })).toBe(2);
      expect(await leadsTo(`${door}-doomed-a`)).toBeNull();
      expect(await leadsTo(`${door}-doomed-b`)).toBeNull();
      await t.database.dataSource.query('DELETE FROM posts WHERE id = $1', [post.id]);
      expect(await history().countBy({ post_id: post.id })).toBe(0);
    });

    it('a hidden post stays a 404: its old slugs lead nowhere until it is visible again', async () => {
      const post = await createPost(t.database, travel, { slug: `${door}-shy-a` });
      await rename(door, post, `${door}-shy-b`, { status: POST_STATUS.hidden });
      expect(await leadsTo(`${door}-shy-a`)).toBeNull();
      await rename(door, post, `${door}-shy-b`, { status: POST_STATUS.visible });
      expect(await leadsTo(`${door}-shy-a`)).toBe(`${door}-shy-b`);
      await rename(door, post, `${door}-shy-c`, { status: '1' });
      expect(await leadsTo(`${door}-shy-a`)).toBeNull();
      expect(await leadsTo(`${door}-shy-b`)).toBeNull();
    });

    it.each(RESERVED_POST_SLUGS.filter((slug) => !slug.includes('.')))(
      'refuses the reserved slug %p with a 400 naming slug, on create and update',
      async (slug) => {
        const post = await createPost(t.database, travel);
        const before = await posts().count();
        const created =
          door === 'rest'
            ? (await t.admin.post('/api/posts').send(body(slug)).expect(400)).body.errors
            : (await postsTrpc.mutation(t.admin, 'create', body(slug)).expect(400)).body.error.data.fieldErrors;
        expect(fieldsOf(created)).toEqual(['slug']);
        const updated =
          door === 'rest'
            ? (await t.admin.put(`/api/posts/${post.id}`).send(body(slug)).expect(400)).body.errors
            : (await postsTrpc.mutation(t.admin, 'update', { id: post.id, ...body(slug) }).expect(400)).body.error.data
                .fieldErrors;
        expect(updated).toEqual([{ field: 'slug', message: expect.stringContaining('page of the site') }]);
        expect(await posts().count()).toBe(before);
        expect(await posts().findOneByOrFail({ id: post.id })).toMatchObject({ slug: post.slug });
        expect(await history().countBy({ post_id: post.id })).toBe(0);
      },
    );
  });

  it('moves a post that held a route before it became one (portfolio, services) to a free slug, the old one answering 301', async () => {
    const migration = migrations.find((each) => each.name === 'PortfolioRoutes1764880000000');
    const held = await createPost(t.database, travel, { slug: 'portfolio' });
    const services = await createPost(t.database, travel, { slug: 'services', status: POST_STATUS.visible });
    await createPost(t.database, travel, { slug: 'portfolio-2' });
    const runner = t.database.dataSource.createQueryRunner();
    try {
      await new migration!().up(runner);
    } finally {
      await runner.release();
    }
    expect(await posts().findOneByOrFail({ id: held.id })).toMatchObject({ slug: 'portfolio-3' });
    expect(await posts().findOneByOrFail({ id: services.id })).toMatchObject({ slug: 'services-2' });
    expect(await leadsTo('portfolio')).toBe('portfolio-3');
    expect(await leadsTo('services')).toBe('services-2');
  });

  it('refuses the root files too (rss.xml, sitemap.xml, robots.txt, favicon.ico), naming slug once', async () => {
    for (const slug of ['rss.xml', 'sitemap.xml', 'robots.txt', 'favicon.ico']) {
      expect(fieldsOf((await t.admin.post('/api/posts').send(body(slug)).expect(400)).body.errors)).toEqual(['slug']);
      expect(
        fieldsOf((await postsTrpc.mutation(t.admin, 'create', body(slug)).expect(400)).body.error.data.fieldErrors),
      ).toEqual(['slug']);
    }
  });

  it('accepts slugs that only start like a reserved one', async () => {
    for (const slug of ['about-hoi-an', 'search-engine-optimization', 'admin-tips']) {
      await t.admin.post('/api/posts').send(body(slug)).expect(200);
    }
  });

  describe('a live post always wins over history', () => {
    it('a new post that takes an old slug answers itself; renamed away, the old slug now leads to it', async () => {
      const first = await createPost(t.database, travel, { slug: 'taken-over' });
      await rename('rest', first, 'first-now');
      expect(await leadsTo('taken-over')).toBe('first-now');

      const second = (await t.admin.post('/api/posts').send(body('taken-over')).expect(200)).body as { id: number };
      expect(await leadsTo('taken-over')).toBeNull();
      await t.anonymous.get('/api/homeData/taken-over').expect(200);

      await rename('trpc', second, 'second-now');
      expect(await leadsTo('taken-over')).toBe('second-now');
      expect(await history().findOneByOrFail({ slug: 'taken-over' })).toMatchObject({
        post_id: second.id,
        category_id: null,
      });
    });

    it('a hidden post with the slug keeps it a 404 rather than a redirect to another post', async () => {
      const moved = await createPost(t.database, travel, { slug: 'draft-spot' });
      await rename('rest', moved, 'moved-elsewhere');
      await createPost(t.database, travel, { slug: 'draft-spot', status: POST_STATUS.hidden });
      expect(await leadsTo('draft-spot')).toBeNull();
    });
  });

  it('posts.redirect answers 404 for a slug no post ever had, 400 for a blank one, to anyone', async () => {
    expect(await leadsTo('never-was')).toBeNull();
    const blank = await redirect('  ').expect(400);
    expect(fieldsOf(blank.body.error.data.fieldErrors)).toEqual(['slug']);
  });
});
