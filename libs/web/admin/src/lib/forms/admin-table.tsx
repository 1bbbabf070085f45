import type { ReactNode } from 'react';

/** The admin lists' table: a header row of column names, then the rows; scrolls sideways on a phone. */
export function AdminTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
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
