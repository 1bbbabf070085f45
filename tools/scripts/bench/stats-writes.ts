/**
 * The analytics' write path (`BENCH_ONLY=stats`, with the warm page with STATS on and off in
 * ./bench.ts): a batch of page views counted by the recorder (in memory, as a page answered does)
 * and written by its batch write into a database already holding many raw hits; printed as CPU
 * per hit, the Node process's and PostgreSQL's.
 */
import type { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { loadConfig, VisitSources } from '../../../libs/api/core/src';
import { StatsRecorder } from '../../../libs/api/stats/src';

/** Hits in the batch measured, and raw hits already in `stats_hits` (two days of a busy site). */
const BATCH_HITS = Number(process.env['BENCH_STATS_BATCH'] ?? 100_000);
const EXISTING_HITS = Number(process.env['BENCH_STATS_ROWS'] ?? 2_000_000);
export const STATS_WRITE_TARGET_MS = 0.2;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const REFERRERS = [undefined, 'https://www.google.com/', 'https://l.facebook.com/', 'https://blog.example.vn/posts'];

export interface StatsWrites {
  hits: number;
  existing: number;
  /** The recorder's counting on the request (Node CPU), per hit. */
  recordMs: number;
  /** The batch write: Node's CPU and PostgreSQL's, per hit. */
  writeNodeMs: number;
  writeDatabaseMs: number;
}

/** Measures on the database of `client` (migrated); `databaseCpuMs` reads PostgreSQL's CPU time so far. */
export async function measureStatsWrites(client: Client, databaseCpuMs: () => number): Promise<StatsWrites> {
  await client.query(`TRUNCATE stats_hits`);
  // Spread over the last 48 hours, on 2 000 paths.
  await client.query(
    `INSERT INTO stats_hits (at, kind, path, entry, source)
     SELECT now() - (n % 172800) * interval '1 second', 'view', '/post-' || (n % 2000), n % 3 = 0,
            CASE WHEN n % 3 = 0 THEN 'search' END
     FROM generate_series(1, $1) AS n`,
    [EXISTING_HITS],
  );
  await client.query(`ANALYZE stats_hits`);
  const dataSource = {
    query: async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows,
  } as unknown as DataSource;
  const config = loadConfig({ SITE_URL: 'http://blog.example.vn', DATA_DIR: '/tmp', STATS: 'true' });
  const recorder = new StatsRecorder(config, dataSource, new VisitSources());

  // The day's salt read once, as on a running instance.
  recorder.recordPageView({ method: 'GET', url: '/', headers: { 'user-agent': BROWSER } }, 200, () => '192.0.2.1');
  await new Promise((resolve) => setTimeout(resolve, 200));
  await recorder.flush();

  const recordStart = process.cpuUsage();
  for (let n = 0; n < BATCH_HITS; n++) {
    const referer = REFERRERS[n % REFERRERS.length];
    recorder.recordPageView(
      {
        method: 'GET',
        url: `/post-${n % 2000}${n % 7 === 0 ? '?utm_source=zalo' : ''}`,
        headers: { 'user-agent': BROWSER, ...(referer ? { referer } : {}) },
      },
      200,
      () => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    );
  }
  const record = process.cpuUsage(recordStart);
  const writeStart = process.cpuUsage();
  const databaseBefore = databaseCpuMs();
  await recorder.flush();
  const write = process.cpuUsage(writeStart);
  const writeDatabase = databaseCpuMs() - databaseBefore;
  const written = Number((await client.query(`SELECT count(*) AS n FROM stats_hits`)).rows[0].n) - EXISTING_HITS - 1;
  if (written !== BATCH_HITS) throw new Error(`${written} hits written of ${BATCH_HITS}`);
  await client.query(`TRUNCATE stats_hits`);
  const perHit = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000 / BATCH_HITS;
  return {
    hits: BATCH_HITS,
    existing: EXISTING_HITS,
    recordMs: perHit(record),
    writeNodeMs: perHit(write),
    writeDatabaseMs: writeDatabase / BATCH_HITS,
  };
}

export function printStatsWrites(run: StatsWrites): void {
  const total = run.writeNodeMs + run.writeDatabaseMs;
  console.log(
    `\nAnalytics write path: ${run.hits.toLocaleString('en')} page views into ${run.existing.toLocaleString('en')} raw hits`,
  );
  console.log(`  counting on the request (Node CPU): ${run.recordMs.toFixed(4)} ms/hit`);
  console.log(
    `  batch write: Node ${run.writeNodeMs.toFixed(4)} + PostgreSQL ${run.writeDatabaseMs.toFixed(4)} = ${total.toFixed(4)} ms/hit` +
      `; with the counting ${(total + run.recordMs).toFixed(4)} ms/hit; target < ${STATS_WRITE_TARGET_MS} ms ${
        total + run.recordMs < STATS_WRITE_TARGET_MS ? '✓' : '✗'
      }`,
  );
}
