import type { EntityManager } from 'typeorm';

/**
 * The tables whose records the owner puts in order: the column that holds a record's place (from 0) and
 * which rows the ordered list holds (a project in the trash is out of it).
 */
const ORDERED_LISTS = {
  services: { column: 'position', listed: 'TRUE' },
  testimonials: { column: 'position', listed: 'TRUE' },
  projects: { column: 'sort_order', listed: 'deleted_at IS NULL' },
} as const;
export type OrderedTable = keyof typeof ORDERED_LISTS;

/** The `position` of a new record: after every other. */
export async function nextPosition(manager: EntityManager, table: OrderedTable): Promise<number> {
  // `table` is one of the fixed names above, never input.
  const { column, listed } = ORDERED_LISTS[table];
  const [{ next }] = (await manager.query(
    `SELECT COALESCE(MAX(${column}) + 1, 0) AS next FROM ${table} WHERE ${listed}`,
  )) as Array<{ next: number }>;
  return next;
}

/**
 * Stores `ids` as the order of every record of `table`'s list, in one transaction with the rows locked, so
 * that two reorders never mix. Answers false, writing nothing, when `ids` is not exactly the list's
 * records (one added or deleted meanwhile, one left out or unknown). An order is no edit of a record:
 * no version, revision or event per row (the table's `content_changed` still tells the page cache).
 */
export function saveOrder(manager: EntityManager, table: OrderedTable, ids: readonly number[]): Promise<boolean> {
  const { column, listed } = ORDERED_LISTS[table];
  return manager.transaction(async (transaction) => {
    const rows = (await transaction.query(`SELECT id FROM ${table} WHERE ${listed} ORDER BY id FOR UPDATE`)) as Array<{
      id: number;
    }>;
    const wanted = new Set(ids);
    if (rows.length !== wanted.size || rows.some(({ id }) => !wanted.has(id))) return false;
    await transaction.query(
      `UPDATE ${table} record SET ${column} = wanted.position - 1
         FROM unnest($1::int[]) WITH ORDINALITY AS wanted (id, position)
        WHERE record.id = wanted.id AND record.${column} <> wanted.position - 1`,
      [ids],
    );
    return true;
  });
}
