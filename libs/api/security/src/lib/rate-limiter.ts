import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import type { RateLimit } from '@blog/contracts';
import { DomainError, type TrustProxyFn } from '@blog/api/core';
import { poolOf } from './sessions';

/** The one table of every counter (rate-limiter-flexible's layout), told apart by key prefix. */
export const RATE_LIMITS_TABLE = 'rate_limits';

/** The address a request comes from, as Express's `trust proxy` setting decides it. */
export function clientAddress(req: Request | undefined): string {
  return req?.ip ?? 'unknown';
}

/**
 * `clientAddress` of a request Express has not seen (a page answered before it): the nearest address
 * in `X-Forwarded-For` that `trust` does not vouch for, walking from the connection's, as `req.ip` does.
 */
export function clientAddressOf(req: IncomingMessage, trust: TrustProxyFn | undefined): string {
  const header = req.headers['x-forwarded-for'];
  const forwarded = trust && typeof header === 'string' ? header.split(',').reverse() : [];
  const chain = [req.socket.remoteAddress ?? 'unknown', ...forwarded.map((address) => address.trim())];
  let hop = 0;
  while (hop < chain.length - 1 && trust?.(chain[hop], hop)) hop++;
  return chain[hop];
}

/**
 * Named limits (`{perEmail: {points, windowSeconds}, ...}`), each counted per key (an address, an
 * e-mail) in PostgreSQL, so they hold across restarts and every instance agrees. A used-up limit
 * refuses with 429 and `Retry-After`, in words `refusal` gives from the wait (in seconds).
 */
export class RateLimiter<Name extends string> {
  private readonly counters: Record<Name, RateLimiterAbstract>;

  constructor(
    /** Null: counted in this instance's memory only, for keys that must never reach a table (a reader's address). */
    dataSource: DataSource | null,
    /** Prefixes this limiter's keys in the shared table (`login`, `contact` ...). */
    name: string,
    private readonly limits: Readonly<Record<Name, RateLimit>>,
    private readonly refusal: (retryAfterSeconds: number) => string,
  ) {
    const counters = {} as Record<Name, RateLimiterAbstract>;
    Object.entries<RateLimit>(limits).forEach(([limit, { points, windowSeconds }], index) => {
      if (!dataSource) {
        counters[limit as Name] = new RateLimiterMemory({
          keyPrefix: `${name}-${limit}`,
          points,
          duration: windowSeconds,
        });
        return;
      }
      counters[limit as Name] = new RateLimiterPostgres({
        storeClient: poolOf(dataSource),
        storeType: 'pool',
        tableName: RATE_LIMITS_TABLE,
        tableCreated: true,
        // Every 5 minutes a counter deletes the table's long-expired rows, all prefixes alike: one is enough.
        clearExpiredByTimeout: index === 0,
        keyPrefix: `${name}-${limit}`,
        points,
        duration: windowSeconds,
      });
    });
    this.counters = counters;
  }

  /** Counts one request against every limit and refuses it when one of them is used up. */
  async consume(keys: Record<Name, string>): Promise<void> {
    const results = await Promise.allSettled(this.each(keys, (counter, key) => counter.consume(key)));
    const refusals: RateLimiterRes[] = [];
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      // Anything but a refusal (the database is down) is an error of its own.
      if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
      refusals.push(result.reason);
    }
    this.refuseFor(refusals);
  }

  /** Refuses when a limit is already used up, counting nothing (sign-in counts failures only). */
  async check(keys: Partial<Record<Name, string>>): Promise<void> {
    const counts = await Promise.all(
      this.each(keys, async (counter, key) => ({ res: await counter.get(key), points: counter.points })),
    );
    this.refuseFor(counts.flatMap(({ res, points }) => (res && res.consumedPoints >= points ? [res] : [])));
  }

  /** Counts one against each given key (a failed sign-in). */
  async penalty(keys: Partial<Record<Name, string>>): Promise<void> {
    await Promise.all(this.each(keys, (counter, key) => counter.penalty(key, 1)));
  }

  /** Forgets the counts of the given keys. */
  async reset(keys: Partial<Record<Name, string>>): Promise<void> {
    await Promise.all(this.each(keys, (counter, key) => counter.delete(key)));
  }

  private each<T>(keys: Partial<Record<Name, string>>, run: (counter: RateLimiterAbstract, key: string) => Promise<T>) {
    return Object.entries<string | undefined>(keys).flatMap(([limit, key]) => {
      if (key === undefined) return [];
      if (!(limit in this.limits)) throw new Error(`Unknown rate limit ${limit}`);
      return [run(this.counters[limit as Name], key)];
    });
  }

  /** Refuses with the longest wait among the used-up limits: only then do they all allow again. */
  private refuseFor(refusals: RateLimiterRes[]): void {
    if (!refusals.length) return;
    const waitMs = Math.max(...refusals.map((res) => res.msBeforeNext));
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new DomainError('TOO_MANY_REQUESTS', this.refusal(seconds), undefined, { 'Retry-After': String(seconds) });
  }
}
