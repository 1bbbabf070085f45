import type request from 'supertest';
import { z } from 'zod';
import {
  API_TOKEN_PREFIX,
  NOT_FOUND_PAGE_SIZE,
  notFoundHitSchema,
  OK,
  REDIRECT_PATH_MAX_LENGTH,
  REDIRECTS_PAGE_SIZE,
  redirectSchema,
} from '@blog/contracts';
import { newSecretToken } from '@blog/api/core';
import { NotFoundHitEntity, RedirectEntity } from '@blog/api/data';
import {
  createCategory,
  createPost,
  expectAdminOnly,
  invalidInput,
  trpcHttp,
  useTestApp,
  type TestAgent as Agent,
} from '@blog/api/testing';
import { NotFoundLogService } from './not-found-log.service';
import { RedirectsModule } from './redirects.module';
import { RedirectsRouter } from './redirects.router';
import { RedirectsService } from './redirects.service';

/** tRPC over HTTP as the client sends it, under the domain's app-router name. */
const redirectsTrpc = trpcHttp<RedirectsRouter['router']>('redirects');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);

describe('redirects and the 404 log (REST and tRPC)', () => {
  const t = useTestApp([RedirectsModule], {
    trpc: (nest) => ({ redirects: nest.get(RedirectsRouter).router }),
    signIn: true,
  });

  const redirects = () => t.database.dataSource.getRepository(RedirectEntity);
  const notFoundHits = () => t.database.dataSource.getRepository(NotFoundHitEntity);
  const service = () => t.app.get(RedirectsService);
  const create = (from_path: string, to_path = '/new', source = 'manual') =>
    redirects().save(redirects().create({ from_path, to_path, status_code: 301, source, last_hit_at: null }));
  const logged = (path: string, hits = 1) =>
    notFoundHits().save(
      notFoundHits().create({ path, hits, first_seen_at: new Date(), last_seen_at: new Date(), referrer_host: null }),
    );

  beforeEach(async () => {
    await redirects().clear();
    await notFoundHits().clear();
  });

  describe('access: anonymous → 401, signed-in non-admin → 403, admin → 200', () => {
    const doors: Array<[string, (agent: Agent, ids: { redirect: number; hit: number }) => request.Test]> = [
      ['GET /api/redirects', (agent) => agent.get('/api/redirects')],
      ['POST /api/redirects', (agent) => agent.post('/api/redirects').send({ from_path: '/x', to_path: '/y' })],
      [
        'PUT /api/redirects/:id',
        (agent, { redirect }) => agent.put(`/api/redirects/${redirect}`).send({ from_path: '/x', to_path: '/y' }),
      ],
      ['DELETE /api/redirects/:id', (agent, { redirect }) => agent.delete(`/api/redirects/${redirect}`)],
      ['GET /api/not-found', (agent) => agent.get('/api/not-found')],
      ['DELETE /api/not-found/:id', (agent, { hit }) => agent.delete(`/api/not-found/${hit}`)],
      ['DELETE /api/not-found', (agent) => agent.delete('/api/not-found')],
      ['tRPC redirects.list', (agent) => redirectsTrpc.query(agent, 'list', {})],
      ['tRPC redirects.create', (agent) => redirectsTrpc.mutation(agent, 'create', { from_path: '/x', to_path: '/y' })],
      [
        'tRPC redirects.update',
        (agent, { redirect }) =>
          redirectsTrpc.mutation(agent, 'update', { id: redirect, from_path: '/x', to_path: '/y' }),
      ],
      ['tRPC redirects.delete', (agent, { redirect }) => redirectsTrpc.mutation(agent, 'delete', { id: redirect })],
      ['tRPC redirects.notFoundList', (agent) => redirectsTrpc.query(agent, 'notFoundList', {})],
      [
        'tRPC redirects.notFoundDelete',
        (agent, { hit }) => redirectsTrpc.mutation(agent, 'notFoundDelete', { id: hit }),
      ],
      [
        'tRPC redirects.notFoundClear',
        (agent) => redirectsTrpc.mutation(agent, 'notFoundClear').set('Content-Type', 'application/json'),
      ],
    ];

    it.each(doors)('%s', async (door, call) => {
      const redirect = await create('/old');
      const hit = await logged('/missing');

      await expectAdminOnly(door, (agent) => call(agent, { redirect: redirect.id, hit: hit.id }), t);
      // Nothing changed for the refused calls.
      expect(await redirects().find()).toEqual([redirect]);
      expect(await notFoundHits().find()).toEqual([hit]);

      await call(t.admin, { redirect: redirect.id, hit: hit.id }).expect(200);
    });
  });

  describe('the admin writes, on both doors', () => {
    it('creates a redirect (301 unless told), normalising from_path, and answers it', async () => {
      const rest = await t.admin
        .post('/api/redirects')
        .send({ from_path: ' /2019/05/ti%E1%BA%BFng-anh/?utm_source=x#top ', to_path: '/tieng-anh' })
        .expect(200);
      expect(redirectSchema.strict().parse(rest.body)).toMatchObject({
        from_path: '/2019/05/tiếng-anh',
        to_path: '/tieng-anh',
        status_code: 301,
        hits: 0,
        last_hit_at: null,
        source: 'manual',
      });
      const trpc = await redirectsTrpc
        .mutation(t.admin, 'create', { from_path: '/?p=12&foo=bar', to_path: '/poem', status_code: 302 })
        .expect(200);
      expect(trpc.body.result.data).toMatchObject({ from_path: '/?p=12', to_path: '/poem', status_code: 302 });
      expect((await redirects().find({ order: { id: 'ASC' } })).map((row) => row.from_path)).toEqual([
        '/2019/05/tiếng-anh',
        '/?p=12',
      ]);
    });

    it('answers 409 naming from_path for a taken one, trailing slash or not, on both doors', async () => {
      await create('/taken');
      const rest = await t.admin.post('/api/redirects').send({ from_path: '/taken/', to_path: '/x' }).expect(409);
      expect(rest.body).toMatchObject({ statusCode: 409 });
      expect(fieldsOf(rest.body.errors)).toEqual(['from_path']);
      const trpc = await redirectsTrpc.mutation(t.admin, 'create', { from_path: '/taken', to_path: '/x' }).expect(409);
      expect(trpc.body.error.data.code).toBe('CONFLICT');

      const other = await create('/other');
      const update = await t.admin.put(`/api/redirects/${other.id}`).send({ from_path: '/taken', to_path: '/x' });
      expect(update.status).toBe(409);
      expect(fieldsOf(update.body.errors)).toEqual(['from_path']);
      expect(await redirects().count()).toBe(2);
    });

    it.each([
      ['no from_path', { to_path: '/x' }, 'from_path'],
      ['a from_path without its leading /', { from_path: 'old', to_path: '/x' }, 'from_path'],
      ['a from_path on another host', { from_path: 'https://evil.example/old', to_path: '/x' }, 'from_path'],
      ['a protocol-relative from_path', { from_path: '//evil.example/old', to_path: '/x' }, 'from_path'],
      ['a to_path on another host', { from_path: '/old', to_path: '//evil.example' }, 'to_path'],
      ['a to_path with a backslash host', { from_path: '/old', to_path: '/\\evil.example' }, 'to_path'],
      ['a to_path with a scheme', { from_path: '/old', to_path: 'javascript:alert(1)' }, 'to_path'],
      [
        'a to_path on another host, with its scheme',
        { from_path: '/old', to_path: 'https://evil.example/login' },
        'to_path',
      ],
      ['a to_path with a scheme and no slashes', { from_path: '/old', to_path: 'https:evil.example' }, 'to_path'],
      ['a to_path with a bare backslash host', { from_path: '/old', to_path: '/\\evil' }, 'to_path'],
      ['a to_path with javascript:', { from_path: '/old', to_path: 'javascript:' }, 'to_path'],
      ['a to_path with a tab browsers drop', { from_path: '/old', to_path: '/\t/evil.example' }, 'to_path'],
      ['a from_path under /api', { from_path: '/api/posts', to_path: '/x' }, 'from_path'],
      ['a from_path under /admin', { from_path: '/admin', to_path: '/x' }, 'from_path'],
      ['the About page', { from_path: '/About/', to_path: '/x' }, 'from_path'],
      ['the sign-in page', { from_path: '/login', to_path: '/x' }, 'from_path'],
      ['a category page', { from_path: '/category/travel', to_path: '/x' }, 'from_path'],
      ['the feed', { from_path: '/rss.xml', to_path: '/x' }, 'from_path'],
      ['the home page', { from_path: '/?utm=1', to_path: '/x' }, 'from_path'],
      ['the reserved portfolio', { from_path: '/portfolio/old-project', to_path: '/x' }, 'from_path'],
      ['the reserved services page', { from_path: '/services', to_path: '/x' }, 'from_path'],
      ['a too long from_path', { from_path: `/${'a'.repeat(REDIRECT_PATH_MAX_LENGTH)}`, to_path: '/x' }, 'from_path'],
      ['a too long to_path', { from_path: '/old', to_path: `/${'a'.repeat(REDIRECT_PATH_MAX_LENGTH)}` }, 'to_path'],
      ['a redirect to itself', { from_path: '/same', to_path: '/same/' }, 'to_path'],
      ['a status other than 301 and 302', { from_path: '/old', to_path: '/x', status_code: 307 }, 'status_code'],
      ['a NUL character', { from_path: '/o\u0000ld', to_path: '/x' }, 'from_path'],
    ])('answers 400 naming the field for %s, on both doors, storing nothing', async (_case, body, field) => {
      const rest = await t.admin.post('/api/redirects').send(body).expect(400);
      expect(rest.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(fieldsOf(rest.body.errors)).toEqual([field]);
      const trpc = await redirectsTrpc.mutation(t.admin, 'create', invalidInput(body)).expect(400);
      expect(fieldsOf(trpc.body.error.data.fieldErrors)).toEqual([field]);

      const record = await create('/kept');
      expect(fieldsOf((await t.admin.put(`/api/redirects/${record.id}`).send(body).expect(400)).body.errors)).toEqual([
        field,
      ]);
      await redirectsTrpc.mutation(t.admin, 'update', invalidInput({ ...body, id: record.id })).expect(400);
      expect(await redirects().find()).toEqual([record]);
    });

    it('says why, on both doors: a path on this site, never one of its own routes', async () => {
      const rest = await t.admin.post('/api/redirects').send({ from_path: '/login', to_path: '//evil.example/x' });
      expect(rest.status).toBe(400);
      expect(rest.body.errors).toEqual([
        { field: 'from_path', message: 'must not be an address of the site itself (/login): a redirect would hide it' },
        { field: 'to_path', message: 'must be a path on this site, not another host' },
      ]);
      const trpc = await redirectsTrpc
        .mutation(t.admin, 'create', invalidInput({ from_path: '/old', to_path: '/\\evil' }))
        .expect(400);
      expect(trpc.body.error.data.fieldErrors).toEqual([
        { field: 'to_path', message: 'must be a path on this site, not another host' },
      ]);
    });

    it('stores where a redirect leads normalised (slashes collapsed, dot segments resolved)', async () => {
      const rest = await t.admin.post('/api/redirects').send({ from_path: '/old', to_path: '/a//b/./../c?x=1' });
      expect(rest.status).toBe(200);
      expect(rest.body).toMatchObject({ from_path: '/old', to_path: '/a/c?x=1' });
    });

    it('updates a redirect and answers it; 404 for an unknown id', async () => {
      const record = await create('/old', '/new');
      const rest = await t.admin
        .put(`/api/redirects/${record.id}`)
        .send({ from_path: '/older', to_path: '/newer', status_code: 302 })
        .expect(200);
      expect(rest.body).toMatchObject({ id: record.id, from_path: '/older', to_path: '/newer', status_code: 302 });
      const trpc = await redirectsTrpc
        .mutation(t.admin, 'update', { id: record.id, from_path: '/oldest', to_path: '/newest' })
        .expect(200);
      expect(trpc.body.result.data).toMatchObject({ from_path: '/oldest', status_code: 301 });

      const unknown = await t.admin.put('/api/redirects/999999').send({ from_path: '/a', to_path: '/b' }).expect(404);
      expect(unknown.body.message).toBe('Redirect not found');
      await redirectsTrpc.mutation(t.admin, 'update', { id: 999999, from_path: '/a', to_path: '/b' }).expect(404);
    });

    it('deletes a redirect, answering {status: 200}; 404 for an unknown id', async () => {
      const [first, second] = [await create('/first'), await create('/second')];
      expect((await t.admin.delete(`/api/redirects/${first.id}`).expect(200)).body).toEqual(OK);
      const trpc = await redirectsTrpc.mutation(t.admin, 'delete', { id: second.id }).expect(200);
      expect(trpc.body.result.data).toEqual(OK);
      expect(await redirects().count()).toBe(0);
      await t.admin.delete(`/api/redirects/${first.id}`).expect(404);
      await redirectsTrpc.mutation(t.admin, 'delete', { id: first.id }).expect(404);
    });

    it('takes the path out of the 404 log when a redirect is made for it', async () => {
      await logged('/missing-post');
      await logged('/still-missing');
      await t.admin.post('/api/redirects').send({ from_path: '/missing-post/', to_path: '/found' }).expect(200);
      expect((await notFoundHits().find()).map((row) => row.path)).toEqual(['/still-missing']);
    });
  });

  describe('the list', () => {
    it('answers newest first, filtered by q in either path, a page at a time, with the total on both doors', async () => {
      for (let i = 1; i <= REDIRECTS_PAGE_SIZE + 2; i++) await create(`/old-${i}`, i % 2 ? '/odd' : '/even_100%');
      const page2 = await t.admin.get('/api/redirects?page=2').expect(200);
      expect(page2.headers['x-total-count']).toBe(String(REDIRECTS_PAGE_SIZE + 2));
      expect(
        z
          .array(redirectSchema.strict())
          .parse(page2.body)
          .map((row) => row.from_path),
      ).toEqual(['/old-2', '/old-1']);
      const trpc = await redirectsTrpc.query(t.admin, 'list', { page: 2 }).expect(200);
      expect(trpc.body.result.data).toEqual({ rows: page2.body, total: REDIRECTS_PAGE_SIZE + 2 });

      const even = await t.admin.get('/api/redirects').query({ q: 'EVEN_100%' }).expect(200);
      expect(even.headers['x-total-count']).toBe(String(Math.floor((REDIRECTS_PAGE_SIZE + 2) / 2)));
      const one = await t.admin.get('/api/redirects').query({ q: 'old-7' }).expect(200);
      expect(one.body.map((row: { from_path: string }) => row.from_path)).toEqual(['/old-7']);
      // `_` and `%` are not wildcards.
      await t.admin.get('/api/redirects').query({ q: 'old_7' }).expect(200).expect('X-Total-Count', '0');
    });

    it('answers 400 naming page or q for a bad filter', async () => {
      expect(fieldsOf((await t.admin.get('/api/redirects?page=0').expect(400)).body.errors)).toEqual(['page']);
      const q = await t.admin
        .get('/api/redirects')
        .query({ q: 'x'.repeat(201) })
        .expect(400);
      expect(fieldsOf(q.body.errors)).toEqual(['q']);
      const trpc = await redirectsTrpc.query(t.admin, 'list', invalidInput({ page: 'two' })).expect(400);
      expect(fieldsOf(trpc.body.error.data.fieldErrors)).toEqual(['page']);
    });
  });

  describe('upsertMany (the importers)', () => {
    it('creates the new ones with their source, skips taken and repeated paths and says why each invalid one is refused', async () => {
      const owners = await create('/kept', '/owner');
      await logged('/2019/05/a');
      const result = await service().upsertMany(
        [
          { from_path: '/2019/05/a/', to_path: '/a' },
          { from_path: '/2019/05/a', to_path: '/elsewhere' },
          { from_path: '/kept', to_path: '/import' },
          { from_path: '/?p=7', to_path: '/b', status_code: 302 },
          { from_path: 'https://old.example/c', to_path: '/c' },
          { from_path: '/d', to_path: '/d' },
          { from_path: '/about/', to_path: '/about-page' },
          { from_path: '/e', to_path: '//evil.example' },
        ],
        'wxr',
      );
      expect(result).toEqual({
        created: 2,
        skipped: 2,
        refused: [
          { from_path: 'https://old.example/c', reason: 'from_path: must be a path on this site, starting with /' },
          { from_path: '/d', reason: 'to_path: must differ from from_path' },
          {
            from_path: '/about/',
            reason: 'from_path: must not be an address of the site itself (/about): a redirect would hide it',
          },
          { from_path: '/e', reason: 'to_path: must be a path on this site, not another host' },
        ],
      });
      const rows = await redirects().find({ order: { id: 'ASC' } });
      expect(
        rows.map(({ from_path, to_path, status_code, source }) => ({ from_path, to_path, status_code, source })),
      ).toEqual([
        { from_path: '/kept', to_path: '/owner', status_code: 301, source: 'manual' },
        { from_path: '/2019/05/a', to_path: '/a', status_code: 301, source: 'wxr' },
        { from_path: '/?p=7', to_path: '/b', status_code: 302, source: 'wxr' },
      ]);
      expect(rows[0]).toEqual(owners);
      expect(await notFoundHits().count()).toBe(0);
      // Served at once by this instance.
      expect(service().resolve('/?p=7&utm_source=feed')).toMatchObject({ to_path: '/b', status_code: 302 });

      // A second run creates nothing.
      expect(await service().upsertMany([{ from_path: '/2019/05/a', to_path: '/a' }], 'wxr')).toEqual({
        created: 0,
        skipped: 1,
        refused: [],
      });
    });
  });

  it("refuses an importer's redirect from a post's own address (an import that kept both would take its place)", async () => {
    const category = await createCategory(t.database);
    await createPost(t.database, category, { slug: 'hello' });
    const trashed = await createPost(t.database, category, { slug: 'gone', deleted_at: new Date() });
    expect(trashed.slug).toBe('gone');
    expect(
      await service().upsertMany(
        [
          { from_path: '/hello/', to_path: '/hello-2' },
          { from_path: '/gone', to_path: '/hello-2' },
        ],
        'wxr',
      ),
    ).toEqual({
      created: 1,
      skipped: 0,
      refused: [
        { from_path: '/hello/', reason: 'from_path: is the address of a post of this site: a redirect would hide it' },
      ],
    });
  });

  describe('the 404 log', () => {
    const log = () => t.app.get(NotFoundLogService);

    it('keeps the path, its count, first and last time and only the host of the last referrer', async () => {
      log().record('/missing/?utm_source=mail', 'https://www.google.com/search?q=secret+words');
      log().record('/missing', undefined);
      log().record('/missing', 'https://m.facebook.com/story.php?id=1');
      log().record('/other', 'not a url');
      await log().flush();

      const rest = await t.admin.get('/api/not-found').expect(200);
      expect(rest.headers['x-total-count']).toBe('2');
      const rows = z.array(notFoundHitSchema.strict()).parse(rest.body);
      expect(rows.map(({ path, hits, referrer_host }) => ({ path, hits, referrer_host }))).toEqual([
        { path: '/missing', hits: 3, referrer_host: 'm.facebook.com' },
        { path: '/other', hits: 1, referrer_host: null },
      ]);
      expect(JSON.stringify(await notFoundHits().find())).not.toContain('secret');

      log().record('/missing', 'http://blog.test/some-post');
      await log().flush();
      const again = await notFoundHits().findOneByOrFail({ path: '/missing' });
      expect(again).toMatchObject({ hits: 4, referrer_host: 'blog.test' });
      expect(again.last_seen_at.getTime()).toBeGreaterThanOrEqual(again.first_seen_at.getTime());
      expect(again.first_seen_at.toISOString()).toBe(rows[0].first_seen_at);
    });

    it('never keeps a secret of a path: a token in a path is kept redacted, an expired preview link not at all', async () => {
      const [previewToken, apiToken] = [newSecretToken(), newSecretToken()];
      // A preview link is an address of the site itself, which no redirect may come from: not logged.
      log().record(`/preview/${previewToken}`, undefined);
      log().record(`/${API_TOKEN_PREFIX}${apiToken}`, undefined);
      await log().flush();
      const paths = (await notFoundHits().find()).map((row) => row.path);
      expect(paths).toContain(`/${API_TOKEN_PREFIX}[Redacted]`);
      expect(paths.filter((path) => path.startsWith('/preview'))).toEqual([]);
      expect(JSON.stringify(paths)).not.toContain(previewToken);
      expect(JSON.stringify(paths)).not.toContain(apiToken);
    });

    it('logs nothing for a path too long or that no redirect could have', async () => {
      log().record(`/${'a'.repeat(1500)}`, undefined);
      log().record('/api/x', undefined);
      log().record('//evil.example', undefined);
      await log().flush();
      expect(await notFoundHits().count()).toBe(0);
    });

    it('keeps only the most recently seen paths past the cap', async () => {
      const old = new Date(Date.now() - 60_000);
      await t.database.dataSource.query(
        `INSERT INTO not_found_hits (path, hits, first_seen_at, last_seen_at)
         SELECT '/old-' || n, 100, $1, $1 FROM generate_series(1, 1000) AS n`,
        [old],
      );
      log().record('/newest', undefined);
      await log().flush();
      expect(await notFoundHits().count()).toBe(1000);
      expect(await notFoundHits().findOneBy({ path: '/newest' })).not.toBeNull();
    });

    it('lists the most hit first a page at a time, deletes one and clears all, on both doors', async () => {
      for (let i = 1; i <= NOT_FOUND_PAGE_SIZE + 1; i++) await logged(`/missing-${i}`, i);
      const page2 = await t.admin.get('/api/not-found?page=2').expect(200);
      expect(page2.body.map((row: { path: string }) => row.path)).toEqual(['/missing-1']);
      const trpcPage = await redirectsTrpc.query(t.admin, 'notFoundList', {}).expect(200);
      expect(trpcPage.body.result.data.total).toBe(NOT_FOUND_PAGE_SIZE + 1);
      expect(trpcPage.body.result.data.rows[0].path).toBe(`/missing-${NOT_FOUND_PAGE_SIZE + 1}`);

      const [first, second] = trpcPage.body.result.data.rows;
      expect((await t.admin.delete(`/api/not-found/${first.id}`).expect(200)).body).toEqual(OK);
      await redirectsTrpc.mutation(t.admin, 'notFoundDelete', { id: second.id }).expect(200);
      await t.admin.delete(`/api/not-found/${first.id}`).expect(404);
      expect(fieldsOf((await t.admin.delete('/api/not-found/abc').expect(400)).body.errors)).toEqual(['id']);
      expect(await notFoundHits().count()).toBe(NOT_FOUND_PAGE_SIZE - 1);

      expect((await t.admin.delete('/api/not-found').expect(200)).body).toEqual({
        ...OK,
        deleted: NOT_FOUND_PAGE_SIZE - 1,
      });
      await logged('/again');
      expect(
        (await redirectsTrpc.mutation(t.admin, 'notFoundClear').set('Content-Type', 'application/json').expect(200))
          .body.result.data,
      ).toEqual({
        ...OK,
        deleted: 1,
      });
      expect(await notFoundHits().count()).toBe(0);
    });
  });
});
