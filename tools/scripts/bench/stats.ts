/**
 * The statistics at 10 000 000 page views (`BENCH_ONLY=stats npm run bench`, or alone:
 * `SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register tools/scripts/bench/stats.ts`).
 *
 * On an embedded PostgreSQL of its own, migrated, it generates in SQL two years of traffic as the
 * roll-ups leave it: the daily tables for every day before yesterday, the hourly rows of the last 14 days
 * (yesterday and today not rolled into days yet), the raw hits of the last 48 hours (the last hour not
 * rolled up yet), ~2 000 paths (posts and projects, seeded), sources, ~200 search terms, today's and
 * yesterday's visitor marks, and contact messages. Then each measure below, timed as the median of
 * several runs through `StatsService` (the dashboard's SQL) and `StatsRollupService` (the job).
 * Measures are a plain list: each names itself, runs, and is printed against its target.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { AppConfig } from '../../../libs/api/core/src';
import { openDataSource } from '../../../libs/api/data/src/lib/data-source';
import { startDatabase } from '../../../libs/api/data/src/lib/database-server';
import type { JobQueue } from '../../../libs/api/jobs/src';
import { StatsRollupService } from '../../../libs/api/stats/src/lib/stats-rollup.service';
import { addDays, siteDay, StatsService } from '../../../libs/api/stats/src/lib/stats.service';
import { seedPosts, seedProjects } from './seed';

const TOTAL_VIEWS = 10_000_000;
const DAYS = 730;
const POSTS = 1_800;
const PROJECTS = 200;
const TERMS = 200;
const RUNS = 7;
/** The dashboard's target for each of its queries. */
const QUERY_TARGET_MS = 100;
const VIEWS_PER_DAY = Math.round(TOTAL_VIEWS / DAYS);

