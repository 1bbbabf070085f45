import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_TABLE_COLUMNS, MAX_TABLE_ROWS } from '@blog/shared/html';

export interface TableFormProps {
  onInsert: (rows: number, columns: number, header: boolean) => void;
  onCancel: () => void;
}

/**
 * Rows × columns and a header row for a new table; Enter inserts, Escape cancels. Not a `<form>`: the
 * editor sits inside the page's own form, which a form in it would submit (see LinkForm).
 */
export function TableForm({ onInsert, onCancel }: TableFormProps) {
  const id = useId();
  const [rows, setRows] = useState('3');
  const [columns, setColumns] = useState('3');
  const [header, setHeader] = useState(true);
  const submit = () => {
    const clamp = (value: string, max: number) => Math.min(max, Math.max(1, Math.trunc(Number(value)) || 1));
    onInsert(clamp(rows, MAX_TABLE_ROWS), clamp(columns, MAX_TABLE_COLUMNS), header);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && (event.target as HTMLElement).localName === 'input') {
      event.preventDefault();
      submit();
    }
  };
  return (
    <div className="rte-table-form" role="dialog" aria-label="Insert a table" onKeyDown={onKeyDown}>
      <label htmlFor={`${id}-rows`}>Rows</label>
      <input
        id={`${id}-rows`}
        type="number"
        min={1}
        max={MAX_TABLE_ROWS}
        value={rows}
        autoFocus
        onChange={(event) => setRows(event.target.value)}
      />
      <label htmlFor={`${id}-columns`}>Columns</label>
      <input
        id={`${id}-columns`}
        type="number"
        min={1}
        max={MAX_TABLE_COLUMNS}
        value={columns}
        onChange={(event) => setColumns(event.target.value)}
      />
      <label>
        <input type="checkbox" checked={header} onChange={(event) => setHeader(event.target.checked)} /> Header row
      </label>
      <button type="button" onClick={submit}>
        Insert table
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
