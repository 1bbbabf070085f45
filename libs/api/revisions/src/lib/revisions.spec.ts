import request from 'supertest';
import { z } from 'zod';
import {
  aboutRevisionSchema,
  postRevisionSchema,
  projectRevisionSchema,
  RETENTION,
  revisionSummarySchema,
  SITE_TIME_ZONE,
} from '@blog/contracts';
import {
  AboutEntity,
  PostEntity,
  ProjectEntity,
  RevisionEntity,
  UserEntity,
  type CategoryEntity,
} from '@blog/api/data';
import {
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

const revisionsTrpc = trpcHttp<RevisionsRouter['router']>('revisions');

describe('revisions of posts and the About page: the admin-only reads and the thinning', () => {
  const t = useTestApp([testJobsModule(), RevisionsModule], {
    trpc: (nest) => ({ revisions: nest.get(RevisionsRouter).router }),
    signIn: true,
  });
  let travel: CategoryEntity;
  let admin: UserEntity;

  const revisionRows = (postId: number) =>
    t.database.dataSource.getRepository(RevisionEntity).find({ where: { post_id: postId }, order: { id: 'ASC' } });
  const newPost = (slug: string) => createPost(t.database, travel, { slug, title: `Title ${slug}` });
  /** A revision as a save keeps it (`keepRevision`), replaced at `replacedAt`. */
  async function insertRevision(
    owner: 'post_id' | 'about_id' | 'project_id',
    id: number,
    version: number,
    fields: Record<string, unknown>,
    replacedAt = new Date(),
    via = 'rest',
  ): Promise<number> {
    const [row] = await t.database.dataSource.query(
      `INSERT INTO revisions (${owner}, version, fields, saved_at, saved_by, saved_via, saved_session, replaced_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'Firefox 140 on Android', $4) RETURNING id`,
      [id, version, JSON.stringify(fields), replacedAt, admin.id, via],
    );
    return row.id;
  }
  const postFields = (post: PostEntity, title: string) => ({
    title,
    slug: post.slug,
    category_id: post.category_id,
    content: '<p>Older words.</p>',
    short_content: '',
    thumbnail: 'older.webp',
    thumbnail_alt: 'Older alt',
    meta_title: '',
    meta_description: '',
    meta_keywords: '',
    status: 0,
    published_at: '2024-01-05T12:00:00.000Z',
    color: null,
    price: null,
  });

  beforeAll(async () => {
    travel = await createCategory(t.database, { slug: 'travel', name: 'Travel' });
    admin = await t.database.dataSource.getRepository(UserEntity).findOneByOrFail({ email: 'admin@example.com' });
  });

  describe('revision reads', () => {
    let post: PostEntity;
    let revisionId: number;

    beforeAll(async () => {
      post = await newPost('revision-reads');
      revisionId = await insertRevision(
        'post_id',
        post.id,
        1,
        postFields(post, 'First'),
        new Date(Date.now() - 60_000),
      );
      await insertRevision('post_id', post.id, 2, postFields(post, 'Second'), new Date(), 'trpc');
    });

    it('lists the revisions newest first with who saved them, and one with every field, on both doors', async () => {
      const res = await t.admin.get(`/api/posts/${post.id}/revisions`).expect(200);
      const list = z.array(revisionSummarySchema.strict()).parse(res.body);
      expect(list.map((revision) => [revision.version, revision.saved.via])).toEqual([
        [2, 'trpc'],
        [1, 'rest'],
      ]);
      expect(list[0].saved).toEqual({
        at: expect.any(String),
        user_id: admin.id,
        user_name: 'Admin',
        via: 'trpc',
        session: 'Firefox 140 on Android',
      });
      const viaTrpc = await revisionsTrpc.query(t.admin, 'list', { record: 'post', id: post.id }).expect(200);
      expect(viaTrpc.body.result.data).toEqual(res.body);

      const one = await t.admin.get(`/api/posts/${post.id}/revisions/${revisionId}`).expect(200);
      expect(postRevisionSchema.strict().parse(one.body)).toMatchObject({
        id: revisionId,
        version: 1,
        fields: postFields(post, 'First'),
      });
      const oneViaTrpc = await revisionsTrpc
        .query(t.admin, 'get', { record: 'post', id: post.id, revision_id: revisionId })
        .expect(200);
      expect(oneViaTrpc.body.result.data).toEqual(one.body);
    });

    it('reads the About revisions the same way', async () => {
      const about = await t.database.dataSource.getRepository(AboutEntity).save({ content: '<p>Now</p>' });
      const id = await insertRevision('about_id', about.id, 1, { content: '<p>Before</p>' });
      const list = (await t.admin.get(`/api/about/${about.id}/revisions`).expect(200)).body;
      expect(
        z
          .array(revisionSummarySchema.strict())
          .parse(list)
          .map((revision) => revision.id),
      ).toEqual([id]);
      const one = await t.admin.get(`/api/about/${about.id}/revisions/${id}`).expect(200);
      expect(aboutRevisionSchema.strict().parse(one.body).fields).toEqual({ content: '<p>Before</p>' });
      const viaTrpc = await revisionsTrpc
        .query(t.admin, 'get', { record: 'about', id: about.id, revision_id: id })
        .expect(200);
      expect(viaTrpc.body.result.data).toEqual(one.body);
    });
    it("reads a project's revisions the same way, a trashed project's too, admin only", async () => {
      const projects = t.database.dataSource.getRepository(ProjectEntity);
      const project = await projects.save(projects.create({ title: 'Now', slug: 'revision-project', year_from: 2024 }));
      const fields = {
        title: 'Before',
        slug: 'revision-project',
        client_name: 'Nhà Sàn',
        client_url: null,
        year_from: 2024,
        year_to: null,
        role: 'Developer',
        team_size: null,
        stack: ['react'],
        live_url: null,
        source_url: null,
        summary: '',
        cover: null,
        cover_alt: '',
        gallery: [],
        problem: '<p>Slow</p>',
        approach: '',
        outcome: '',
        results: [{ label: 'Bookings', value: '+38 %' }],
        related_post_ids: [],
        service_ids: [],
        featured: false,
        sort_order: 0,
        meta_title: '',
        meta_description: '',
        status: 0,
        published_at: '2024-01-05T12:00:00.000Z',
      };
      const id = await insertRevision('project_id', project.id, 1, fields);
      await projects.update({ id: project.id }, { deleted_at: new Date() });
      const list = await t.admin.get(`/api/admin/projects/${project.id}/revisions`).expect(200);
      expect(
        z
          .array(revisionSummarySchema.strict())
          .parse(list.body)
          .map((revision) => revision.id),
      ).toEqual([id]);
      const viaTrpc = await revisionsTrpc.query(t.admin, 'list', { record: 'project', id: project.id }).expect(200);
      expect(viaTrpc.body.result.data).toEqual(list.body);
      const one = await t.admin.get(`/api/admin/projects/${project.id}/revisions/${id}`).expect(200);
      expect(projectRevisionSchema.strict().parse(one.body).fields).toEqual(fields);
      await t.admin.get('/api/admin/projects/999999/revisions').expect(404);
      await expectAdminOnly(
        'GET /api/admin/projects/:id/revisions/:rid',
        (agent) => agent.get(`/api/admin/projects/${project.id}/revisions/${id}`),
        t,
      );
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
        expect(JSON.stringify([anonymous.body, reader.body])).not.toContain('Older words');
      }
    });
  });

  describe('thinning (the revisions.thin job)', () => {
    const DAY_MS = 86_400_000;

    it('keeps every recent revision, the last of each older day (site time zone), at most the maximum', async () => {
      const post = await newPost('thinning');
      const insert = (replacedAt: Date, version: number) => insertRevision('post_id', post.id, version, {}, replacedAt);
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
