import type { DataSource, EntityManager } from 'typeorm';
import { SMTP_POOL_CONNECTIONS } from '@blog/api/mail';

/** What taking one row did: mailed someone, passed the row by (nothing to mail), or found none left. */
export type RowTaken = 'mailed' | 'skipped' | 'none';

/**
 * Takes rows one at a time until none is left, each in its own transaction (`takeOne` locks its row
 * `FOR UPDATE SKIP LOCKED`, so two takers or two instances never take the same, and marks it before the
 * commit), with as many takers at once as the SMTP pool has connections (the pool keeps to the mail rate).
 * Every taker settles before this answers (a stop leaves no mail in flight behind it); the first failure
 * is thrown. A `signal` stops it, the rest left for the job's next run. Answers how many were mailed.
 */
export async function mailEachRow(
  dataSource: DataSource,
  takeOne: (manager: EntityManager) => Promise<RowTaken>,
  work: string,
  signal?: AbortSignal,
): Promise<number> {
  const taker = async () => {
    let mailed = 0;
    while (!signal?.aborted) {
      const taken = await dataSource.transaction(takeOne);
      if (taken === 'none') return mailed;
      if (taken === 'mailed') mailed += 1;
    }
    throw new Error(`${work} interrupted by shutdown`);
  };
  const results = await Promise.allSettled(Array.from({ length: SMTP_POOL_CONNECTIONS }, taker));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.reduce((sum, result) => sum + (result.status === 'fulfilled' ? result.value : 0), 0);
}