export interface StatsMeasure {
  name: string;
  /** Milliseconds (the median of the runs). */
  ms: number;
  target?: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(runs: number, work: () => Promise<unknown>): Promise<number> {
  await work(); // warm-up: plans cached, pages in memory
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * A page's rank drawn log-uniformly (about Zipf's law: the n-th most read page is read about 1/n as
 * often), and its path: `/bench-post-{n}` for most, `/bench-project-{n}` under the portfolio for some.
 */
const RANK_SQL = `least(${POSTS + PROJECTS}, floor(exp(random() * ln(${POSTS + PROJECTS + 1})))::int)`;
const pathSql = (rank: string) =>
  `CASE WHEN ${rank} <= ${POSTS} THEN '/bench-post-' || ${rank} ELSE '/portfolio/bench-project-' || (${rank} - ${POSTS}) END`;
const SOURCES_SQL = `(ARRAY['search','search','search','facebook','zalo','youtube','sites','direct','direct'])[1 + floor(random() * 9)::int]`;

async function generate(client: Client): Promise<void> {
  const tz = 'Asia/Ho_Chi_Minh';
  const today = siteDay(new Date());
  const yesterday = addDays(today, -1);
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const started = Date.now();
    const result = await client.query(sql, params);
    console.log(
      `  ${label}: ${(result.rowCount ?? 0).toLocaleString('en')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  };
  console.log(`Generating ${TOTAL_VIEWS.toLocaleString('en')} page views' worth of statistics`);
  // Pages: each day, each path's share of the day's views (1/rank, with noise); the rarest get none.
  await step(
    'stats_daily_pages',
    `INSERT INTO stats_daily_pages (day, path, views, entries, engaged, engaged_ms, outbound)
     SELECT day, path, views, views / 3, views / 2, (views / 2) * (20000 + random() * 60000)::int, views / 50
       FROM (SELECT day, ${pathSql('n')} AS path,
                    floor(${VIEWS_PER_DAY} / (n * ln(${POSTS + PROJECTS})) * (0.5 + random()))::int AS views
               FROM generate_series($1::date - ${DAYS}, $1::date - 1, '1 day') AS day,
                    generate_series(1, ${POSTS + PROJECTS}) AS n) d
      WHERE views > 0`,
    [yesterday],
  );
  await step(
    'stats_days',
    `INSERT INTO stats_days (day, views, entries, visitors)
     SELECT day, sum(views), sum(entries), sum(views) * 6 / 10 FROM stats_daily_pages GROUP BY day`,
  );
  await step(
    'stats_daily_sources',
    `INSERT INTO stats_daily_sources (day, source, source_name, campaign, entries)
     SELECT day, source, CASE WHEN source = 'direct' THEN '' ELSE source || '-' || k || '.example' END, '',
            1 + floor(random() * 60)::int
       FROM generate_series($1::date - ${DAYS}, $1::date - 1, '1 day') AS day,
            unnest(ARRAY['search','facebook','zalo','youtube','sites','direct']) AS source,
            generate_series(1, 15) AS k
     ON CONFLICT DO NOTHING`,
    [yesterday],
  );
  await step(
    'stats_daily_searches',
    `INSERT INTO stats_daily_searches (day, term, searches, results)
     SELECT day, 'term ' || k, 1 + floor(random() * 5)::int, CASE WHEN k % 7 = 0 THEN 0 ELSE k % 13 END
       FROM generate_series($1::date - ${DAYS}, $1::date - 1, '1 day') AS day, generate_series(1, ${TERMS}) AS k
      WHERE random() < 0.3`,
    [yesterday],
  );
  // Hours: the last 14 days up to the last hour, which the job has not rolled up yet.
  const hours = `generate_series(date_trunc('hour', now() - interval '14 days', 'UTC'), date_trunc('hour', now(), 'UTC') - interval '2 hours', '1 hour') AS hour`;
  await step(
    'stats_hourly_pages',
    `INSERT INTO stats_hourly_pages (hour, path, views, entries, engaged, engaged_ms, outbound)
     SELECT hour, ${pathSql('n')}, count(*), count(*) / 3, count(*) / 2, count(*) / 2 * 40000, count(*) / 50
       FROM ${hours},
            LATERAL (SELECT ${RANK_SQL} AS n FROM generate_series(1, ${Math.round(VIEWS_PER_DAY / 24)}) WHERE hour IS NOT NULL) v
      GROUP BY hour, n`,
  );
  await step(
    'stats_hourly_sources',
    `INSERT INTO stats_hourly_sources (hour, source, source_name, campaign, entries)
     SELECT hour, source, CASE WHEN source = 'direct' THEN '' ELSE source || '-' || k || '.example' END, '', 1 + floor(random() * 5)::int
       FROM ${hours}, unnest(ARRAY['search','facebook','zalo','youtube','sites','direct']) AS source, generate_series(1, 15) AS k
     ON CONFLICT DO NOTHING`,
  );
  await step(
    'stats_hourly_searches',
    `INSERT INTO stats_hourly_searches (hour, term, searches, results)
     SELECT hour, 'term ' || k, 1, k % 13 FROM ${hours}, generate_series(1, ${TERMS}) AS k WHERE random() < 0.05`,
  );
  // Raw hits of the last 48 hours: views (a third entries, with sources), time on page, clicks out, searches.
  await step(
    'stats_hits',
    `INSERT INTO stats_hits (at, kind, path, entry, source, source_name, search_term, search_results, engaged_ms)
     SELECT at, kind, CASE WHEN search THEN '/search' ELSE ${pathSql('n')} END, entry,
            CASE WHEN entry THEN source END, CASE WHEN entry AND source <> 'direct' THEN source || '.example' END,
            CASE WHEN search THEN 'term ' || (1 + floor(random() * ${TERMS})::int) END,
            CASE WHEN search THEN floor(random() * 5)::int END,
            CASE WHEN kind = 'engaged' THEN (5000 + random() * 90000)::int END
       FROM (SELECT now() - random() * interval '48 hours' AS at, ${RANK_SQL} AS n,
                    (ARRAY['view','view','view','view','engaged','engaged','outbound'])[1 + floor(random() * 7)::int] AS kind,
                    random() < 0.3 AS entry, random() < 0.03 AS search, ${SOURCES_SQL} AS source
               FROM generate_series(1, ${Math.round((VIEWS_PER_DAY * 2 * 7) / 4)})) h`,
  );
  // Yesterday's and today's salts and marks (a few thousand visitors a day).
  for (const day of [yesterday, today]) {
    await client.query(`INSERT INTO stats_visitor_days (day, salt) VALUES ($1, gen_random_uuid()::text::bytea)`, [day]);
    await step(
      `stats_visitor_marks ${day}`,
      `INSERT INTO stats_visitor_marks (day, mark) SELECT $1, floor(random() * 131072)::int FROM generate_series(1, 8000) ON CONFLICT DO NOTHING`,
      [day],
    );
  }
  await step(
    'contact_messages',
    `INSERT INTO contact_messages (name, email, message, source_path, topic_kind, topic_slug, topic_title,
                                   visit_source, visit_source_name, created_at)
     SELECT 'Reader ' || i, 'reader' || i || '@example.com', 'Hello', ${pathSql('n')}, 'project',
            'bench-project-' || (i % 50), 'Project ' || (i % 50), source, NULL, now() - random() * interval '730 days'
       FROM (SELECT i, ${RANK_SQL} AS n, ${SOURCES_SQL} AS source FROM generate_series(1, 3000) AS i) m`,
  );
  // The roll-ups' marks: days before yesterday rolled up, hours before the last completed one.
  await client.query(
    `INSERT INTO stats_rollups (unit, done_until) VALUES
       ('day', $1::date::timestamp AT TIME ZONE $2), ('hour', date_trunc('hour', now(), 'UTC') - interval '2 hours')`,
    [yesterday, tz],
  );
  await client.query('VACUUM ANALYZE');
}

/** Runs the statistics' measures on a database of their own under `workDir`; answers them. */
export async function measureStats(workDir: string): Promise<StatsMeasure[]> {
  const database = await startDatabase({ dataDir: workDir, ephemeral: true });
  const client = new Client({ connectionString: database.url });
  const dataSource = await openDataSource(database.url);
  try {
    await client.connect();
    await seedPosts(client, 1, POSTS);
    await seedProjects(client, PROJECTS);
    await generate(client);
    const stats = new StatsService(dataSource);
    const today = siteDay(new Date());
    const last = (days: number) => ({ from: addDays(today, 1 - days), to: today });
    const postIds = (await client.query(`SELECT id FROM posts ORDER BY id LIMIT 50`)).rows.map((row) => row.id);
    const measures: StatsMeasure[] = [];
    const query = async (name: string, work: () => Promise<unknown>) =>
      measures.push({ name, ms: await timed(RUNS, work), target: QUERY_TARGET_MS });
    for (const days of [7, 30, 90])
      await query(`summary, ${days} days (+ the previous ${days})`, () => stats.summary(last(days)));
    for (const days of [30, 90]) {
      await query(`pages, ${days} days`, () => stats.pages(last(days)));
      await query(`sources, ${days} days`, () => stats.sources(last(days)));
      await query(`searches, ${days} days`, () => stats.searches(last(days)));
      await query(`inquiries, ${days} days`, () => stats.inquiries(last(days)));
    }
    await query('postViews, 50 posts (30 days)', () => stats.postViews(postIds));
    measures.push({
      name: 'pages, 366 days, every row (CSV export)',
      ms: await timed(3, () => stats.pages(last(366), null)),
    });

    // The job: one hour (the last completed one) alone, then one day (yesterday) alone.
    const config = { statsRetention: { hitsHours: 48, hourlyDays: 14, dailyDays: 0 } } as AppConfig;
    const rollup = new StatsRollupService(dataSource, {} as JobQueue, config);
    await client.query(`UPDATE stats_rollups SET done_until = done_until + interval '1 day' WHERE unit = 'day'`);
    let started = performance.now();
    await rollup.run();
    measures.push({ name: 'roll-up job: one hour of raw hits', ms: performance.now() - started });
    await client.query(`UPDATE stats_rollups SET done_until = done_until - interval '1 day' WHERE unit = 'day'`);
    started = performance.now();
    await rollup.run();
    measures.push({
      name: 'roll-up job: one day (hourly → daily, visitors, salt gone)',
      ms: performance.now() - started,
    });
    const sizes = await client.query(
      `SELECT relname AS name, pg_total_relation_size(oid) AS bytes, reltuples::bigint AS rows FROM pg_class
        WHERE relkind = 'r' AND relname LIKE 'stats\\_%' ORDER BY relname`,
    );
    for (const row of sizes.rows)
      console.log(
        `  ${row.name}: ~${Number(row.rows).toLocaleString('en')} rows, ${(Number(row.bytes) / 1048576).toFixed(1)} MB`,
      );
    return measures;
  } finally {
    await client.end().catch(() => undefined);
    await dataSource.destroy();
    await database.stop();
  }
}

export function printStats(measures: StatsMeasure[]): void {
  console.log('\nStatistics at 10 000 000 page views (median of the runs)');
  for (const { name, ms, target } of measures) {
    const verdict = target === undefined ? '' : ms < target ? `  ✓ < ${target} ms` : `  ✗ target < ${target} ms`;
    console.log(`  ${name.padEnd(58)} ${ms.toFixed(1).padStart(8)} ms${verdict}`);
  }
}

if (require.main === module) {
  const workDir = mkdtempSync(join(tmpdir(), 'blog-bench-stats-'));
  // The database's server user goes through it to its folder below (as bench.ts does).
  chmodSync(workDir, 0o711);
  measureStats(workDir)
    .then(printStats)
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => rmSync(workDir, { recursive: true, force: true }));
}
