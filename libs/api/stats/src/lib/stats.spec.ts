import { POST_STATUS } from '@blog/contracts';
import { JobQueue } from '@blog/api/jobs';
import { csvCell } from '@blog/api/http';
import {
  apiTokenAgent,
  createCategory,
  createPost,
  createProject,
  expectAdminOnly,
  testJobsModule,
  trpcHttp,
  useTestApp,
  type TestAgent as Agent,
} from '@blog/api/testing';
import { STATS_ROLLUP_JOB, StatsRollupService } from './stats-rollup.service';
import { StatsModule } from './stats.module';
import { StatsRouter } from './stats.router';
import { addDays, siteDay, StatsService } from './stats.service';
import { estimateVisitors, VISITOR_MARKS } from './visitors';

const statsTrpc = trpcHttp<StatsRouter['router']>('stats');

interface Hit {
  at: Date;
  path: string;
  kind?: 'view' | 'engaged' | 'outbound';
  entry?: boolean;
  source?: string | null;
  source_name?: string | null;
  search_term?: string | null;
  search_results?: number | null;
  engaged_ms?: number | null;
}

const STATS_TABLES = [
  'stats_hits',
  'stats_hourly_pages',
  'stats_hourly_sources',
  'stats_hourly_searches',
  'stats_daily_pages',
  'stats_daily_sources',
  'stats_daily_searches',
  'stats_days',
  'stats_visitor_days',
  'stats_visitor_marks',
  'stats_rollups',
  'contact_messages',
];

