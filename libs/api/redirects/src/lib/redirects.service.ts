import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import {
  OK,
  REDIRECTS_PAGE_SIZE,
  SLUG_PATTERN,
  checkRedirect,
  type FieldError,
  type Ok,
  type Redirect,
  type RedirectFields,
  type RedirectInput,
  type RedirectSource,
  type RedirectsPage,
  type RedirectsFilter,
  type RedirectsUpsertResult,
} from '@blog/contracts';
import { ContentChangesListener, likePattern, RedirectEntity } from '@blog/api/data';
import { BatchedWrites, conflictOnUnique, DomainError, FLUSH_DELAY_MS } from '@blog/api/core';
import { RedirectMap, type RedirectTarget } from './redirect-map';

/** The listening connection's name in `pg_stat_activity`. */
export const REDIRECTS_LISTENER_APPLICATION_NAME = 'blog redirects';
/** Rows an importer's redirects are inserted by, in one statement each. */
const UPSERT_CHUNK = 500;
/** Distinct redirects counted between two writes at most (each counted one is a row of the map anyway). */
const MAX_PENDING_HITS = 100_000;

const POST_ADDRESS = 'from_path: is the address of a post of this site: a redirect would hide it';
const FROM_PATH_TAKEN: FieldError = { field: 'from_path', message: 'is taken: another redirect has this from_path' };

