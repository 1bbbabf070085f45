import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { z } from 'zod';
import {
  aboutRevisionSchema,
  adminPostSchema,
  aboutSchema,
  changeAuthorSchema,
  postRevisionSchema,
  RETENTION,
  revisionSummarySchema,
  SITE_TIME_ZONE,
  versionConflictSchema,
} from '@blog/contracts';
import { AboutEntity, PostEntity, RevisionEntity, type CategoryEntity } from '@blog/api/data';
import {
  agentSignedInAs,
  createCategory,
  createPost,
  expectAdminOnly,
  testJobsModule,
  trpcHttp,
  useTestApp,
  type TestAgent as Agent,
} from '@blog/api/testing';
import { PostsModule } from './posts.module';
import { PostsRouter } from './posts.router';
import { TrashModule } from './trash/trash.module';

const postsTrpc = trpcHttp<PostsRouter['router']>('posts');
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0';
const conflictBodySchema = versionConflictSchema(adminPostSchema).extend({
  statusCode: z.literal(412),
  error: z.literal('Precondition Failed'),
  message: z.string(),
});

describe('versions of posts: ETag, If-Match / 412, tRPC CONFLICT, and the revisions their saves keep', () => {
  const trpc = (nest: INestApplication) => ({ posts: nest.get(PostsRouter).router });
  const t = useTestApp([testJobsModule(), PostsModule, TrashModule], {
    trpc,
    signIn: true,
  });
  let travel: CategoryEntity;
  let poems: CategoryEntity;

  const posts = () => t.database.dataSource.getRepository(PostEntity);
  const revisionRows = (postId: number) =>
    t.database.dataSource.getRepository(RevisionEntity).find({ where: { post_id: postId }, order: { id: 'ASC' } });
  /** A full body of `PUT /api/posts/{id}`, as the spec's client sends it. */
  const body = (post: PostEntity, changes: Record<string, unknown> = {}) => ({
    category_id: post.category_id,
    title: post.title,
    slug: post.slug,
    content: post.content,
    short_content: post.short_content,
    thumbnail: post.thumbnail,
    meta_title: post.meta_title,
    meta_description: post.meta_description,
    meta_keywords: post.meta_keywords,
    status: post.status,
    ...changes,
  });
  const newPost = (slug: string) =>
    createPost(t.database, travel, {
      slug,
      title: `Title ${slug}`,
      content: '<p>First words.</p>',
      thumbnail: 'first.webp',
      thumbnail_alt: 'First alt',
      color: 'Blue',
      price: 'Free',
    });

  beforeAll(async () => {
    travel = await createCategory(t.database, { slug: 'travel', name: 'Travel' });
    poems = await createCategory(t.database, { slug: 'poems', name: 'Poems' });
  });

  describe('REST: ETag and If-Match', () => {
    it('answers ETag "v<version>" with the post, and version in the read on both doors', async () => {
      const post = await newPost('etag-read');
      const res = await t.admin.get(`/api/posts/${post.id}`).expect(200);
      expect(res.headers['etag']).toBe('"v1"');
      expect(adminPostSchema.strict().parse(res.body).version).toBe(1);
      const viaTrpc = await postsTrpc.query(t.admin, 'adminById', { id: post.id }).expect(200);
      expect(viaTrpc.body.result.data.version).toBe(1);
      const list = await t.admin.get('/api/posts').expect(200);
      expect(list.body.find((row: { id: number }) => row.id === post.id).version).toBe(1);
    });

    it('saves with a matching If-Match (200, version bumped, new ETag), keeping the replaced version', async () => {
      const post = await newPost('if-match-ok');
      await t.admin
        .put(`/api/posts/${post.id}`)
        .set('If-Match', '"v1"')
        .set('User-Agent', FIREFOX_ANDROID)
        .send(body(post, { title: 'Second title' }))
        .expect(200, { status: 200, id: post.id });
      const res = await t.admin.get(`/api/posts/${post.id}`).expect(200);
      expect(res.headers['etag']).toBe('"v2"');
      expect(res.body).toMatchObject({ version: 2, title: 'Second title' });
      const row = await posts().findOneByOrFail({ id: post.id });
      expect(row).toMatchObject({ version: 2, updated_via: 'rest', updated_by: expect.any(Number) });
      // The session's device, as the Active sessions list names it.
      expect(row.updated_session).toEqual(expect.any(String));
      const [revision] = await revisionRows(post.id);
      expect(revision).toMatchObject({ version: 1, saved_via: 'rest', saved_by: null });
      expect(postRevisionSchema.shape.fields.strict().parse(revision.fields)).toEqual({
        language: 'en',
        title: 'Title if-match-ok',
        slug: 'if-match-ok',
        category_id: travel.id,
        content: '<p>First words.</p>',
        short_content: post.short_content,
        thumbnail: 'first.webp',
        thumbnail_alt: 'First alt',
        meta_title: post.meta_title,
        meta_description: post.meta_description,
        meta_keywords: post.meta_keywords,
        status: 0,
        published_at: post.published_at?.toISOString() ?? null,
        color: 'Blue',
        price: 'Free',
      });
    });

    it('refuses a stale If-Match with 412, the post now and who changed it, and writes nothing', async () => {
      const post = await newPost('if-match-stale');
      await t.admin
        .put(`/api/posts/${post.id}`)
        .set('If-Match', '"v1"')
        .send(body(post, { title: 'Saved in the other tab' }))
        .expect(200);
      const before = await posts().findOneByOrFail({ id: post.id });
      const res = await t.admin
        .put(`/api/posts/${post.id}`)
        .set('If-Match', '"v1"')
        .send(body(post, { title: 'Typed in this tab', category_id: poems.id }))
        .expect(412);
      const conflict = conflictBodySchema.parse(res.body);
      expect(res.headers['etag']).toBe('"v2"');
      expect(conflict.message).toMatch(/changed since you opened it/);
      expect(conflict.current).toEqual((await t.admin.get(`/api/posts/${post.id}`).expect(200)).body);
      expect(conflict.current).toMatchObject({ title: 'Saved in the other tab', version: 2 });
      expect(changeAuthorSchema.strict().parse(conflict.changed)).toMatchObject({
        user_name: 'Admin',
        via: 'rest',
        at: before.updated_at.toISOString(),
      });
      // Nothing written: the row and the revisions as they were.
      expect(await posts().findOneByOrFail({ id: post.id })).toEqual(before);
      expect(await revisionRows(post.id)).toHaveLength(1);
    });

    it('answers 412 for an If-Match that names no version of ours; * saves over any version', async () => {
      const post = await newPost('if-match-malformed');
      for (const header of ['v1', '"1"', 'W/"v1"', '"v0"', '"v99999999999"', 'garbage']) {
        const res = await t.admin.put(`/api/posts/${post.id}`).set('If-Match', header).send(body(post)).expect(412);
        expect(res.body).toMatchObject({ statusCode: 412, current: { id: post.id, version: 1 } });
      }
      expect((await posts().findOneByOrFail({ id: post.id })).version).toBe(1);
      await t.admin
        .put(`/api/posts/${post.id}`)
        .set('If-Match', '*')
        .send(body(post, { title: 'Any' }))
        .expect(200);
      // An unknown post stays a 404, whatever If-Match says.
      await t.admin.put('/api/posts/999999').set('If-Match', '"v1"').send(body(post)).expect(404);
    });

    it("without If-Match (the spec's client) overwrites any version, bumps it and keeps what it overwrote", async () => {
      const post = await newPost('no-if-match');
      await t.admin
        .put(`/api/posts/${post.id}`)
        .send(body(post, { title: 'One' }))
        .expect(200);
      await t.admin
        .put(`/api/posts/${post.id}`)
        .send(body(post, { title: 'Two' }))
        .expect(200);
      expect(await posts().findOneByOrFail({ id: post.id })).toMatchObject({ title: 'Two', version: 3 });
      const rows = await revisionRows(post.id);
      expect(rows.map((row) => [row.version, row.fields['title']])).toEqual([
        [1, 'Title no-if-match'],
        [2, 'One'],
      ]);
    });

    it('keeps the language of the version a change of language replaced, with its category and slug', async () => {
      const duLich = await createCategory(t.database, { slug: 'du-lich-versions', name: 'Du lịch', language: 'vi' });
      const post = await newPost('language-change');
      await t.admin
        .put(`/api/posts/${post.id}`)
        .send(body(post, { language: 'vi', category_id: duLich.id }))
        .expect(200);
      const [revision] = await revisionRows(post.id);
      expect(revision.fields).toMatchObject({ language: 'en', category_id: travel.id, slug: 'language-change' });
    });

    it('keeps no revision for a save that changed nothing (the version is bumped all the same)', async () => {
      const post = await newPost('no-change');
      await t.admin.put(`/api/posts/${post.id}`).send(body(post)).expect(200);
      expect(await posts().findOneByOrFail({ id: post.id })).toMatchObject({ version: 2 });
      expect(await revisionRows(post.id)).toEqual([]);
    });
  });

  describe('tRPC: version and CONFLICT', () => {
    it('saves with the version it started from; a stale one is CONFLICT with data.conflict, nothing written', async () => {
      const post = await newPost('trpc-version');
      await postsTrpc
        .mutation(t.admin, 'update', { id: post.id, version: 1, ...body(post, { title: 'From tRPC' }) })
        .expect(200);
      const row = await posts().findOneByOrFail({ id: post.id });
      expect(row).toMatchObject({ version: 2, updated_via: 'trpc' });
      const res = await postsTrpc
        .mutation(t.admin, 'update', { id: post.id, version: 1, ...body(post, { title: 'Stale' }) })
        .expect(409);
      expect(res.body.error.data.code).toBe('CONFLICT');
      const conflict = versionConflictSchema(adminPostSchema.strict()).parse(res.body.error.data.conflict);
      expect(conflict.current).toMatchObject({ title: 'From tRPC', version: 2 });
      expect(conflict.changed).toMatchObject({ via: 'trpc', user_name: 'Admin' });
      expect(await posts().findOneByOrFail({ id: post.id })).toEqual(row);
      // Without a version: over whatever is there.
      await postsTrpc.mutation(t.admin, 'update', { id: post.id, ...body(post, { title: 'Over' }) }).expect(200);
      expect((await revisionRows(post.id)).map((revision) => revision.saved_via)).toEqual(['rest', 'trpc']);
    });

    it('tells who saved the newer version, from which browser and system, and when: the same owner in another browser too', async () => {
      const post = await newPost('conflict-who');
      // The owner's other window: its own session, signed in from Chrome on Linux.
      const otherWindow = await agentSignedInAs(t.app, t.adminUser);
      await postsTrpc
        .mutation(otherWindow, 'update', { id: post.id, version: 1, ...body(post, { title: 'From the other window' }) })
        .set('User-Agent', CHROME_LINUX)
        .expect(200);
      const saved = await posts().findOneByOrFail({ id: post.id });
      const expected = {
        user_id: t.adminUser.id,
        user_name: 'Admin',
        via: 'trpc',
        session: 'Chrome 140 on Linux',
        at: saved.updated_at.toISOString(),
      };

      const viaTrpc = await postsTrpc
        .mutation(t.admin, 'update', { id: post.id, version: 1, ...body(post, { title: 'From this window' }) })
        .expect(409);
      expect(changeAuthorSchema.strict().parse(viaTrpc.body.error.data.conflict.changed)).toEqual(expected);
      const viaRest = await t.admin
        .put(`/api/posts/${post.id}`)
        .set('If-Match', '"v1"')
        .send(body(post, { title: 'From this window' }))
        .expect(412);
      expect(conflictBodySchema.parse(viaRest.body).changed).toEqual(expected);
    });

    it('refuses a version that is not a whole number of at least 1 with 400 naming version', async () => {
      const post = await newPost('trpc-bad-version');
      for (const version of [0, -1, 1.5, '1']) {
        const res = await postsTrpc
          .mutation(t.admin, 'update', { id: post.id, ...body(post), version: version as number })
          .expect(400);
        expect(res.body.error.data.fieldErrors.map((error: { field: string }) => error.field)).toEqual(['version']);
      }
    });
  });

  describe('two saves racing on one version, on two app instances', () => {
    it('writes exactly one; the other is refused (412 on REST, CONFLICT on tRPC)', async () => {
      const other = await t.appWith({ signIn: true, trpc });
      const otherAdmin = await agentSignedInAs(other, 'admin@example.com');
      for (let round = 0; round < 3; round += 1) {
        const post = await newPost(`race-${round}`);
        const [rest, trpc] = await Promise.all([
          t.admin
            .put(`/api/posts/${post.id}`)
            .set('If-Match', '"v1"')
            .send(body(post, { title: 'From instance one', content: '<p>One</p>' })),
          postsTrpc.mutation(otherAdmin, 'update', {
            id: post.id,
            version: 1,
            ...body(post, { title: 'From instance two', content: '<p>Two</p>' }),
          }),
        ]);
        expect([rest.status, trpc.status].sort()).toEqual([200, rest.status === 200 ? 409 : 412]);
        const row = await posts().findOneByOrFail({ id: post.id });
        // Nothing half-written: the winner's title with the winner's content, one revision of version 1.
        const winner = rest.status === 200 ? 'one' : 'two';
        expect(row).toMatchObject({
          version: 2,
          title: `From instance ${winner}`,
          content: winner === 'one' ? '<p>One</p>' : '<p>Two</p>',
        });
        expect((await revisionRows(post.id)).map((revision) => revision.version)).toEqual([1]);
      }
    });
  });

  describe('the trash', () => {
    it('keeps the revisions of a trashed post, and deletes them with the post deleted forever', async () => {
      const post = await newPost('trashed-revisions');
      await t.admin
        .put(`/api/posts/${post.id}`)
        .send(body(post, { title: 'Second' }))
        .expect(200);
      await t.admin.delete(`/api/posts/${post.id}`).expect(200);
      expect(await revisionRows(post.id)).toHaveLength(1);
      await t.admin.delete(`/api/trash/posts/${post.id}`).expect(200);
      expect(await revisionRows(post.id)).toEqual([]);
    });
  });
});