describe('statistics: roll-ups, retention, queries and their doors', () => {
  const t = useTestApp([testJobsModule(), StatsModule], {
    trpc: (nest) => ({ stats: nest.get(StatsRouter).router }),
    signIn: true,
  });
  const db = () => t.database.dataSource;
  const rollup = () => t.app.get(StatsRollupService);
  const stats = () => t.app.get(StatsService);

  const hits = (...rows: Hit[]) =>
    db().query(
      `INSERT INTO stats_hits (at, kind, path, entry, source, source_name, search_term, search_results, engaged_ms)
       SELECT * FROM unnest($1::timestamptz[], $2::varchar[], $3::varchar[], $4::boolean[], $5::varchar[],
                            $6::varchar[], $7::varchar[], $8::int[], $9::int[])`,
      [
        rows.map((row) => row.at),
        rows.map((row) => row.kind ?? 'view'),
        rows.map((row) => row.path),
        rows.map((row) => row.entry ?? false),
        rows.map((row) => row.source ?? null),
        rows.map((row) => row.source_name ?? null),
        rows.map((row) => row.search_term ?? null),
        rows.map((row) => row.search_results ?? null),
        rows.map((row) => row.engaged_ms ?? null),
      ],
    );
  /** A day's salt and `count` of its marks, as the recorder writes them. */
  const marks = async (day: string, count: number) => {
    await db().query(`INSERT INTO stats_visitor_days (day, salt) VALUES ($1, decode('00', 'hex'))`, [day]);
    await db().query(`INSERT INTO stats_visitor_marks (day, mark) SELECT $1, generate_series(1, $2)`, [day, count]);
  };
  const message = (fields: { at?: Date; source_path?: string; visit_source?: string; visit_source_name?: string }) =>
    db().query(
      `INSERT INTO contact_messages (name, email, message, source_path, visit_source, visit_source_name, topic_kind,
                                     topic_slug, topic_title, created_at)
       VALUES ('Lan', 'lan@example.com', 'Hello', $1, $2, $3, 'project', 'homestay', 'Homestay', $4)`,
      [
        fields.source_path ?? null,
        fields.visit_source ?? null,
        fields.visit_source_name ?? null,
        fields.at ?? new Date(),
      ],
    );
  const salts = async () =>
    (await db().query(`SELECT day::text AS day FROM stats_visitor_days ORDER BY day`)).map(
      (row: { day: string }) => row.day,
    );
  const days = () =>
    db().query(`SELECT day::text AS day, views, entries, visitors FROM stats_days ORDER BY day`) as Promise<
      Array<{ day: string; views: number; entries: number; visitors: number }>
    >;

  beforeAll(async () => {
    // The spec runs the job itself, at the times it chooses: the schedule's runs would come at any time.
    const [scheduled] = await db().query(`SELECT cron FROM pgboss.schedule WHERE name = $1`, [STATS_ROLLUP_JOB]);
    expect(scheduled.cron).toBe('*/10 * * * *');
    await db().query(`DELETE FROM pgboss.schedule WHERE name = $1`, [STATS_ROLLUP_JOB]);
  });
  beforeEach(() => db().query(`TRUNCATE ${STATS_TABLES.join(', ')}`));

  it('estimates a day’s visitors from its marks (linear counting)', () => {
    expect([0, 1, 2, 1000].map(estimateVisitors)).toEqual([0, 1, 2, 1004]);
    expect(estimateVisitors(VISITOR_MARKS)).toBe(estimateVisitors(VISITOR_MARKS - 1));
  });

  describe('roll-ups', () => {
    it('puts a hit at 16:59:59Z and one at 17:00:00Z on two days of the site (+07:00), exactly, however often it runs', async () => {
      await hits(
        { at: new Date('2026-03-01T16:59:59Z'), path: '/a', entry: true, source: 'search', source_name: 'google.com' },
        { at: new Date('2026-03-01T17:00:00Z'), path: '/a', search_term: 'pho', search_results: 0 },
        { at: new Date('2026-03-01T17:30:00Z'), path: '/a', kind: 'engaged', engaged_ms: 4000 },
      );
      await marks('2026-03-01', 3);
      await marks('2026-03-02', 1);
      const now = new Date('2026-03-03T12:00:00Z');
      // Two instances at once, then a re-run: each figure added once.
      await Promise.all([rollup().run(now), rollup().run(now)]);
      await rollup().run(now);

      expect(await days()).toEqual([
        { day: '2026-03-01', views: 1, entries: 1, visitors: 3 },
        { day: '2026-03-02', views: 1, entries: 0, visitors: 1 },
      ]);
      expect(
        await db().query(
          `SELECT day::text AS day, path, views, engaged, engaged_ms::int FROM stats_daily_pages ORDER BY day`,
        ),
      ).toEqual([
        { day: '2026-03-01', path: '/a', views: 1, engaged: 0, engaged_ms: 0 },
        { day: '2026-03-02', path: '/a', views: 1, engaged: 1, engaged_ms: 4000 },
      ]);
      expect(await db().query(`SELECT day::text AS day, source_name, entries FROM stats_daily_sources`)).toEqual([
        { day: '2026-03-01', source_name: 'google.com', entries: 1 },
      ]);
      expect(await db().query(`SELECT day::text AS day, term, searches, results FROM stats_daily_searches`)).toEqual([
        { day: '2026-03-02', term: 'pho', searches: 1, results: 0 },
      ]);
      // The days have ended and are counted: their salts and marks are gone.
      expect(await salts()).toEqual([]);
      expect(await db().query(`SELECT count(*)::int AS n FROM stats_visitor_marks`)).toEqual([{ n: 0 }]);

      const summary = await stats().summary({ from: '2026-03-01', to: '2026-03-02' });
      expect(summary.days).toEqual([
        { day: '2026-03-01', views: 1, visitors: 3 },
        { day: '2026-03-02', views: 1, visitors: 1 },
      ]);
      expect(summary.previous).toEqual([
        { day: '2026-02-27', views: 0, visitors: 0 },
        { day: '2026-02-28', views: 0, visitors: 0 },
      ]);
      expect(summary.totals).toEqual({ views: 2, daily_visitors: 2, entries: 1, inquiries: 0 });
    });

    it('deletes a salt once its day has ended, even when nothing was counted, and keeps today’s', async () => {
      await marks('2026-03-05', 0);
      await marks('2026-03-07', 2);
      // 01:00 on 7 March in the site's time zone.
      await rollup().run(new Date('2026-03-06T18:00:00Z'));
      expect(await salts()).toEqual(['2026-03-07']);
      expect(await days()).toContainEqual({ day: '2026-03-05', views: 0, entries: 0, visitors: 0 });
    });

    it('reads the previous period from the daily tables beside the current one', async () => {
      await hits(
        { at: new Date('2026-04-01T03:00:00Z'), path: '/a' },
        { at: new Date('2026-04-04T03:00:00Z'), path: '/a' },
        { at: new Date('2026-04-04T04:00:00Z'), path: '/b' },
      );
      await marks('2026-04-04', 2);
      await message({ at: new Date('2026-04-04T05:00:00Z') });
      await message({ at: new Date('2026-04-01T05:00:00Z') });
      await rollup().run(new Date('2026-04-10T00:00:00Z'));
      const summary = await stats().summary({ from: '2026-04-03', to: '2026-04-05' });
      expect(summary.days.map((day) => [day.day, day.views, day.visitors])).toEqual([
        ['2026-04-03', 0, 0],
        ['2026-04-04', 2, 2],
        ['2026-04-05', 0, 0],
      ]);
      expect(summary.previous.map((day) => [day.day, day.views])).toEqual([
        ['2026-03-31', 0],
        ['2026-04-01', 1],
        ['2026-04-02', 0],
      ]);
      expect(summary.totals).toEqual({ views: 2, daily_visitors: 0.7, entries: 0, inquiries: 1 });
      expect(summary.previous_totals).toMatchObject({ views: 1, inquiries: 1 });
    });

    it('keeps raw hits 48 hours, hourly rows 14 days, daily rows as long as STATS_RETENTION_DAYS says', async () => {
      const now = new Date('2026-05-20T12:00:00Z');
      const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
      await hits({ at: ago(20 * 24), path: '/old' }, { at: ago(49), path: '/a' }, { at: ago(47), path: '/b' });
      await rollup().run(now);
      const rawPaths = await db().query(`SELECT path FROM stats_hits ORDER BY path`);
      expect(rawPaths).toEqual([{ path: '/b' }]);
      expect(await db().query(`SELECT path FROM stats_hourly_pages ORDER BY path`)).toEqual([
        { path: '/a' },
        { path: '/b' },
      ]);
      expect(await db().query(`SELECT path FROM stats_daily_pages WHERE path = '/old'`)).toHaveLength(1);

      // Daily rows kept 10 days: the day 20 days ago goes, the figures of the others stay exact.
      const keepTenDays = new StatsRollupService(db(), t.app.get(JobQueue), {
        ...t.config,
        statsRetention: { hitsHours: 48, hourlyDays: 14, dailyDays: 10 },
      });
      await keepTenDays.run(now);
      expect(await db().query(`SELECT path FROM stats_daily_pages WHERE path = '/old'`)).toEqual([]);
      const pages = await stats().pages({ from: addDays(siteDay(now), -3), to: siteDay(now) });
      expect(pages.map((page) => [page.path, page.views])).toEqual([
        ['/a', 1],
        ['/b', 1],
      ]);
    });
  });

  describe('today', () => {
    it('shows hits and visitors before any roll-up, and the same after', async () => {
      const now = new Date();
      const range = { from: siteDay(new Date(now.getTime() - 86_400_000)), to: siteDay(now) };
      await hits({ at: new Date(now.getTime() - 2 * 3_600_000), path: '/a' }, { at: now, path: '/a' });
      await marks(siteDay(now), 5);
      const total = async () => {
        const summary = await stats().summary(range);
        return [summary.totals.views, summary.days.reduce((sum, day) => sum + day.visitors, 0)];
      };
      expect(await total()).toEqual([2, 5]);
      await rollup().run(now);
      expect(await db().query(`SELECT count(*)::int AS n FROM stats_hourly_pages`)).toEqual([{ n: 1 }]);
      expect(await total()).toEqual([2, 5]);
    });
  });

  describe('lists', () => {
    /** The day of the hits (read once: a test running over midnight still reads that day). */
    let day: string;
    const today = () => day;
    const range = () => ({ from: day, to: day });

    beforeEach(async () => {
      const category = await createCategory(t.database);
      await db().query(`DELETE FROM posts WHERE slug = 'hoi-an'`);
      await db().query(`DELETE FROM projects WHERE slug = 'homestay'`);
      await createPost(t.database, category, { slug: 'hoi-an', title: 'Hội An', status: POST_STATUS.visible });
      await createProject(t.database, { slug: 'homestay', title: 'Homestay booking' });
      const at = new Date();
      day = siteDay(at);
      await hits(
        ...Array.from({ length: 4 }, (_, i) => ({
          at,
          path: '/hoi-an',
          entry: i === 0,
          source: 'search',
          source_name: 'google.com',
        })),
        { at, path: '/hoi-an', kind: 'engaged', engaged_ms: 10_000 },
        { at, path: '/hoi-an', kind: 'engaged', engaged_ms: 20_000 },
        { at, path: '/portfolio/homestay', entry: true, source: 'facebook', source_name: 'facebook.com' },
        { at, path: '/portfolio/homestay' },
        { at, path: '/portfolio/homestay', kind: 'outbound' },
        { at, path: '/search', search_term: '=cmd', search_results: 0 },
        { at, path: '/search', search_term: 'hue', search_results: 3 },
        { at: new Date(at.getTime() + 1), path: '/search', search_term: 'hue', search_results: 2 },
      );
      await message({
        at,
        source_path: '/portfolio/homestay',
        visit_source: 'facebook',
        visit_source_name: 'facebook.com',
      });
    });

    it('resolves pages to their post or project, with time on page and conversion rates', async () => {
      const pages = await stats().pages(range());
      const post = await db().query(`SELECT id FROM posts WHERE slug = 'hoi-an'`);
      const project = await db().query(`SELECT id FROM projects WHERE slug = 'homestay'`);
      expect(pages).toEqual([
        {
          path: '/hoi-an',
          kind: 'post',
          id: post[0].id,
          title: 'Hội An',
          views: 4,
          entries: 1,
          engaged_seconds: 15,
          outbound: 0,
          inquiries: 0,
          conversion_rate: 0,
        },
        {
          path: '/search',
          kind: 'page',
          id: null,
          title: null,
          views: 3,
          entries: 0,
          engaged_seconds: null,
          outbound: 0,
          inquiries: 0,
          conversion_rate: 0,
        },
        {
          path: '/portfolio/homestay',
          kind: 'project',
          id: project[0].id,
          title: 'Homestay booking',
          views: 2,
          entries: 1,
          engaged_seconds: null,
          outbound: 1,
          inquiries: 1,
          conversion_rate: 0.5,
        },
      ]);
      expect(await stats().sources(range())).toEqual([
        { source: 'facebook', name: 'facebook.com', entries: 1, inquiries: 1, conversion_rate: 1 },
        { source: 'search', name: 'google.com', entries: 1, inquiries: 0, conversion_rate: 0 },
      ]);
      expect(await stats().searches(range())).toEqual([
        { term: 'hue', searches: 2, results: 2, found_nothing: false },
        { term: '=cmd', searches: 1, results: 0, found_nothing: true },
      ]);
      expect(await stats().inquiries(range())).toEqual({
        total: 1,
        by_page: [{ path: '/portfolio/homestay', inquiries: 1 }],
        by_topic: [{ topic_kind: 'project', topic_slug: 'homestay', topic_title: 'Homestay', inquiries: 1 }],
        by_source: [{ source: 'facebook', name: 'facebook.com', inquiries: 1 }],
      });
      expect(await stats().postViews([post[0].id, 999_999])).toEqual([{ id: post[0].id, views: 4 }]);
    });

    it('answers the same on both doors, and exports CSV guarded against formulas', async () => {
      const query = `from=${today()}&to=${today()}`;
      for (const list of ['summary', 'pages', 'sources', 'searches', 'inquiries'] as const) {
        const rest = await t.admin.get(`/api/stats/${list}?${query}`).expect(200);
        const trpc = await statsTrpc.query(t.admin, list, range()).expect(200);
        expect(rest.body).toEqual(trpc.body.result.data);
      }
      const csv = await t.admin.get(`/api/stats/export.csv?list=searches&${query}`).expect(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(
        `attachment; filename="stats-searches-${today()}-${today()}.csv"`,
      );
      expect(csv.text).toBe("term,searches,results,found_nothing\r\nhue,2,2,false\r\n'=cmd,1,0,true\r\n");
      const pages = await t.admin.get(`/api/stats/export.csv?list=pages&${query}`).expect(200);
      expect(pages.text.split('\r\n')[1]).toBe(
        '/hoi-an,post,' + (await stats().pages(range()))[0].id + ',Hội An,4,1,15,0,0,0',
      );
      expect(['+1', '-1', '@a', 'a,"b"', 'plain', null, 3].map(csvCell)).toEqual([
        "'+1",
        "'-1",
        "'@a",
        '"a,""b"""',
        'plain',
        '',
        '3',
      ]);
    });
  });

  describe('access and input', () => {
    const doors: Array<[string, (agent: Agent) => ReturnType<Agent['get']>]> = [
      ['GET /api/stats/summary', (agent) => agent.get('/api/stats/summary?from=2026-01-01&to=2026-01-31')],
      ['GET /api/stats/export.csv', (agent) => agent.get('/api/stats/export.csv?from=2026-01-01&to=2026-01-31')],
      ['tRPC stats.pages', (agent) => statsTrpc.query(agent, 'pages', { from: '2026-01-01', to: '2026-01-31' })],
      ['tRPC stats.postViews', (agent) => statsTrpc.query(agent, 'postViews', { ids: [1] })],
    ];

    it.each(doors)('%s: anonymous → 401, non-admin → 403, a token needs stats:read', async (door, call) => {
      await expectAdminOnly(door, call, t);
      await call(await apiTokenAgent(t, ['content:read'])).expect(403);
      await call(await apiTokenAgent(t, ['stats:read'])).expect(200);
    });

    it('refuses a bad range with 400 naming the field', async () => {
      const fields = async (query: string) =>
        (await t.admin.get(`/api/stats/pages?${query}`).expect(400)).body.errors.map(
          (error: { field: string }) => error.field,
        );
      expect(await fields('from=2026-13-01&to=2026-01-31')).toEqual(['from']);
      expect(await fields('from=2026-02-01&to=2026-01-31')).toEqual(['to']);
      expect(await fields('from=2024-01-01&to=2026-01-31')).toEqual(['to']);
      expect(await fields('to=2026-01-31')).toEqual(['from']);
      const csv = await t.admin.get('/api/stats/export.csv?list=posts&from=2026-01-01&to=2026-01-31').expect(400);
      expect(csv.body.errors.map((error: { field: string }) => error.field)).toEqual(['list']);
    });
  });
});
