import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  NOT_FOUND_LOG_MAX_ROWS,
  NOT_FOUND_PAGE_SIZE,
  NOT_FOUND_PATH_MAX_LENGTH,
  normaliseRedirectPath,
  OK,
  redirectFromPathSchema,
  type NotFoundFilter,
  type NotFoundHit,
  type NotFoundPage,
  type Ok,
} from '@blog/contracts';
import { NotFoundHitEntity } from '@blog/api/data';
import { BatchedWrites, DomainError, FLUSH_DELAY_MS, redactSecrets, referrerHostOf } from '@blog/api/core';

interface PendingNotFound {
  count: number;
  first: number;
  last: number;
  referrerHost: string | null;
}

function toNotFoundHit(record: NotFoundHitEntity): NotFoundHit {
  return {
    id: record.id,
    path: record.path,
    hits: record.hits,
    first_seen_at: record.first_seen_at.toISOString(),
    last_seen_at: record.last_seen_at.toISOString(),
    referrer_host: record.referrer_host,
  };
}

/**
 * The public paths that answered 404, for the owner to redirect: counted in memory and written in
 * batches like the redirects' hits, at most `NOT_FOUND_LOG_MAX_ROWS` rows (the most recently seen
 * are kept). No personal data: no address, no user agent, only the referrer's host.
 */
@Injectable()
export class NotFoundLogService implements OnModuleDestroy {
  private readonly logger = new Logger('NotFoundLog');
  private readonly pending = new BatchedWrites<string, PendingNotFound>({
    delayMs: FLUSH_DELAY_MS,
    // A batch never holds more paths than the log keeps.
    maxKeys: NOT_FOUND_LOG_MAX_ROWS,
    merge: (previous, next) =>
      previous
        ? {
            count: previous.count + next.count,
            first: previous.first,
            last: next.last,
            referrerHost: next.referrerHost,
          }
        : next,
    write: (entries) => this.write(entries),
    onError: (error) => this.logger.warn(`404s not logged: ${(error as Error).message}`),
  });

  constructor(@InjectRepository(NotFoundHitEntity) private readonly hits: Repository<NotFoundHitEntity>) {}

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }

  /**
   * Counts a 404 of the public page at `url` (path and query as requested), in the form a redirect's
   * `from_path` takes, so that "Create redirect" takes it as it is. A path no redirect could have
   * (too long, not text) is not logged; a secret in it (an expired preview link's token) is redacted.
   */
  record(url: string, referrer: string | undefined): void {
    const path = redactSecrets(normaliseRedirectPath(url));
    if (path.length > NOT_FOUND_PATH_MAX_LENGTH || !redirectFromPathSchema.safeParse(path).success) return;
    const now = Date.now();
    this.pending.add(path, { count: 1, first: now, last: now, referrerHost: referrerHostOf(referrer) });
  }

  /** Writes the 404s counted so far (at shutdown; specs). */
  flush(): Promise<void> {
    return this.pending.flush();
  }

  /** The most hit first, then the most recently seen; `NOT_FOUND_PAGE_SIZE` a page, or all. */
  async list(filter: NotFoundFilter = {}): Promise<NotFoundPage> {
    const [records, total] = await this.hits.findAndCount({
      order: { hits: 'DESC', last_seen_at: 'DESC', id: 'DESC' },
      ...(filter.page ? { skip: (filter.page - 1) * NOT_FOUND_PAGE_SIZE, take: NOT_FOUND_PAGE_SIZE } : {}),
    });
    return { rows: records.map(toNotFoundHit), total };
  }

  async remove(id: number): Promise<Ok> {
    const { affected } = await this.hits.delete({ id });
    if (!affected) throw DomainError.notFound('404 log entry');
    return OK;
  }

  async clear(): Promise<Ok & { deleted: number }> {
    const { affected } = await this.hits.createQueryBuilder().delete().execute();
    return { ...OK, deleted: affected ?? 0 };
  }

  /**
   * One upsert for the batch (a path redirected meanwhile is left out), then the oldest rows past
   * the cap go.
   */
  private async write(entries: Array<[string, PendingNotFound]>): Promise<void> {
    await this.hits.manager.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO not_found_hits AS h (path, hits, first_seen_at, last_seen_at, referrer_host)
         SELECT v.* FROM unnest($1::varchar[], $2::int[], $3::timestamptz[], $4::timestamptz[], $5::varchar[])
           AS v(path, hits, first_seen_at, last_seen_at, referrer_host)
         WHERE NOT EXISTS (SELECT 1 FROM redirects WHERE redirects.from_path = v.path)
         ON CONFLICT (path) DO UPDATE SET
           hits = h.hits + EXCLUDED.hits,
           last_seen_at = GREATEST(h.last_seen_at, EXCLUDED.last_seen_at),
           referrer_host = EXCLUDED.referrer_host`,
        [
          entries.map(([path]) => path),
          entries.map(([, hit]) => hit.count),
          entries.map(([, hit]) => new Date(hit.first).toISOString()),
          entries.map(([, hit]) => new Date(hit.last).toISOString()),
          entries.map(([, hit]) => hit.referrerHost),
        ],
      );
      await manager.query(
        `DELETE FROM not_found_hits WHERE id IN (
           SELECT id FROM not_found_hits ORDER BY last_seen_at DESC, id DESC OFFSET $1)`,
        [NOT_FOUND_LOG_MAX_ROWS],
      );
    });
  }
}
