import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SITE_TIME_ZONE, type StatsBeacon } from '@blog/contracts';
import {
  APP_CONFIG,
  BatchedWrites,
  FLUSH_DELAY_MS,
  VisitSources,
  type AppConfig,
  type VisitRequest,
  type VisitSource,
} from '@blog/api/core';
import { isCountedVisitor, isPageView } from './counting-rules';
import { statsPageOf, type StatsHit } from './stats-page';
import { classifyVisit } from './visit-source';
import { cachedDayIn, markOf, visitorHash } from './visitors';

/** Hits held at most between two writes (beyond, new ones are dropped: a flood cannot grow memory). */
const MAX_PENDING = 200_000;
/** Today's visitors whose entry's source is remembered (for the inquiries they send), the oldest forgotten first. */
const MAX_VISITS = 50_000;
/** How long a term's number of search results is reused, and how many terms are remembered. */
const SEARCH_RESULTS_TTL_MS = 60_000;
const MAX_SEARCH_TERMS = 1_000;

/** A visitor's mark of a day, to be written (`stats_visitor_marks`). */
interface PendingMark {
  day: string;
  mark: number;
}
type Pending = StatsHit | PendingMark;
const isMark = (pending: Pending): pending is PendingMark => 'mark' in pending;

/** What a batch writes: the hits, and the day's visitor marks not written by this instance before. */
type StatsBatch = Array<[number | string, Pending]>;

/** A request, as much of it as counting reads. */
export type CountedRequest = Pick<IncomingMessage, 'method' | 'url' | 'headers'>;

/**
 * Counts the public pages' views and the beacon's reports in memory, and writes them in batches
 * (`BatchedWrites`: one statement for the hits, one for the new visitor marks), so that a page, even
 * one answered from the page cache, never waits for the database. A visitor is known for the day by
 * a hash of the day's random salt (shared by the instances through `stats_visitor_days`, made by the
 * first that needs it), the client's address, user agent and the site's host: the hash never leaves
 * this instance's memory, only its 17-bit mark reaches the database (see `visitors.ts`).
 */