function toRedirect(record: RedirectEntity): Redirect {
  return {
    id: record.id,
    from_path: record.from_path,
    to_path: record.to_path,
    status_code: record.status_code,
    hits: record.hits,
    last_hit_at: record.last_hit_at?.toISOString() ?? null,
    source: record.source,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

const notFound = () => DomainError.notFound('Redirect');

interface PendingHit {
  count: number;
  at: number;
}

/**
 * The redirects' rules, behind both doors and the importers (`upsertMany`), and their serving
 * (`resolve`): each instance answers from a map in memory, loaded at start and again whenever the
 * table changes on any instance (PostgreSQL's `content_changed` notification, which the table's
 * trigger sends for every change except the hit counts). Hits are counted in memory and written in
 * one statement every few seconds, never by the request.
 */
/** How long announced changes gather before the map is read again. */
const RELOAD_DELAY_MS = 250;

@Injectable()
export class RedirectsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Redirects');
  private map = new RedirectMap([]);
  private readonly listener: ContentChangesListener;
  /** Loads started and the newest applied: a slow load never replaces a newer one. */
  private loadsStarted = 0;
  private loadApplied = 0;
  private reloadTimer: NodeJS.Timeout | null = null;
  /** Rows in the table that the rules refuse (written before them), each reported once. */
  private readonly unsafeReported = new Set<number>();
  private readonly hits = new BatchedWrites<number, PendingHit>({
    delayMs: FLUSH_DELAY_MS,
    maxKeys: MAX_PENDING_HITS,
    merge: (previous, next) => ({
      count: (previous?.count ?? 0) + next.count,
      at: Math.max(previous?.at ?? 0, next.at),
    }),
    write: (entries) => this.writeHits(entries),
    onError: (error) => this.logger.warn(`Redirect hits not counted: ${(error as Error).message}`),
  });

  constructor(@InjectRepository(RedirectEntity) private readonly redirects: Repository<RedirectEntity>) {
    // The app's own database (DataModule's PostgreSQL options carry its URL).
    const { url } = redirects.manager.connection.options as { url?: string };
    this.listener = new ContentChangesListener(
      url ?? '',
      {
        onChange: (table) => {
          if (table === 'redirects') this.scheduleReload();
        },
        // Changes may have been missed while not listening: the map is read again. Until then the
        // old one keeps serving (a redirect a little late is better than none).
        onListening: (listening) => {
          if (listening) void this.reload();
        },
      },
      REDIRECTS_LISTENER_APPLICATION_NAME,
    );
  }

  async onModuleInit(): Promise<void> {
    // Listening first, so that no change falls between the load and the listening.
    await this.listener.start();
    await this.reload();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    await this.listener.stop();
    await this.flushHits();
  }

  /** Where a public request for `url` (path and query) is redirected, counting the hit; undefined when nowhere. */
  resolve(url: string): RedirectTarget | undefined {
    const target = this.map.lookup(url);
    if (target) this.hits.add(target.id, { count: 1, at: Date.now() });
    return target;
  }

  /** Whether `resolve` would answer `url`, without counting a hit (asked by the cached pages' fast path). */
  hasRule(url: string): boolean {
    return this.map.lookup(url) !== undefined;
  }

  /** Writes the hits counted so far (at shutdown; specs). */
  flushHits(): Promise<void> {
    return this.hits.flush();
  }

  /** Reads every redirect into this instance's map. */
  /**
   * Reads the table again a moment after a change is announced, once for all the changes of that moment:
   * an import announces one per post, and reading the whole table for each made it quadratic.
   */
  private scheduleReload(): void {
    if (this.reloadTimer) return;
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = null;
      void this.reload();
    }, RELOAD_DELAY_MS);
  }

  async reload(): Promise<void> {
    const load = ++this.loadsStarted;
    try {
      const rows = await this.redirects.find({
        select: { id: true, from_path: true, to_path: true, status_code: true },
      });
      if (load < this.loadApplied) return;
      this.loadApplied = load;
      this.map = new RedirectMap(rows, (row, reason) => {
        if (this.unsafeReported.has(row.id)) return;
        this.unsafeReported.add(row.id);
        this.logger.warn(`Redirect ${row.id} from ${row.from_path} to ${row.to_path} not served: ${reason}`);
      });
    } catch (error) {
      this.logger.warn(`Redirects not reloaded, the previous ones still apply: ${(error as Error).message}`);
    }
  }

  /** Newest first; `q` in `from_path` or `to_path`, case ignored; a page of `REDIRECTS_PAGE_SIZE`, or all. */
  async list(filter: RedirectsFilter = {}): Promise<RedirectsPage> {
    const query = this.redirects.createQueryBuilder('redirect').orderBy('redirect.id', 'DESC');
    if (filter.q) {
      query.where(`(redirect.from_path ILIKE :pattern OR redirect.to_path ILIKE :pattern)`, {
        pattern: likePattern(filter.q),
      });
    }
    if (filter.page) query.offset((filter.page - 1) * REDIRECTS_PAGE_SIZE).limit(REDIRECTS_PAGE_SIZE);
    const [records, total] = await query.getManyAndCount();
    return { rows: records.map(toRedirect), total };
  }

  async get(id: number): Promise<Redirect> {
    const record = await this.redirects.findOneBy({ id });
    if (!record) throw notFound();
    return toRedirect(record);
  }

  /** 409 naming `from_path` when a redirect has it; its path leaves the 404 log (it is answered now). */
  async create(fields: RedirectFields, source: RedirectSource = 'manual'): Promise<Redirect> {
    const id = await this.saving(async (manager) => {
      const { identifiers } = await manager.insert(RedirectEntity, { ...fields, source });
      return identifiers[0]['id'] as number;
    }, fields.from_path);
    return this.get(id);
  }

  async update(id: number, fields: RedirectFields): Promise<Redirect> {
    await this.saving(async (manager) => {
      const { affected } = await manager.update(RedirectEntity, { id }, fields);
      if (!affected) throw notFound();
    }, fields.from_path);
    return this.get(id);
  }

  async remove(id: number): Promise<Ok> {
    const { affected } = await this.redirects.delete({ id });
    if (!affected) throw notFound();
    await this.reload();
    return OK;
  }

  /**
   * An importer's rows checked as the admin's form is (`checkRedirect`), and against the posts here: an
   * old address that is a post's own (`/hello`, when an import kept both and made its `hello` into
   * `hello-2`) is refused, or the import would take the owner's post's place. Each refused row with why.
   */
  async checkImported(
    rows: readonly RedirectInput[],
    manager: EntityManager = this.redirects.manager,
  ): Promise<{ valid: RedirectFields[]; refused: RedirectsUpsertResult['refused'] }> {
    const checked: Array<{ given: string; fields: RedirectFields }> = [];
    const refused: RedirectsUpsertResult['refused'] = [];
    for (const row of rows) {
      const { fields, reason } = checkRedirect(row);
      if (fields) checked.push({ given: row.from_path, fields });
      else refused.push({ from_path: row.from_path, reason });
    }
    const slugs = checked.map(({ fields }) => fields.from_path.slice(1)).filter((slug) => SLUG_PATTERN.test(slug));
    const posts = new Set(
      slugs.length === 0
        ? []
        : (
            (await manager.query(`SELECT slug FROM posts WHERE deleted_at IS NULL AND slug = ANY($1::text[])`, [
              slugs,
            ])) as Array<{ slug: string }>
          ).map((post) => `/${post.slug}`),
    );
    const valid: RedirectFields[] = [];
    for (const { given, fields } of checked) {
      if (posts.has(fields.from_path)) refused.push({ from_path: given, reason: POST_ADDRESS });
      else valid.push(fields);
    }
    return { valid, refused };
  }

  /**
   * The importers' door: every row `checkImported` lets through whose `from_path` has no redirect yet
   * is created with `source`; a taken one keeps its redirect (the owner's, or an earlier import's), so
   * running an import again creates nothing twice.
   * `transaction`: the importer's, which writes the post the redirects lead to (the map is then read
   * again when its commit is announced).
   */
  async upsertMany(
    rows: readonly RedirectInput[],
    source: RedirectSource,
    transaction?: EntityManager,
  ): Promise<RedirectsUpsertResult> {
    const { valid, refused } = await this.checkImported(rows, transaction);
    let created = 0;
    for (let start = 0; start < valid.length; start += UPSERT_CHUNK) {
      const chunk = valid.slice(start, start + UPSERT_CHUNK);
      const write = async (manager: EntityManager) => {
        const paths: Array<{ from_path: string }> = await manager.query(
          `INSERT INTO redirects (from_path, to_path, status_code, source)
           SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::smallint[], $4::text[])
           ON CONFLICT (from_path) DO NOTHING
           RETURNING from_path`,
          [
            chunk.map((row) => row.from_path),
            chunk.map((row) => row.to_path),
            chunk.map((row) => row.status_code),
            chunk.map(() => source),
          ],
        );
        await manager.query(`DELETE FROM not_found_hits WHERE path = ANY($1::varchar[])`, [
          paths.map((row) => row.from_path),
        ]);
        return paths;
      };
      const inserted = transaction ? await write(transaction) : await this.redirects.manager.transaction(write);
      created += inserted.length;
    }
    if (created > 0 && !transaction) await this.reload();
    return { created, skipped: valid.length - created, refused };
  }

  /**
   * A write and the removal of its path from the 404 log, together; the unique constraint judges a
   * taken `from_path` (no read first, which two saves could race past). The map is read again at
   * once, so this instance serves the change before the notification comes back.
   */
  private async saving<T>(
    write: (manager: Repository<RedirectEntity>['manager']) => Promise<T>,
    fromPath: string,
  ): Promise<T> {
    const result = await conflictOnUnique(
      () =>
        this.redirects.manager.transaction(async (manager) => {
          const written = await write(manager);
          await manager.query(`DELETE FROM not_found_hits WHERE path = $1`, [fromPath]);
          return written;
        }),
      { UQ_redirects_from_path: FROM_PATH_TAKEN },
    );
    await this.reload();
    return result;
  }

  /** One statement for the batch; `updated_at` stays (a hit is no edit) and no change is announced. */
  private async writeHits(entries: Array<[number, PendingHit]>): Promise<void> {
    await this.redirects.manager.query(
      `UPDATE redirects r
       SET hits = r.hits + v.n, last_hit_at = GREATEST(r.last_hit_at, v.at)
       FROM unnest($1::int[], $2::int[], $3::timestamptz[]) AS v(id, n, at)
       WHERE r.id = v.id`,
      [
        entries.map(([id]) => id),
        entries.map(([, hit]) => hit.count),
        entries.map(([, hit]) => new Date(hit.at).toISOString()),
      ],
    );
  }
}
