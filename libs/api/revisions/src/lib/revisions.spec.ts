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
import { AboutModule, AboutRouter } from '@blog/api/about';
import { PostsModule, PostsRouter, TrashModule } from '@blog/api/posts';
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
import { RevisionsModule } from './revisions.module';
import { RevisionsRouter } from './revisions.router';
import { RevisionsService } from './revisions.service';

const postsTrpc = trpcHttp<PostsRouter['router']>('posts');
const aboutTrpc = trpcHttp<AboutRouter['router']>('about');
const revisionsTrpc = trpcHttp<RevisionsRouter['router']>('revisions');
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0';
const conflictBodySchema = versionConflictSchema(adminPostSchema).extend({
  statusCode: z.literal(412),
  error: z.literal('Precondition Failed'),
  message: z.string(),
});

describe('versions, If-Match / 412 / CONFLICT and revisions of posts and the About page', () => {
  const trpc = (nest: INestApplication) => ({
    posts: nest.get(PostsRouter).router,
    about: nest.get(AboutRouter).router,
    revisions: nest.get(RevisionsRouter).router,
  });
  const t = useTestApp([testJobsModule(), PostsModule, TrashModule, AboutModule, RevisionsModule], {
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

  describe('the About page', () => {
    let about: AboutEntity;

    beforeAll(async () => {
      about = await t.database.dataSource.getRepository(AboutEntity).save({ content: '<p>Hello</p>' });
    });

    it('answers its version and ETag, saves with If-Match or version, refuses a stale one, keeps revisions', async () => {
      const read = await t.admin.get('/api/about').expect(200);
      expect(read.headers['etag']).toBe('"v1"');
      expect(z.array(aboutSchema.strict()).parse(read.body)).toEqual([
        { id: about.id, content: '<p>Hello</p>', version: 1 },
      ]);
      await t.admin
        .put(`/api/about/${about.id}`)
        .set('If-Match', '"v1"')
        .send({ content: '<p>Hello again</p>' })
        .expect(200);
      const stale = await t.admin
        .put(`/api/about/${about.id}`)
        .set('If-Match', '"v1"')
        .send({ content: '<p>Stale</p>' })
        .expect(412);
      expect(versionConflictSchema(aboutSchema.strict()).parse(stale.body)).toMatchObject({
        current: { id: about.id, content: '<p>Hello again</p>', version: 2 },
        changed: { via: 'rest', user_name: 'Admin' },
      });
      await t.admin.put(`/api/about/${about.id}`).set('If-Match', 'nonsense').send({ content: '<p>x</p>' }).expect(412);
      const conflict = await aboutTrpc
        .mutation(t.admin, 'update', { id: about.id, version: 1, content: '<p>Stale</p>' })
        .expect(409);
      expect(conflict.body.error.data.conflict.current).toEqual({
        id: about.id,
        content: '<p>Hello again</p>',
        version: 2,
      });
      await aboutTrpc.mutation(t.admin, 'update', { id: about.id, version: 2, content: '<p>Third</p>' }).expect(200);
      // Without If-Match, as the spec's client saves.
      await t.admin.put(`/api/about/${about.id}`).send({ content: '<p>Fourth</p>' }).expect(200);

      const list = z
        .array(revisionSummarySchema.strict())
        .parse((await t.admin.get(`/api/about/${about.id}/revisions`).expect(200)).body);
      expect(list.map((revision) => [revision.version, revision.saved.via])).toEqual([
        [3, 'trpc'],
        [2, 'rest'],
        [1, 'rest'],
      ]);
      const one = aboutRevisionSchema
        .strict()
        .parse((await t.admin.get(`/api/about/${about.id}/revisions/${list[1].id}`).expect(200)).body);
      expect(one.fields).toEqual({ content: '<p>Hello again</p>' });
      expect(one.saved).toMatchObject({ user_name: 'Admin', via: 'rest' });
      const viaTrpc = await revisionsTrpc
        .query(t.admin, 'get', { record: 'about', id: about.id, revision_id: list[1].id })
        .expect(200);
      expect(viaTrpc.body.result.data).toEqual(one);
      expect(
        (await revisionsTrpc.query(t.admin, 'list', { record: 'about', id: about.id }).expect(200)).body.result.data,
      ).toEqual(list);
    });
  });

  describe('revision reads', () => {
    let post: PostEntity;
    let revisionId: number;

    beforeAll(async () => {
      post = await newPost('revision-reads');
      await t.admin
        .put(`/api/posts/${post.id}`)
        .send(body(post, { title: 'Second' }))
        .expect(200);
      await postsTrpc.mutation(t.admin, 'update', { id: post.id, ...body(post, { title: 'Third' }) }).expect(200);
      revisionId = (await revisionRows(post.id))[0].id;
    });

    it('lists the revisions newest first with who saved them, and one with every field, on both doors', async () => {
      const res = await t.admin.get(`/api/posts/${post.id}/revisions`).expect(200);
      const list = z.array(revisionSummarySchema.strict()).parse(res.body);
      expect(list.map((revision) => [revision.version, revision.saved.via])).toEqual([
        [2, 'rest'],
        [1, 'rest'],
      ]);
      expect(list[0].saved).toMatchObject({ user_name: 'Admin', user_id: expect.any(Number) });
      expect(new Date(list[0].replaced_at).getTime()).toBeGreaterThanOrEqual(new Date(list[1].replaced_at).getTime());
      const viaTrpc = await revisionsTrpc.query(t.admin, 'list', { record: 'post', id: post.id }).expect(200);
      expect(viaTrpc.body.result.data).toEqual(res.body);

      const one = await t.admin.get(`/api/posts/${post.id}/revisions/${revisionId}`).expect(200);
      expect(postRevisionSchema.strict().parse(one.body)).toMatchObject({
        id: revisionId,
        version: 1,
        fields: { title: 'Title revision-reads', color: 'Blue', thumbnail: 'first.webp' },
      });
      const oneViaTrpc = await revisionsTrpc
        .query(t.admin, 'get', { record: 'post', id: post.id, revision_id: revisionId })
        .expect(200);
      expect(oneViaTrpc.body.result.data).toEqual(one.body);
    });

    it('answers 404 for an unknown record or a revision of another record, 400 for a bad id', async () => {
      const other = await newPost('revision-other');
      await t.admin.get('/api/posts/999999/revisions').expect(404);
      await t.admin.get(`/api/posts/${other.id}/revisions/${revisionId}`).expect(404);
      await t.admin.get(`/api/posts/${post.id}/revisions/999999`).expect(404);
      await t.admin.get('/api/about/999999/revisions').expect(404);
      await revisionsTrpc.query(t.admin, 'list', { record: 'post', id: 999999 }).expect(404);
      await revisionsTrpc.query(t.admin, 'get', { record: 'about', id: post.id, revision_id: revisionId }).expect(404);
      const bad = await t.admin.get(`/api/posts/${post.id}/revisions/abc`).expect(400);
      expect(bad.body.errors.map((error: { field: string }) => error.field)).toEqual(['revisionId']);
    });

    it('is for administrators only, on both doors', async () => {
      const doors: Array<[string, (agent: Agent) => request.Test]> = [
        ['GET /api/posts/:id/revisions', (agent) => agent.get(`/api/posts/${post.id}/revisions`)],
        ['GET /api/posts/:id/revisions/:rid', (agent) => agent.get(`/api/posts/${post.id}/revisions/${revisionId}`)],
        ['GET /api/about/:id/revisions', (agent) => agent.get('/api/about/1/revisions')],
        ['GET /api/about/:id/revisions/:rid', (agent) => agent.get('/api/about/1/revisions/1')],
        ['tRPC revisions.list', (agent) => revisionsTrpc.query(agent, 'list', { record: 'post', id: post.id })],
        [
          'tRPC revisions.get',
          (agent) => revisionsTrpc.query(agent, 'get', { record: 'post', id: post.id, revision_id: revisionId }),
        ],
      ];
      for (const [door, call] of doors) {
        const { anonymous, reader } = await expectAdminOnly(door, call, t);
        expect(JSON.stringify([anonymous.body, reader.body])).not.toContain('Title revision-reads');
      }
    });

    it('keeps the revisions of a trashed post, and deletes them with the post deleted forever', async () => {
      await t.admin.delete(`/api/posts/${post.id}`).expect(200);
      expect(await revisionRows(post.id)).toHaveLength(2);
      await t.admin.get(`/api/posts/${post.id}/revisions`).expect(200);
      await t.admin.delete(`/api/trash/posts/${post.id}`).expect(200);
      expect(await revisionRows(post.id)).toEqual([]);
    });
  });

  describe(`thinning (the ${'revisions.thin'} job)`, () => {
    const DAY_MS = 86_400_000;

    it('keeps every recent revision, the last of each older day (site time zone), at most the maximum', async () => {
      const post = await newPost('thinning');
      const insert = (replacedAt: Date, version: number) =>
        t.database.dataSource.query(
          `INSERT INTO revisions (post_id, version, fields, saved_at, saved_via, replaced_at)
           VALUES ($1, $2, '{}', $3, 'rest', $3) RETURNING id`,
          [post.id, version, replacedAt],
        );
      const now = Date.now();
      const keepAll = RETENTION.revisionsKeepAllDays;
      // Recent: three the same day, all kept (one just inside the limit).
      await insert(new Date(now - 60_000), 100);
      await insert(new Date(now - 120_000), 99);
      await insert(new Date(now - (keepAll * DAY_MS - 3_600_000)), 98);
      // An old day in Ho Chi Minh City: 2024-03-10 00:30 and 23:30 local (17:30 the day before and 16:30 UTC).
      await insert(new Date('2024-03-09T17:30:00Z'), 10);
      await insert(new Date('2024-03-10T16:30:00Z'), 11);
      // The next local day starts at 17:00 UTC: its only revision is kept.
      await insert(new Date('2024-03-10T17:30:00Z'), 12);
      expect(SITE_TIME_ZONE).toBe('Asia/Ho_Chi_Minh');

      const deleted = await t.app.get(RevisionsService).thin();
      expect(deleted).toBeGreaterThanOrEqual(1);
      const versions = (await revisionRows(post.id)).map((row) => row.version).sort((a, b) => a - b);
      expect(versions).toEqual([11, 12, 98, 99, 100]);
    });

    it(`keeps at most ${RETENTION.revisionsMaxPerRecord} revisions of a record, the newest`, async () => {
      const post = await newPost('thinning-max');
      const count = RETENTION.revisionsMaxPerRecord + 5;
      await t.database.dataSource.query(
        `INSERT INTO revisions (post_id, version, fields, saved_at, saved_via, replaced_at)
         SELECT $1, n, '{}', now(), 'rest', now() - make_interval(mins => $2 - n) FROM generate_series(1, $2) AS n`,
        [post.id, count],
      );
      await t.app.get(RevisionsService).thin();
      const versions = (await revisionRows(post.id)).map((row) => row.version).sort((a, b) => a - b);
      expect(versions).toHaveLength(RETENTION.revisionsMaxPerRecord);
      expect(versions[0]).toBe(6);
    });
  });
});