@Injectable()
export class StatsRecorder implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Stats');
  private readonly siteHost: string;
  /** The clock (epoch milliseconds); a spec moves it to another day. */
  now = () => Date.now();
  private salt: { day: string; value: Buffer } | null = null;
  private saltLoading: { day: string; promise: Promise<Buffer | null> } | null = null;
  /** The marks of `salt.day` this instance has sent (or is sending). */
  private marksSent = new Set<number>();
  /** Today's visitors' entry sources, by visitor hash (base64), in memory only. */
  private visits = new Map<string, VisitSource>();
  private sequence = 0;
  private searchResults: ((term: string) => Promise<number>) | null = null;
  private readonly searchResultsCache = new Map<string, { count: number; at: number }>();
  private readonly pending = new BatchedWrites<number | string, Pending>({
    delayMs: FLUSH_DELAY_MS,
    maxKeys: MAX_PENDING,
    merge: (_previous, next) => next,
    write: (entries) => this.writeBatch(entries),
    // The message only: never the values (no hash, no salt).
    onError: (error) => this.logger.warn(`Page views not counted: ${(error as Error).message}`),
  });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly visitSources: VisitSources,
  ) {
    this.siteHost = new URL(config.siteUrl).host;
  }

  onModuleInit(): void {
    this.visitSources.answerWith((req) => this.visitSourceOf(req));
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }

  /** Whether anything is counted (`STATS`). */
  get enabled(): boolean {
    return this.config.stats;
  }

  /** How the search page's results are counted (the site's search services, asked when a batch is written). */
  countSearchResultsWith(count: (term: string) => Promise<number>): void {
    this.searchResults = count;
  }

  /**
   * Counts a public page answered with `status`, when it is a page view (`isPageView`), to the client
   * `addressOf` tells (asked only then). Takes no time worth the name and waits for nothing: a cached
   * page calls it.
   */
  recordPageView(req: CountedRequest, status: number, addressOf: () => string): void {
    if (!this.enabled) return;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    if (!isPageView(req.method, query < 0 ? url : url.slice(0, query), status, req.headers)) return;
    const page = statsPageOf(url);
    if (!page) return;
    const referrer = req.headers.referer;
    const visit = classifyVisit(Array.isArray(referrer) ? referrer[0] : referrer, page.query, this.siteHost);
    const at = this.now();
    this.add({
      at,
      kind: 'view',
      path: page.path,
      entry: visit.entry,
      source: visit.source?.source ?? null,
      sourceName: visit.source?.name ?? null,
      campaign: visit.campaign,
      searchTerm: page.searchTerm,
      engagedMs: null,
      target: null,
    });
    this.markVisitor(req.headers, addressOf(), at, visit.source);
  }

  /**
   * Counts what the beacon reports (validated: `statsBeaconSchema`): a page the visitor moved to in the
   * browser, the time they saw a page, a link out. False when the sender is not counted (the same
   * rules as a page's), or the page cannot be.
   */
  recordBeacon(report: StatsBeacon, headers: IncomingHttpHeaders, address: string): boolean {
    if (!this.enabled || !isCountedVisitor(headers)) return false;
    const page = statsPageOf(report.path);
    if (!page) return false;
    const at = this.now();
    this.add({
      at,
      kind: report.kind,
      path: page.path,
      entry: false,
      source: null,
      sourceName: null,
      campaign: null,
      searchTerm: report.kind === 'view' ? page.searchTerm : null,
      engagedMs: report.kind === 'engaged' ? report.ms : null,
      target: report.kind === 'outbound' ? report.target.toLowerCase() : null,
    });
    if (report.kind === 'view') this.markVisitor(headers, address, at, null);
    return true;
  }

  /** The source of today's entry of the visitor sending `req`, when this instance counted it; null otherwise. */
  visitSourceOf(req: VisitRequest): VisitSource | null {
    const agent = req.headers['user-agent'];
    const day = cachedDayIn(SITE_TIME_ZONE, this.now());
    if (!this.enabled || !agent || this.salt?.day !== day || !isCountedVisitor(req.headers)) return null;
    return this.visits.get(visitorHash(this.salt.value, req.address, agent, this.siteHost).toString('base64')) ?? null;
  }

  /** Writes what is counted so far (at shutdown; specs). */
  flush(): Promise<void> {
    return this.pending.flush();
  }

  /**
   * Writes one batch: the hits (one multi-row INSERT through `unnest`, with each search term's number
   * of results), and the new visitor marks of days whose salt is still there.
   */
  private async writeBatch(entries: StatsBatch): Promise<void> {
    const hits: StatsHit[] = [];
    const marks: PendingMark[] = [];
    for (const [, pending] of entries) {
      if (isMark(pending)) marks.push(pending);
      else hits.push(pending);
    }
    const results = await this.searchResultsOf(hits);
    if (hits.length > 0) {
      await this.dataSource.query(
        `INSERT INTO stats_hits
           (at, kind, path, entry, source, source_name, campaign, search_term, search_results, engaged_ms, target)
         SELECT to_timestamp(v.at / 1000.0), v.kind, v.path, v.entry, v.source, v.source_name, v.campaign,
                v.search_term, v.search_results, v.engaged_ms, v.target
         FROM unnest($1::float8[], $2::varchar[], $3::varchar[], $4::boolean[], $5::varchar[], $6::varchar[],
                     $7::varchar[], $8::varchar[], $9::int[], $10::int[], $11::varchar[])
           AS v(at, kind, path, entry, source, source_name, campaign, search_term, search_results, engaged_ms, target)`,
        [
          hits.map((hit) => hit.at),
          hits.map((hit) => hit.kind),
          hits.map((hit) => hit.path),
          hits.map((hit) => hit.entry),
          hits.map((hit) => hit.source),
          hits.map((hit) => hit.sourceName),
          hits.map((hit) => hit.campaign),
          hits.map((hit) => hit.searchTerm),
          hits.map((hit) => (hit.searchTerm === null ? null : (results.get(hit.searchTerm) ?? null))),
          hits.map((hit) => hit.engagedMs),
          hits.map((hit) => hit.target),
        ],
      );
    }
    if (marks.length > 0) {
      // A day counted and gone meanwhile (its salt deleted) takes no marks.
      await this.dataSource.query(
        `INSERT INTO stats_visitor_marks (day, mark)
         SELECT v.day, v.mark FROM unnest($1::date[], $2::int[]) AS v(day, mark)
         WHERE EXISTS (SELECT 1 FROM stats_visitor_days d WHERE d.day = v.day)
         ON CONFLICT DO NOTHING`,
        [marks.map((mark) => mark.day), marks.map((mark) => mark.mark)],
      );
    }
  }

  private add(pending: Pending, key: number | string = this.sequence++): void {
    this.pending.add(key, pending);
  }

  /**
   * Counts the visitor of the day (their mark, once per instance and day) and, for an entry,
   * remembers its source for the visitor's inquiries. The salt comes from memory, else from the
   * database once (then the visitor is counted a moment later).
   */
  private markVisitor(headers: IncomingHttpHeaders, address: string, at: number, source: VisitSource | null): void {
    const agent = headers['user-agent'] as string;
    const day = cachedDayIn(SITE_TIME_ZONE, at);
    const count = (salt: Buffer) => {
      // A day's salt is never used on another day.
      if (this.salt?.day !== day) return;
      const hash = visitorHash(salt, address, agent, this.siteHost);
      const mark = markOf(hash);
      if (!this.marksSent.has(mark)) {
        this.marksSent.add(mark);
        this.add({ day, mark }, `${day}:${mark}`);
      }
      if (source) this.rememberVisit(hash.toString('base64'), source);
    };
    if (this.salt?.day === day) return count(this.salt.value);
    void this.saltOf(day).then((salt) => salt && count(salt));
  }

  private rememberVisit(hash: string, source: VisitSource): void {
    this.visits.delete(hash);
    this.visits.set(hash, source);
    if (this.visits.size > MAX_VISITS) this.visits.delete(this.visits.keys().next().value as string);
  }

  /**
   * The salt of `day`, made by the first instance that needs it (32 random bytes) and read by the
   * others; the day before's is forgotten with what it counted. Null when the database cannot tell.
   */
  private saltOf(day: string): Promise<Buffer | null> {
    if (this.saltLoading?.day === day) return this.saltLoading.promise;
    const promise = (async () => {
      await this.dataSource.query(
        `INSERT INTO stats_visitor_days (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING`,
        [day, randomBytes(32)],
      );
      const [row] = (await this.dataSource.query(`SELECT salt FROM stats_visitor_days WHERE day = $1`, [
        day,
      ])) as Array<{
        salt: Buffer;
      }>;
      if (!row) return null;
      if (this.salt?.day !== day) {
        this.salt = { day, value: row.salt };
        this.marksSent = new Set();
        this.visits = new Map();
      }
      return row.salt;
    })().catch((error: Error) => {
      this.logger.warn(`Visitors not counted: the day's salt could not be read (${error.message})`);
      if (this.saltLoading?.promise === promise) this.saltLoading = null;
      return null;
    });
    this.saltLoading = { day, promise };
    return promise;
  }

  /** Each search term's number of results (the site's search), reused a minute; none without a search. */
  private async searchResultsOf(hits: StatsHit[]): Promise<Map<string, number>> {
    const results = new Map<string, number>();
    const count = this.searchResults;
    if (!count) return results;
    const now = Date.now();
    for (const term of new Set(hits.flatMap((hit) => (hit.searchTerm ? [hit.searchTerm] : [])))) {
      const cached = this.searchResultsCache.get(term);
      if (cached && now - cached.at < SEARCH_RESULTS_TTL_MS) {
        results.set(term, cached.count);
        continue;
      }
      const found = await count(term).catch(() => null);
      if (found === null) continue;
      results.set(term, found);
      this.searchResultsCache.delete(term);
      this.searchResultsCache.set(term, { count: found, at: now });
      if (this.searchResultsCache.size > MAX_SEARCH_TERMS) {
        this.searchResultsCache.delete(this.searchResultsCache.keys().next().value as string);
      }
    }
    return results;
  }
}
