import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { formatWait, LOGIN_LIMITS } from '@blog/contracts';
import { RateLimiter } from '@blog/api/security';

/**
 * Brute-force protection of sign-in: after `LOGIN_LIMITS.perEmail` failures for one e-mail or
 * `perAddress` from one address within the window, every attempt is refused with 429 and
 * `Retry-After`, even with the right password. Counters live in PostgreSQL, so they hold across
 * restarts and instances.
 */
@Injectable()
export class LoginLimiter {
  private readonly limiter: RateLimiter<keyof typeof LOGIN_LIMITS>;

  constructor(dataSource: DataSource) {
    this.limiter = new RateLimiter(
      dataSource,
      'login',
      LOGIN_LIMITS,
      (seconds) => `Too many failed sign-in attempts. Try again in ${formatWait(seconds)}.`,
    );
  }

  /** Refuses the attempt when either counter is used up. */
  check(email: string, address: string): Promise<void> {
    return this.limiter.check({ perEmail: email, perAddress: address });
  }

  failed(email: string, address: string): Promise<void> {
    return this.limiter.penalty({ perEmail: email, perAddress: address });
  }

  /** A successful sign-in clears the e-mail's failures (the address keeps its count). */
  succeeded(email: string): Promise<void> {
    return this.limiter.reset({ perEmail: email });
  }
}
