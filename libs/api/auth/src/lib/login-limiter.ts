import { Injectable } from '@nestjs/common';
import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { LOGIN_LIMITS } from '@blog/contracts';
import { DomainError, poolOf } from '@blog/api/core';

/**
 * Brute-force protection of sign-in: after `perEmail` failures for one e-mail or `perAddress` from
 * one address within the window, every attempt is refused with 429 and `Retry-After`, even with the
 * right password. Counters live in PostgreSQL, so they hold across restarts and instances.
 */
@Injectable()
export class LoginLimiter {
  private readonly byEmail: RateLimiterPostgres;
  private readonly byAddress: RateLimiterPostgres;

  constructor(dataSource: DataSource) {
    const store = {
      storeClient: poolOf(dataSource),
      storeType: 'pool',
      tableName: 'login_rate_limits',
      tableCreated: true,
      duration: LOGIN_LIMITS.windowSeconds,
    };
    this.byEmail = new RateLimiterPostgres({ ...store, keyPrefix: 'login-email', points: LOGIN_LIMITS.perEmail });
    this.byAddress = new RateLimiterPostgres({ ...store, keyPrefix: 'login-address', points: LOGIN_LIMITS.perAddress });
  }

  /** Refuses the attempt when either counter is used up. */
  async check(email: string, address: string): Promise<void> {
    const [forEmail, forAddress] = await Promise.all([this.byEmail.get(email), this.byAddress.get(address)]);
    const blocked = [
      [forEmail, LOGIN_LIMITS.perEmail],
      [forAddress, LOGIN_LIMITS.perAddress],
    ].find(([res, limit]) => res && (res as RateLimiterRes).consumedPoints >= (limit as number)) as
      | [RateLimiterRes, number]
      | undefined;
    if (!blocked) return;
    const seconds = Math.max(1, Math.ceil(blocked[0].msBeforeNext / 1000));
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      `Too many failed sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
      undefined,
      { 'Retry-After': String(seconds) },
    );
  }

  async failed(email: string, address: string): Promise<void> {
    await Promise.all([this.byEmail.penalty(email, 1), this.byAddress.penalty(address, 1)]);
  }

  /** A successful sign-in clears the e-mail's failures (the address keeps its count). */
  async succeeded(email: string): Promise<void> {
    await this.byEmail.delete(email);
  }
}
