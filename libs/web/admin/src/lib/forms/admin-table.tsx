import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * The admin lists' table: a header row of column names, then the rows. On a phone each row is a card
 * (admin.css) whose cells carry their column's name, set here on every rendering so that no screen
 * has to repeat it.
 */
export function AdminTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  const table = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    for (const row of Array.from(table.current?.tBodies[0]?.rows ?? [])) {
      Array.from(row.cells).forEach((cell, index) => cell.setAttribute('data-label', columns[index] ?? ''));
    }
  });
  return (
    <div className="admin-table-wrap">
      <table ref={table} className="admin-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
