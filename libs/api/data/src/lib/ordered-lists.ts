import type { EntityManager } from 'typeorm';

/** The tables whose records the owner puts in order (a `position` column, from 0). */
export type OrderedTable = 'services' | 'testimonials';

/** The `position` of a new record: after every other. */
export async function nextPosition(manager: EntityManager, table: OrderedTable): Promise<number> {
  // `table` is one of two fixed names, never input.
  const [{ next }] = (await manager.query(`SELECT COALESCE(MAX(position) + 1, 0) AS next FROM ${table}`)) as Array<{
    next: number;
  }>;
  return next;
}

/**
 * Stores `ids` as the order of every record of `table`, in one transaction with the rows locked, so
 * that two reorders never mix. Answers false, writing nothing, when `ids` is not exactly the table's
 * records (one added or deleted meanwhile, one left out or unknown).
 */
export function saveOrder(manager: EntityManager, table: OrderedTable, ids: readonly number[]): Promise<boolean> {
  return manager.transaction(async (transaction) => {
    const rows = (await transaction.query(`SELECT id FROM ${table} ORDER BY id FOR UPDATE`)) as Array<{ id: number }>;
    const wanted = new Set(ids);
    if (rows.length !== wanted.size || rows.some(({ id }) => !wanted.has(id))) return false;
    await transaction.query(
      `UPDATE ${table} record SET position = wanted.position - 1
         FROM unnest($1::int[]) WITH ORDINALITY AS wanted (id, position)
        WHERE record.id = wanted.id AND record.position <> wanted.position - 1`,
      [ids],
    );
    return true;
  });
}
