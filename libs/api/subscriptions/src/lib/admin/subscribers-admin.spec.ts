import type request from 'supertest';
import { SUBSCRIBERS_PAGE_SIZE } from '@blog/contracts';
import {
  apiTokenAgent,
  expectAdminOnly,
  testJobsModule,
  trpcHttp,
  useTestApp,
  type TestAgent as Agent,
} from '@blog/api/testing';
import { SubscriptionsService } from '../subscribing/subscriptions.service';
import { SubscriptionsModule } from '../subscriptions.module';
import { SubscribersRouter } from './subscribers.router';
import { useSubscribersFixture } from './testing/subscribers-fixture';

const subscribersTrpc = trpcHttp<SubscribersRouter['router']>('subscribers');
const NO_SUCH_SUPPRESSION = 'f'.repeat(64);

describe("the owner's subscribers (REST /api/subscribers, tRPC subscribers.*)", () => {
  const t = useTestApp([testJobsModule(), SubscriptionsModule], {
    trpc: (nest) => ({ subscribers: nest.get(SubscribersRouter).router }),
    signIn: true,
  });
  const sql = <T = unknown>(query: string, params: unknown[] = []) => t.database.dataSource.query<T>(query, params);
  const service = () => t.app.get(SubscriptionsService);
  const { events, topics } = useSubscribersFixture(t);
  let travel: number;
  let poems: number;
  beforeAll(() => {
    ({ travel, poems } = topics);
  });

  /** A subscriber as a form or an import leaves it; `confirmed_at` makes it confirmed. */
  async function subscriber(
    email: string,
    { name = '', topics = [travel], confirmedAt = null as string | null, createdAt = '2026-11-01T00:00:00Z' } = {},
  ): Promise<number> {
    const [{ id }] = await sql<Array<{ id: number }>>(
      `INSERT INTO subscribers (email, name, state, consent_source, confirmed_at, created_at)
       VALUES ($1, $2, CASE WHEN $3::timestamptz IS NULL THEN 'pending' ELSE 'confirmed' END, 'form', $3, $4) RETURNING id`,
      [email, name, confirmedAt, createdAt],
    );
    await sql(`INSERT INTO subscriber_categories SELECT $1, unnest($2::int[])`, [id, topics]);
    return id;
  }

  describe('access: administrators, and tokens with the scope of the door', () => {
    const doors: Array<[string, 'subscribers:read' | 'subscribers:write', (agent: Agent) => request.Test]> = [
      ['GET /api/subscribers', 'subscribers:read', (agent) => agent.get('/api/subscribers')],
      ['GET /api/subscribers/counts', 'subscribers:read', (agent) => agent.get('/api/subscribers/counts')],
      [
        'GET /api/subscribers/growth',
        'subscribers:read',
        (agent) => agent.get('/api/subscribers/growth?from=2026-11-01&to=2026-11-07'),
      ],
      ['GET /api/subscribers/export.csv', 'subscribers:read', (agent) => agent.get('/api/subscribers/export.csv')],
      ['tRPC subscribers.list', 'subscribers:read', (agent) => subscribersTrpc.query(agent, 'list', {})],
      ['tRPC subscribers.counts', 'subscribers:read', (agent) => subscribersTrpc.query(agent, 'counts')],
      [
        'tRPC subscribers.growth',
        'subscribers:read',
        (agent) => subscribersTrpc.query(agent, 'growth', { from: '2026-11-01', to: '2026-11-07' }),
      ],
      [
        'POST /api/subscribers/import',
        'subscribers:write',
        (agent) =>
          agent
            .post('/api/subscribers/import?send_confirmation=false')
            .set('Content-Type', 'text/csv')
            .send('email\nscoped@example.com\n'),
      ],
      [
        'tRPC subscribers.import',
        'subscribers:write',
        (agent) => subscribersTrpc.mutation(agent, 'import', { csv: 'scoped@example.com\n', send_confirmation: false }),
      ],
    ];

    it.each(doors)('%s: anonymous → 401, non-admin → 403, a token needs %s', async (door, scope, call) => {
      await expectAdminOnly(door, call, t);
      const other = scope === 'subscribers:read' ? 'subscribers:write' : 'subscribers:read';
      const refused = await call(await apiTokenAgent(t, ['content:read', other])).expect(403);
      expect(JSON.stringify(refused.body)).toContain(scope);
      await call(await apiTokenAgent(t, [scope])).expect(200);
    });

    it('needs subscribers:write to remove a subscriber or undo a suppression (REST and tRPC)', async () => {
      const removals: Array<[string, (agent: Agent, id: number) => request.Test]> = [
        ['DELETE /api/subscribers/{id}', (agent, id) => agent.delete(`/api/subscribers/${id}`)],
        ['tRPC subscribers.remove', (agent, id) => subscribersTrpc.mutation(agent, 'remove', { id })],
      ];
      for (const [door, remove] of removals) {
        const id = await subscriber(`removed-${door.length}@example.com`);
        await expectAdminOnly(door, (agent) => remove(agent, id), t);
        await remove(await apiTokenAgent(t, ['subscribers:read']), id).expect(403);
        await remove(await apiTokenAgent(t, ['subscribers:write']), id).expect(200);
      }
      const restores: Array<[string, (agent: Agent, id: string) => request.Test]> = [
        [
          'DELETE /api/subscribers/suppressions/{id}',
          (agent, id) => agent.delete(`/api/subscribers/suppressions/${id}`),
        ],
        [
          'tRPC subscribers.restoreSuppression',
          (agent, id) => subscribersTrpc.mutation(agent, 'restoreSuppression', { id }),
        ],
      ];
      for (const [door, restore] of restores) {
        await service().suppress(`${door.length}@example.com`, 'complaint');
        const id = service().links.suppressionHash(`${door.length}@example.com`);
        await expectAdminOnly(door, (agent) => restore(agent, id), t);
        await restore(await apiTokenAgent(t, ['subscribers:read']), id).expect(403);
        await restore(await apiTokenAgent(t, ['subscribers:write']), id).expect(200);
      }
    });
  });

  describe('list and counts', () => {
    it('lists subscribers newest first, filtered by state, topic and an accent-free search, page by page', async () => {
      const an = await subscriber('an@example.com', { name: 'Nguyễn An', confirmedAt: '2026-11-02T00:00:00Z' });
      await subscriber('binh@example.com', { name: 'Bình', topics: [poems], createdAt: '2026-11-02T00:00:00Z' });
      const all = (await t.admin.get('/api/subscribers').expect(200)).body;
      expect(all).toMatchObject({ total: 2, page: 1, page_size: SUBSCRIBERS_PAGE_SIZE, suppressions: [] });
      expect(all.subscribers.map((row: { email: string }) => row.email)).toEqual([
        'binh@example.com',
        'an@example.com',
      ]);
      expect(all.subscribers[1]).toEqual({
        id: an,
        email: 'an@example.com',
        name: 'Nguyễn An',
        state: 'confirmed',
        digest: false,
        topics: [travel],
        consent_source: 'form',
        consent_at: expect.any(String),
        consent_note: '',
        confirmed_at: '2026-11-02T00:00:00.000Z',
        soft_bounces: 0,
        language: 'en',
        created_at: '2026-11-01T00:00:00.000Z',
      });
      const emails = async (query: string) =>
        (await t.admin.get(`/api/subscribers?${query}`).expect(200)).body.subscribers.map(
          (row: { email: string }) => row.email,
        );
      expect(await emails('state=pending')).toEqual(['binh@example.com']);
      expect(await emails(`topic=${travel}`)).toEqual(['an@example.com']);
      expect(await emails('q=nguyen')).toEqual(['an@example.com']);
      expect(await emails('q=BINH')).toEqual(['binh@example.com']);
      expect(await emails('q=100%25')).toEqual([]);

      for (let i = 0; i < SUBSCRIBERS_PAGE_SIZE; i++) await subscriber(`many${i}@example.com`);
      const second = (await subscribersTrpc.query(t.admin, 'list', { page: 2 }).expect(200)).body.result.data;
      expect(second).toMatchObject({ total: SUBSCRIBERS_PAGE_SIZE + 2, page: 2 });
      expect(second.subscribers).toHaveLength(2);
    });

    it('lists suppressions under unsubscribed and suppressed, masked, found by the whole address', async () => {
      const leaver = await subscriber('leaver@example.com', { confirmedAt: '2026-11-02T00:00:00Z' });
      await service().unsubscribe(service().links.sign('manage', { id: leaver, token_version: 1 }));
      await service().suppress('Bounced@Gmail.com', 'hard_bounce', 'ses: mailbox does not exist');
      const list = async (query: string) => (await t.admin.get(`/api/subscribers?${query}`).expect(200)).body;

      expect((await list('state=unsubscribed')).suppressions).toEqual([
        {
          id: service().links.suppressionHash('leaver@example.com'),
          email_hint: 'l•••@example.com',
          reason: 'unsubscribed',
          detail: '',
          created_at: expect.any(String),
        },
      ]);
      const suppressed = await list('state=suppressed');
      expect(suppressed).toMatchObject({ subscribers: [], total: 1 });
      expect(suppressed.suppressions).toEqual([
        expect.objectContaining({
          email_hint: 'b•••@gmail.com',
          reason: 'hard_bounce',
          detail: 'ses: mailbox does not exist',
        }),
      ]);
      expect((await list('state=suppressed&q=bounced@gmail.com')).total).toBe(1);
      expect((await list('state=suppressed&q=gmail')).total).toBe(1);
      expect((await list('state=suppressed&q=other@gmail.com')).total).toBe(0);
      // Nobody's address is kept, only its hash.
      expect(JSON.stringify(await sql(`SELECT * FROM suppressions`))).not.toMatch(/bounced|leaver/i);
    });

    it('counts each state and the confirmed of each subscribable topic', async () => {
      await subscriber('a@example.com', { confirmedAt: '2026-11-02T00:00:00Z', topics: [travel, poems] });
      await subscriber('b@example.com', { confirmedAt: '2026-11-02T00:00:00Z' });
      await subscriber('c@example.com');
      await service().suppress('d@example.com', 'unsubscribed');
      await service().suppress('e@example.com', 'complaint');
      await service().suppress('f@example.com', 'manual');
      const counts = (await t.admin.get('/api/subscribers/counts').expect(200)).body;
      expect(counts).toEqual({
        states: { pending: 1, confirmed: 2, unsubscribed: 1, suppressed: 2 },
        topics: [
          { id: poems, name: 'Poems', confirmed: 1 },
          { id: travel, name: 'Travel', confirmed: 2 },
        ],
      });
      expect((await subscribersTrpc.query(t.admin, 'counts').expect(200)).body.result.data).toEqual(counts);
    });

    it('refuses a bad filter with 400 naming the field', async () => {
      const fields = async (query: string) =>
        (await t.admin.get(`/api/subscribers?${query}`).expect(400)).body.errors.map(
          (error: { field: string }) => error.field,
        );
      expect(await fields('state=gone')).toEqual(['state']);
      expect(await fields('topic=x')).toEqual(['topic']);
      expect(await fields('page=0')).toEqual(['page']);
    });
  });

  describe('removing and undoing', () => {
    it('removes a subscriber, who may subscribe again', async () => {
      const id = await subscriber('an@example.com', { confirmedAt: '2026-11-02T00:00:00Z' });
      await t.admin.delete(`/api/subscribers/${id}`).expect(200, { status: 200 });
      expect(await sql(`SELECT id FROM subscribers`)).toEqual([]);
      expect(await service().isSuppressed('an@example.com')).toBe(false);
      await t.admin.delete(`/api/subscribers/${id}`).expect(404);
      expect(events).toEqual([]);
    });

    it('removes and suppresses (reason manual), announcing the subscriber gone, until the owner allows it again', async () => {
      const id = await subscriber('An@Example.com', { confirmedAt: '2026-11-02T00:00:00Z' });
      await subscribersTrpc.mutation(t.admin, 'remove', { id, suppress: true }).expect(200);
      expect(await service().isSuppressed('an@example.com')).toBe(true);
      expect(await sql(`SELECT reason, email_hint, confirmed_at FROM suppressions`)).toEqual([
        { reason: 'manual', email_hint: 'a•••@example.com', confirmed_at: new Date('2026-11-02T00:00:00Z') },
      ]);
      expect(events).toEqual([
        { event: 'subscriber.unsubscribed', data: { id, email: 'An@Example.com', reason: 'manual' } },
      ]);
      const hash = service().links.suppressionHash('an@example.com');
      await t.admin.delete(`/api/subscribers/suppressions/${hash}`).expect(200);
      expect(await service().isSuppressed('an@example.com')).toBe(false);
      await t.admin.delete(`/api/subscribers/suppressions/${hash}`).expect(404);
    });

    it('announces a reader who leaves, with the reason', async () => {
      const id = await subscriber('leaver@example.com', { confirmedAt: '2026-11-02T00:00:00Z' });
      await service().unsubscribe(service().links.sign('manage', { id, token_version: 1 }));
      expect(events).toEqual([
        { event: 'subscriber.unsubscribed', data: { id, email: 'leaver@example.com', reason: 'unsubscribed' } },
      ]);
    });

    it('refuses a bad id or flag with 400 naming it, an unknown suppression with 404', async () => {
      const field = async (res: request.Test) => (await res.expect(400)).body.errors[0].field;
      expect(await field(t.admin.delete('/api/subscribers/abc'))).toBe('id');
      expect(await field(t.admin.delete('/api/subscribers/1?suppress=maybe'))).toBe('suppress');
      expect(await field(t.admin.delete('/api/subscribers/suppressions/not-a-hash'))).toBe('id');
      await t.admin.delete(`/api/subscribers/suppressions/${NO_SUCH_SUPPRESSION}`).expect(404);
    });
  });

  it('answers growth by day of the site time zone: joined, left and confirmed at the end of each day', async () => {
    // Before the range: two confirmed, one of whom leaves within it.
    await subscriber('early@example.com', { confirmedAt: '2026-10-20T03:00:00Z' });
    await subscriber('leaver@example.com', { confirmedAt: '2026-10-21T03:00:00Z' });
    // 18:00 UTC on the 1st is the 2nd in Hồ Chí Minh City (UTC+7).
    await subscriber('late@example.com', { confirmedAt: '2026-11-01T18:00:00Z' });
    await subscriber('pending@example.com');
    await service().suppress('leaver@example.com', 'unsubscribed');
    await sql(`UPDATE suppressions SET created_at = '2026-11-03T05:00:00Z'`);
    // A bounce of an address that never confirmed is no departure.
    await service().suppress('never@example.com', 'hard_bounce');

    const res = await t.admin.get('/api/subscribers/growth?from=2026-11-01&to=2026-11-04').expect(200);
    expect(res.body).toEqual({
      days: [
        { day: '2026-11-01', joined: 0, left: 0, confirmed: 2 },
        { day: '2026-11-02', joined: 1, left: 0, confirmed: 3 },
        { day: '2026-11-03', joined: 0, left: 1, confirmed: 2 },
        { day: '2026-11-04', joined: 0, left: 0, confirmed: 2 },
      ],
    });
    const field = (await t.admin.get('/api/subscribers/growth?from=2026-11-05&to=2026-11-01').expect(400)).body;
    expect(field.errors.map((error: { field: string }) => error.field)).toEqual(['to']);
  });

  it('exports every subscriber as CSV: topics as slugs, cells quoted, formulas made inert', async () => {
    await subscriber('an@example.com', {
      name: '=HYPERLINK("http://evil")',
      confirmedAt: '2026-11-02T00:00:00Z',
      topics: [travel, poems],
    });
    await subscriber('binh@example.com', { name: 'Bình, "B"' });
    await t.database.dataSource.query(`UPDATE subscribers SET language = 'vi' WHERE email = 'binh@example.com'`);
    const res = await t.admin.get('/api/subscribers/export.csv').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe(
      'email,name,state,topics,digest,consent_source,consent_at,consent_note,confirmed_at,language',
    );
    expect(lines[1]).toMatch(
      /^an@example\.com,"'=HYPERLINK\(""http:\/\/evil""\)",confirmed,poems travel,false,form,[^,]+,,2026-11-02T00:00:00\.000Z,en$/,
    );
    expect(lines[2]).toMatch(/^binh@example\.com,"Bình, ""B""",pending,travel,false,form,[^,]+,,,vi$/);
    expect(lines[3]).toBe('');
  });
});
