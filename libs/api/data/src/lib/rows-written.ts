import type { DataSource, EntityManager } from 'typeorm';

/**
 * How many rows `statement` (an INSERT, UPDATE or DELETE, without RETURNING) wrote. Asked as a
 * SELECT of its returned rows: TypeORM answers a raw write in a shape of its own for each kind.
 */
export async function rowsWritten(
  database: Pick<DataSource | EntityManager, 'query'>,
  statement: string,
  parameters: unknown[],
): Promise<number> {
  const [{ count }] = (await database.query(
    `WITH written AS (${statement} RETURNING 1) SELECT count(*)::int AS count FROM written`,
    parameters,
  )) as Array<{ count: number }>;
  return count;
}
