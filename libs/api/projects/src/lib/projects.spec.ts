import { randomBytes } from 'node:crypto';
import type request from 'supertest';
import {
  API_TOKEN_PREFIX,
  autosaveSlotOf,
  PROJECT_RESULTS_MAX_COUNT,
  PROJECT_STACK_MAX_COUNT,
  projectRevisionFieldsSchema,
  projectSchema,
  publicProjectSchema,
  type ApiTokenScope,
  type Project,
  type ProjectInput,
} from '@blog/contracts';
import { DomainEvents, secretTokenHash, type DomainEvent } from '@blog/api/core';
import { ProjectEntity, ServiceEntity } from '@blog/api/data';
import {
  createCategory,
  createPost,
  expectAdminOnly,
  invalidInput,
  trpcHttp,
  useTestApp,
  type TestAgent as Agent,
} from '@blog/api/testing';
import { ProjectsModule } from './projects.module';
import { ProjectsRouter } from './projects.router';

const projectsTrpc = trpcHttp<ProjectsRouter['router']>('projects');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);
const HOUR = 60 * 60 * 1000;

const input = (overrides: Partial<ProjectInput> = {}): ProjectInput => ({
  title: 'Homestay Hà Giang',
  year_from: 2024,
  ...overrides,
});

describe('projects (REST and tRPC)', () => {
  const t = useTestApp([ProjectsModule], {
    trpc: (nest) => ({ projects: nest.get(ProjectsRouter).router }),
    signIn: true,
  });
  const events: DomainEvent[] = [];

  const records = () => t.database.dataSource.getRepository(ProjectEntity);
  const stored = (id: number) => records().findOneByOrFail({ id });
  /** Creates through REST as the admin; answers the id. */
  const create = async (overrides: Partial<ProjectInput> = {}) =>
    (await t.admin.post('/api/admin/projects').send(input(overrides)).expect(200)).body.id as number;

  /** Adds a service straight to its table; answers its id. */
  const service = async (slug: string, hidden = false) => {
    const services = t.database.dataSource.getRepository(ServiceEntity);
    return (await services.save(services.create({ name: slug, slug, hidden }))).id;
  };

  beforeAll(() => t.app.get(DomainEvents).subscribe(async (event) => void events.push(event)));
  beforeEach(async () => {
    await t.database.dataSource.query('DELETE FROM projects');
    await t.database.dataSource.query('DELETE FROM services');
    events.length = 0;
  });

  describe('the services a project used (service_ids)', () => {
    it('stores them in the order given on both doors; the public reads name the shown ones only', async () => {
      const [web, rescue, secret] = [await service('web'), await service('rescue'), await service('secret', true)];
      const rest = await t.admin
        .post('/api/admin/projects')
        .send(input({ slug: 'rest', service_ids: [rescue, secret, web, rescue] }))
        .expect(200);
      const trpc = await projectsTrpc
        .mutation(t.admin, 'create', input({ slug: 'trpc', service_ids: [web] }))
        .expect(200);
      expect((await t.admin.get(`/api/admin/projects/${rest.body.id}`).expect(200)).body.service_ids).toEqual([
        rescue,
        secret,
        web,
      ]);
      const byId = await projectsTrpc.query(t.admin, 'adminById', { id: trpc.body.result.data.id }).expect(200);
      expect(byId.body.result.data.service_ids).toEqual([web]);
      expect((await t.anonymous.get('/api/projects/rest').expect(200)).body.service_ids).toEqual([rescue, web]);

      await t.admin
        .put(`/api/admin/projects/${rest.body.id}`)
        .send(input({ slug: 'rest', service_ids: [web] }))
        .expect(200);
      expect((await t.admin.get('/api/admin/projects').expect(200)).body.map((p: Project) => p.service_ids)).toEqual([
        [web],
        [web],
      ]);
    });

    it('answers 400 naming service_ids for a service that does not exist, on create and update, storing nothing', async () => {
      const web = await service('web');
      const id = await create({ slug: 'kept', service_ids: [web] });
      const unknown = input({ slug: 'new', service_ids: [web, web + 1000] });
      const rest = await t.admin.post('/api/admin/projects').send(unknown).expect(400);
      expect(fieldsOf(rest.body.errors)).toEqual(['service_ids']);
      const trpc = await projectsTrpc.mutation(t.admin, 'create', unknown).expect(400);
      expect(fieldsOf(trpc.body.error.data.fieldErrors)).toEqual(['service_ids']);
      const update = await projectsTrpc.mutation(t.admin, 'update', { id, ...unknown }).expect(400);
      expect(fieldsOf(update.body.error.data.fieldErrors)).toEqual(['service_ids']);
      const notIds = await t.admin
        .post('/api/admin/projects')
        .send(input({ service_ids: ['web'] as never }))
        .expect(400);
      expect(fieldsOf(notIds.body.errors)).toEqual(['service_ids.0']);

      expect(await records().find()).toEqual([expect.objectContaining({ id, slug: 'kept', version: 1 })]);
      expect((await t.admin.get(`/api/admin/projects/${id}`).expect(200)).body.service_ids).toEqual([web]);
    });

    it('forgets a service deleted, keeping the project; a deleted project leaves no link behind', async () => {
      const [web, rescue] = [await service('web'), await service('rescue')];
      const id = await create({ service_ids: [web, rescue] });
      await t.database.dataSource.getRepository(ServiceEntity).delete({ id: web });
      expect((await t.admin.get(`/api/admin/projects/${id}`).expect(200)).body.service_ids).toEqual([rescue]);
      await t.database.dataSource.query('DELETE FROM projects');
      expect(await t.database.dataSource.query('SELECT * FROM project_services')).toEqual([]);
    });
  });

  describe('the admin writes', () => {
    it('creates on both doors alike: the slug folded from the Vietnamese title, text trimmed, stack and results normalised', async () => {
      const body = input({
        title: '  Đặt phòng Homestay Hà Giang ',
        client_name: ' Nhà Sàn Hà Giang ',
        client_url: 'https://nhasan.example.vn',
        year_to: 2025,
        role: 'Lead developer',
        team_size: 3,
        stack: [' React ', 'Next.js', 'Tailwind   CSS', 'react', 'NODE.JS'],
        results: [
          { label: ' Page load ', value: '4.1 s  →  0.9 s' },
          { label: 'Bookings', value: '+38 %' },
        ],
        gallery: [{ image: 'room.jpg', alt: ' A room \n with a view ' }],
        problem: '<p>Slow <script>alert(1)</script>pages</p>',
      });
      const rest = await t.admin.post('/api/admin/projects').send(body).expect(200);
      const trpc = await projectsTrpc.mutation(t.admin, 'create', { ...body, slug: 'second-door' }).expect(200);
      const [one, two] = [await stored(rest.body.id), await stored(trpc.body.result.data.id)];
      expect(rest.body).toEqual({ status: 200, id: one.id });

      expect(one).toMatchObject({
        title: 'Đặt phòng Homestay Hà Giang',
        slug: 'dat-phong-homestay-ha-giang',
        client_name: 'Nhà Sàn Hà Giang',
        year_from: 2024,
        year_to: 2025,
        team_size: 3,
        stack: ['react', 'next.js', 'tailwind-css', 'node.js'],
        results: [
          { label: 'Page load', value: '4.1 s → 0.9 s' },
          { label: 'Bookings', value: '+38 %' },
        ],
        gallery: [{ image: 'room.jpg', alt: 'A room with a view' }],
        problem: '<p>Slow pages</p>',
        status: 0,
        version: 1,
        updated_via: 'rest',
      });
      const fields = ({
        id: _id,
        slug: _slug,
        updated_via: _via,
        created_at: _c,
        updated_at: _u,
        published_at: _p,
        ...rest
      }: ProjectEntity) => rest;
      expect(fields(two)).toEqual(fields(one));
      expect(two).toMatchObject({ slug: 'second-door', updated_via: 'trpc' });
      expect(events.map((event) => [event.event, event.data.id])).toEqual([
        ['project.published', one.id],
        ['project.published', two.id],
      ]);
    });

    it.each<[string, Record<string, unknown>, string[]]>([
      ['no title and no year', { title: ' ', year_from: undefined }, ['title', 'year_from']],
      ['a slug that is not one', { slug: 'Hà Giang' }, ['slug']],
      ['a title with nothing to make a slug of', { title: '!!!' }, ['slug']],
      ['a client link that is not http(s)', { client_url: 'javascript:alert(1)' }, ['client_url']],
      ['links that are not URLs', { live_url: 'example', source_url: 'ftp://example.com' }, ['live_url', 'source_url']],
      ['a period that ends before it starts', { year_from: 2024, year_to: 2020 }, ['year_to']],
      ['a year out of bounds', { year_from: 1800 }, ['year_from']],
      ['a team of none', { team_size: 0 }, ['team_size']],
      ['a team that is not a whole number', { team_size: 2.5 }, ['team_size']],
      ['a stack tag with a slash', { stack: ['ci/cd'] }, ['stack.0']],
      ['a blank stack tag', { stack: ['react', '  '] }, ['stack.1']],
      [
        'too many stack tags',
        { stack: Array.from({ length: PROJECT_STACK_MAX_COUNT + 1 }, (_, n) => `t${n}`) },
        ['stack'],
      ],
      ['a result without its value', { results: [{ label: 'Speed', value: ' ' }] }, ['results.0.value']],
      ['a result that is not a pair', { results: ['fast'] }, ['results.0']],
      [
        'too many results',
        { results: Array.from({ length: PROJECT_RESULTS_MAX_COUNT + 1 }, () => ({ label: 'a', value: 'b' })) },
        ['results'],
      ],
      ['a gallery image that is no upload', { gallery: [{ image: '../etc/passwd', alt: '' }] }, ['gallery.0.image']],
      ['a cover that is no upload', { cover: 'http://elsewhere/x.jpg' }, ['cover']],
      ['a featured flag that is not one', { featured: 'yes' }, ['featured']],
      ['a negative order', { sort_order: -1 }, ['sort_order']],
      ['a meta title too long', { meta_title: 'x'.repeat(301) }, ['meta_title']],
      ['a status that is not 0 or 1', { status: 2 }, ['status']],
      ['a publication time without its offset', { published_at: '2026-01-01T08:00:00' }, ['published_at']],
      ['related post ids that are not ids', { related_post_ids: ['one'] }, ['related_post_ids.0']],
      ['a related post that does not exist', { related_post_ids: [999_999] }, ['related_post_ids']],
    ])('answers 400 naming the field on both doors for %s, storing nothing', async (_case, overrides, fields) => {
      const body = { ...input(), ...overrides };
      const rest = await t.admin.post('/api/admin/projects').send(body).expect(400);
      expect(fieldsOf(rest.body.errors)).toEqual(fields);
      const trpc = await projectsTrpc.mutation(t.admin, 'create', invalidInput(body)).expect(400);
      expect(fieldsOf(trpc.body.error.data.fieldErrors)).toEqual(fields);
      expect(await records().count()).toBe(0);
    });

    it('answers 400, never a 500, for a body that is no object', async () => {
      const id = await create();
      await t.admin.post('/api/admin/projects').set('Content-Type', 'application/xml').send('<project/>').expect(400);
      await t.admin.put(`/api/admin/projects/${id}`).set('Content-Type', 'application/xml').send('<a/>').expect(400);
      await projectsTrpc.mutation(t.admin, 'update', invalidInput(['not', 'an', 'object'])).expect(400);
      expect(await records().count()).toBe(1);
    });

    it('stores related posts that exist, once each', async () => {
      const category = await createCategory(t.database);
      const [first, second] = [await createPost(t.database, category), await createPost(t.database, category)];
      const id = await create({ related_post_ids: [second.id, first.id, second.id] });
      expect((await stored(id)).related_post_ids).toEqual([second.id, first.id]);
    });

    it('answers 409 naming slug for a slug another project has, on both doors', async () => {
      await create({ slug: 'taken' });
      const other = await create({ slug: 'other' });
      const rest = await t.admin
        .post('/api/admin/projects')
        .send(input({ slug: 'taken' }))
        .expect(409);
      expect(rest.body.errors).toEqual([{ field: 'slug', message: 'Another project already uses this slug' }]);
      const trpc = await projectsTrpc
        .mutation(t.admin, 'update', { ...input({ slug: 'taken' }), id: other })
        .expect(409);
      expect(fieldsOf(trpc.body.error.data.fieldErrors)).toEqual(['slug']);
      expect((await stored(other)).slug).toBe('other');
    });

    it('keeps a renamed project’s old slugs: each leads to the current one, through both doors', async () => {
      const id = await create({ slug: 'first' });
      await t.admin
        .put(`/api/admin/projects/${id}`)
        .send(input({ slug: 'second' }))
        .expect(200);
      await projectsTrpc.mutation(t.admin, 'update', { ...input({ slug: 'third' }), id }).expect(200);

      for (const old of ['first', 'second']) {
        const third = { slug: 'third', language: 'en', path: '/portfolio/third' };
        expect((await t.anonymous.get(`/api/projects/${old}/redirect`).expect(200)).body).toEqual(third);
        expect((await projectsTrpc.query(t.anonymous, 'redirect', { slug: old }).expect(200)).body.result.data).toEqual(
          third,
        );
        await t.anonymous.get(`/api/projects/${old}`).expect(404);
      }
      await t.anonymous.get('/api/projects/third').expect(200);
      await t.anonymous.get('/api/projects/third/redirect').expect(404);
      // Back to an old slug: it is its address again, and no longer a redirect.
      await t.admin
        .put(`/api/admin/projects/${id}`)
        .send(input({ slug: 'first' }))
        .expect(200);
      await t.anonymous.get('/api/projects/first/redirect').expect(404);
      expect((await t.anonymous.get('/api/projects/third/redirect').expect(200)).body).toEqual({
        slug: 'first',
        language: 'en',
        path: '/portfolio/first',
      });
      // A hidden project's old slugs lead nowhere.
      await t.admin
        .put(`/api/admin/projects/${id}`)
        .send(input({ slug: 'first', status: 1 }))
        .expect(200);
      await t.anonymous.get('/api/projects/second/redirect').expect(404);
    });

    it('refuses a save over an old version with 412 naming who changed it; tRPC CONFLICT alike', async () => {
      const id = await create();
      const read = await t.admin.get(`/api/admin/projects/${id}`).expect(200);
      expect(read.headers['etag']).toBe('"v1"');
      expect(projectSchema.strict().parse(read.body)).toMatchObject({ id, version: 1 });

      await t.admin
        .put(`/api/admin/projects/${id}`)
        .set('If-Match', '"v1"')
        .send(input({ title: 'Mine' }))
        .expect(200);
      const stale = await t.admin
        .put(`/api/admin/projects/${id}`)
        .set('If-Match', '"v1"')
        .send(input({ title: 'Theirs' }))
        .expect(412);
      expect(stale.headers['etag']).toBe('"v2"');
      expect(stale.body).toMatchObject({
        statusCode: 412,
        current: { id, title: 'Mine', version: 2 },
        changed: { user_id: t.adminUser.id, user_name: t.adminUser.name, via: 'rest' },
      });
      const trpc = await projectsTrpc
        .mutation(t.admin, 'update', { ...input({ title: 'Theirs' }), id, version: 1 })
        .expect(409);
      expect(trpc.body.error.data.code).toBe('CONFLICT');
      expect(trpc.body.error.data.conflict).toMatchObject({ current: { title: 'Mine', version: 2 } });
      expect(await stored(id)).toMatchObject({ title: 'Mine', version: 2 });
    });

    it('moves a deleted project to the trash: gone from every read at once, announced as unpublished; 404 after, on both doors', async () => {
      const id = await create({ slug: 'old' });
      await t.admin
        .put(`/api/admin/projects/${id}`)
        .send(input({ slug: 'new' }))
        .expect(200);
      expect((await t.admin.delete(`/api/admin/projects/${id}`).expect(200)).body).toEqual({ status: 200 });
      expect(await stored(id)).toMatchObject({ slug: 'new', version: 2, deleted_at: expect.any(Date) });
      await t.anonymous.get('/api/projects/new').expect(404);
      await t.anonymous.get('/api/projects/old/redirect').expect(404);
      expect((await t.anonymous.get('/api/projects').expect(200)).body).toEqual([]);
      expect((await t.admin.get('/api/admin/projects').expect(200)).body).toEqual([]);
      await t.admin.get(`/api/admin/projects/${id}`).expect(404);
      await t.admin.put(`/api/admin/projects/${id}`).send(input()).expect(404);
      await t.admin.delete(`/api/admin/projects/${id}`).expect(404);
      await projectsTrpc.mutation(t.admin, 'delete', { id }).expect(404);
      expect(events.map((event) => event.event)).toEqual([
        'project.published',
        'project.updated',
        'project.unpublished',
      ]);
    });

    it('keeps the version a save replaced as a revision (services included), none for a save that changed nothing; its fields restore it', async () => {
      const web = await service('web');
      const id = await create({ slug: 'kept', summary: 'First words.' });
      const revisions = () =>
        t.database.dataSource.query(
          `SELECT version, fields, saved_via FROM revisions WHERE project_id = $1 ORDER BY id`,
          [id],
        ) as Promise<Array<{ version: number; fields: unknown; saved_via: string }>>;
      await projectsTrpc
        .mutation(t.admin, 'update', { id, ...input({ slug: 'kept', summary: 'Second words.' }) })
        .expect(200);
      await t.admin
        .put(`/api/admin/projects/${id}`)
        .send(input({ slug: 'kept', summary: 'Second words.', service_ids: [web] }))
        .expect(200);
      await t.admin
        .put(`/api/admin/projects/${id}`)
        .send(input({ slug: 'kept', summary: 'Second words.', service_ids: [web] }))
        .expect(200);
      const kept = await revisions();
      expect(kept.map(({ version, saved_via }) => [version, saved_via])).toEqual([
        [1, 'rest'],
        [2, 'trpc'],
      ]);
      const first = projectRevisionFieldsSchema.strict().parse(kept[0].fields);
      expect(first).toMatchObject({ slug: 'kept', summary: 'First words.', service_ids: [] });
      expect(projectRevisionFieldsSchema.parse(kept[1].fields).service_ids).toEqual([]);

      // Restoring is the edit form saving a revision's fields, a save like any other.
      await t.admin.put(`/api/admin/projects/${id}`).send(first).expect(200);
      expect((await t.admin.get(`/api/admin/projects/${id}`).expect(200)).body).toMatchObject({
        ...first,
        version: 5,
      });
      expect((await revisions()).length).toBe(3);
    });

    it("clears the saver's autosave of the project when it is saved, not another user's", async () => {
      const id = await create();
      const slot = autosaveSlotOf.project(id);
      const put = (userId: number) =>
        t.database.dataSource.query(
          `INSERT INTO autosaves (user_id, slot, values, base_version) VALUES ($1, $2, '{"title":"Draft"}', 1)`,
          [userId, slot],
        );
      await put(t.adminUser.id);
      await put(t.readerUser.id);
      await t.admin.put(`/api/admin/projects/${id}`).send(input()).expect(200);
      expect(await t.database.dataSource.query(`SELECT user_id FROM autosaves WHERE slot = $1`, [slot])).toEqual([
        { user_id: t.readerUser.id },
      ]);
    });
  });

  describe('publication', () => {
    it('shows the public only published projects, and scheduled ones once their time has come', async () => {
      const published = await create({ slug: 'published' });
      await create({ slug: 'draft', published_at: null });
      await create({ slug: 'hidden', status: 1 });
      const scheduled = await create({ slug: 'scheduled', published_at: new Date(Date.now() + HOUR).toISOString() });

      const visible = async () =>
        (await t.anonymous.get('/api/projects').expect(200)).body.map((p: { slug: string }) => p.slug);
      expect(await visible()).toEqual(['published']);
      for (const slug of ['draft', 'hidden', 'scheduled']) {
        await t.anonymous.get(`/api/projects/${slug}`).expect(404);
        await projectsTrpc.query(t.anonymous, 'bySlug', { slug }).expect(404);
      }
      const admin = (await t.admin.get('/api/admin/projects').expect(200)).body.map((p: { slug: string }) => p.slug);
      expect(admin.sort()).toEqual(['draft', 'hidden', 'published', 'scheduled']);
      expect(events.map((event) => [event.event, event.data.id])).toEqual([['project.published', published]]);

      // Its time comes (moved into the past on PostgreSQL's clock): public with no other write.
      await t.database.dataSource.query(
        `UPDATE projects SET published_at = now() - interval '1 second' WHERE id = $1`,
        [scheduled],
      );
      expect((await visible()).sort()).toEqual(['published', 'scheduled']);
      await t.anonymous.get('/api/projects/scheduled').expect(200);
    });

    it('answers the same visible project on both doors, without the admin fields', async () => {
      await create({ slug: 'one', stack: ['React'], results: [{ label: 'Bookings', value: '+38 %' }] });
      const rest = await t.anonymous.get('/api/projects/one').expect(200);
      expect(publicProjectSchema.strict().parse(rest.body)).toMatchObject({
        slug: 'one',
        stack: ['react'],
        results: [{ label: 'Bookings', value: '+38 %' }],
      });
      expect((await projectsTrpc.query(t.anonymous, 'bySlug', { slug: 'one' }).expect(200)).body.result.data).toEqual(
        rest.body,
      );
      const list = await t.anonymous.get('/api/projects').expect(200);
      expect(list.body).toEqual([rest.body]);
      expect((await projectsTrpc.query(t.anonymous, 'list', {}).expect(200)).body.result.data).toEqual(list.body);
    });

    it('filters the list by a stack tag however it is typed, in the owner’s order', async () => {
      await create({ slug: 'late', stack: ['React', 'Node.js'], sort_order: 2 });
      await create({ slug: 'early', stack: ['react'], sort_order: 1 });
      await create({ slug: 'php', stack: ['PHP'] });
      const slugs = (body: Array<{ slug: string }>) => body.map((project) => project.slug);
      expect(slugs((await t.anonymous.get('/api/projects?stack=%20REACT').expect(200)).body)).toEqual([
        'early',
        'late',
      ]);
      expect(
        slugs((await projectsTrpc.query(t.anonymous, 'list', { stack: 'node.js' }).expect(200)).body.result.data),
      ).toEqual(['late']);
      expect((await t.anonymous.get('/api/projects?stack=vue').expect(200)).body).toEqual([]);
      expect(slugs((await t.anonymous.get('/api/projects').expect(200)).body)).toEqual(['php', 'early', 'late']);
    });

    it('filters the list by a shown service’s slug, alone or with a stack tag, the same on both doors', async () => {
      const [web, rescue, secret] = [
        await service('web-design'),
        await service('speed-rescue'),
        await service('secret', true),
      ];
      await create({ slug: 'late', stack: ['react'], service_ids: [web, rescue], sort_order: 2 });
      await create({ slug: 'early', stack: ['php'], service_ids: [web], sort_order: 1 });
      await create({ slug: 'hidden-only', service_ids: [secret] });
      const slugs = (body: Array<{ slug: string }>) => body.map((project) => project.slug);

      expect(slugs((await t.anonymous.get('/api/projects?service=web-design').expect(200)).body)).toEqual([
        'early',
        'late',
      ]);
      expect(
        slugs(
          (await projectsTrpc.query(t.anonymous, 'list', { service: 'web-design', stack: 'React' })).body.result.data,
        ),
      ).toEqual(['late']);
      expect((await t.anonymous.get('/api/projects?service=secret').expect(200)).body).toEqual([]);
      expect((await t.anonymous.get('/api/projects?service=nothing').expect(200)).body).toEqual([]);
      const invalid = await t.anonymous.get('/api/projects?service=not%20a%20slug').expect(400);
      expect(fieldsOf(invalid.body.errors)).toEqual(['service']);
    });

    it('announces a project leaving the public as project.unpublished', async () => {
      const id = await create();
      await t.admin
        .put(`/api/admin/projects/${id}`)
        .send(input({ published_at: null }))
        .expect(200);
      expect(events.map((event) => event.event)).toEqual(['project.published', 'project.unpublished']);
    });
  });

  describe('the order', () => {
    const revisionCount = async () =>
      Number((await t.database.dataSource.query(`SELECT count(*) AS n FROM revisions`))[0].n);

    it('stores the order of every project out of the trash on both doors, with no version, revision or event per project', async () => {
      const [a, b, c] = [await create({ slug: 'a' }), await create({ slug: 'b' }), await create({ slug: 'c' })];
      const trashed = await create({ slug: 'trashed' });
      await t.admin.delete(`/api/admin/projects/${trashed}`).expect(200);
      const [revisionsBefore, eventsBefore] = [await revisionCount(), events.length];

      const rest = await t.admin
        .put('/api/admin/projects/order')
        .send({ ids: [c, a, b] })
        .expect(200);
      expect(rest.body.map((p: Project) => [p.id, p.sort_order, p.version])).toEqual([
        [c, 0, 1],
        [a, 1, 1],
        [b, 2, 1],
      ]);
      await projectsTrpc.mutation(t.admin, 'reorder', { ids: [b, c, a] }).expect(200);
      const shown = await t.anonymous.get('/api/projects').expect(200);
      expect(shown.body.map((p: { id: number }) => p.id)).toEqual([b, c, a]);
      expect(await revisionCount()).toBe(revisionsBefore);
      expect(events.length).toBe(eventsBefore);
    });

    it.each([
      ['one left out', (ids: number[]) => ids.slice(1)],
      ['an unknown one', (ids: number[]) => [...ids, 999_999]],
      ['one in the trash', (ids: number[], trashed: number) => [...ids, trashed]],
      ['one twice', (ids: number[]) => [...ids, ids[0]]],
      ['no list', () => 'all'],
    ])('answers 400 naming ids for %s, changing nothing', async (_case, idsOf) => {
      const [a, b] = [await create({ slug: 'a', sort_order: 0 }), await create({ slug: 'b', sort_order: 1 })];
      const trashed = await create({ slug: 'trashed' });
      await t.admin.delete(`/api/admin/projects/${trashed}`).expect(200);
      const ids = idsOf([b, a], trashed);
      expect(fieldsOf((await t.admin.put('/api/admin/projects/order').send({ ids }).expect(400)).body.errors)).toEqual([
        'ids',
      ]);
      const trpc = await projectsTrpc.mutation(t.admin, 'reorder', invalidInput({ ids })).expect(400);
      expect(fieldsOf(trpc.body.error.data.fieldErrors)).toEqual(['ids']);
      expect((await t.admin.get('/api/admin/projects').expect(200)).body.map((p: Project) => p.id)).toEqual([a, b]);
    });
  });

  describe('access', () => {
    const doors: Array<[string, (agent: Agent, id: number) => request.Test]> = [
      ['GET /api/admin/projects', (agent) => agent.get('/api/admin/projects')],
      ['GET /api/admin/projects/:id', (agent, id) => agent.get(`/api/admin/projects/${id}`)],
      ['POST /api/admin/projects', (agent) => agent.post('/api/admin/projects').send(input({ slug: 'new' }))],
      [
        'PUT /api/admin/projects/:id',
        (agent, id) => agent.put(`/api/admin/projects/${id}`).send(input({ title: 'X' })),
      ],
      ['PUT /api/admin/projects/order', (agent, id) => agent.put('/api/admin/projects/order').send({ ids: [id] })],
      ['DELETE /api/admin/projects/:id', (agent, id) => agent.delete(`/api/admin/projects/${id}`)],
      ['tRPC projects.adminList', (agent) => projectsTrpc.query(agent, 'adminList')],
      ['tRPC projects.adminById', (agent, id) => projectsTrpc.query(agent, 'adminById', { id })],
      ['tRPC projects.create', (agent) => projectsTrpc.mutation(agent, 'create', input({ slug: 'new' }))],
      ['tRPC projects.update', (agent, id) => projectsTrpc.mutation(agent, 'update', { ...input({ title: 'X' }), id })],
      ['tRPC projects.reorder', (agent, id) => projectsTrpc.mutation(agent, 'reorder', { ids: [id] })],
      ['tRPC projects.delete', (agent, id) => projectsTrpc.mutation(agent, 'delete', { id })],
    ];

    it.each(doors)('%s: anonymous 401, signed-in non-admin 403, nothing changed; admin 200', async (door, call) => {
      const id = await create({ published_at: null });
      const before = await stored(id);
      await expectAdminOnly(door, (agent) => call(agent, id), t);
      expect(await records().find()).toEqual([before]);
      await call(t.admin, id).expect(200);
    });

    /** A token of the administrator, stored as `apiTokens.create` stores it (that domain is not this one's to import). */
    async function tokenWith(scopes: ApiTokenScope[]): Promise<string> {
      const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      await t.database.dataSource.query(
        `INSERT INTO api_tokens (user_id, name, scopes, token_hash, hint) VALUES ($1, 'spec', $2, $3, $4)`,
        [t.adminUser.id, scopes, secretTokenHash(secret), secret.slice(0, 9)],
      );
      return secret;
    }

    it('takes writes from a content:write token and refuses them to a content:read one, on both doors', async () => {
      const writer = await tokenWith(['content:write']);
      const reader = await tokenWith(['content:read']);
      const id = (
        await t.anonymous.post('/api/admin/projects').set('Authorization', `Bearer ${writer}`).send(input()).expect(200)
      ).body.id;
      expect(await stored(id)).toMatchObject({ updated_by: t.adminUser.id });

      const refused = await t.anonymous
        .put(`/api/admin/projects/${id}`)
        .set('Authorization', `Bearer ${reader}`)
        .send(input({ title: 'No' }))
        .expect(403);
      expect(refused.body.message).toBe('This API token lacks the scope content:write');
      const trpc = await projectsTrpc
        .mutation(t.anonymous, 'delete', { id })
        .set('Authorization', `Bearer ${reader}`)
        .expect(403);
      expect(trpc.body.error.message).toBe('This API token lacks the scope content:write');
      await t.anonymous.get('/api/admin/projects').set('Authorization', `Bearer ${reader}`).expect(200);
      await t.anonymous.get('/api/projects').set('Authorization', `Bearer ${writer}`).expect(403);
      expect(await stored(id)).toMatchObject({ title: 'Homestay Hà Giang', version: 1 });
    });
  });
});
