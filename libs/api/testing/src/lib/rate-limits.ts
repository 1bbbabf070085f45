import { RATE_LIMITS_TABLE } from '@blog/api/security';
import type { TestDatabase } from '@blog/api/data/testing';

/** Forgets every rate-limit count (sign-in, contact, password reset), so tests of one file start afresh. */
export async function clearRateLimits(database: TestDatabase): Promise<void> {
  await database.dataSource.query(`DELETE FROM ${RATE_LIMITS_TABLE}`);
}
