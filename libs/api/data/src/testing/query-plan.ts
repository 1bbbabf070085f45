import type { TestDatabase } from './test-database';

/**
 * The plan of `sql`, with sequential scans made as costly as PostgreSQL allows (do the indexes serve
 * it?); `analyze` runs it, to show which parts of the plan were actually executed.
 */
export async function queryPlanOf(
  database: TestDatabase,
  sql: string,
  params: unknown[] = [],
  { analyze = false } = {},
): Promise<string> {
  const runner = database.dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    await runner.query('SET LOCAL enable_seqscan = off');
    const rows: Array<{ 'QUERY PLAN': string }> = await runner.query(
      `EXPLAIN ${analyze ? '(ANALYZE, COSTS OFF) ' : ''}${sql}`,
      params,
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await runner.rollbackTransaction();
    await runner.release();
  }
}
