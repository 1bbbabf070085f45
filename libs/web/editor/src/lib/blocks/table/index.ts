import { defineBlock } from '../block';
import { insertTable } from './commands';
import { readTable, tableHtml } from './html';
import type {
  TableCellElement as TableCellNode,
  TableElement as TableNode,
  TableRowElement as TableRowNode,
} from './table';
import { TableCellElement, TableElement, TableRowElement } from './table-element';
import { tableToolbar } from './toolbar';
import { withTables } from './with-tables';

/** A table of rows of cells (each cell one line of text), a header row and a caption if wanted. */
export const tableBlock = defineBlock<TableNode>({
  type: 'table',
  render: TableElement,
  toHtml: tableHtml,
  fromHtml: [readTable],
  plugin: withTables,
  toLines: (table) =>
    table.children.map((row) =>
      row.children.flatMap((cell, index) => (index > 0 ? [{ text: ' ' }, ...cell.children] : cell.children)),
    ),
  toolbar: tableToolbar,
  slash: [{ key: 'table', label: 'Table', keywords: 'grid bảng', run: (e) => insertTable(e, 3, 3) }],
});

/** A row (written by its table; alone, as a table of it). */
export const tableRowBlock = defineBlock<TableRowNode>({
  type: 'table-row',
  render: TableRowElement,
  toHtml: (row, write) => tableHtml({ type: 'table', children: [row] }, write),
  // A stray row or cell is put in shape by withTables, not lifted out.
  parents: ['table'],
});

/** A cell: one line of inline content (written by its table; alone, as a paragraph). */
export const tableCellBlock = defineBlock<TableCellNode>({
  type: 'table-cell',
  render: TableCellElement,
  toHtml: (cell, write) => `<p>${write.line(cell.children)}</p>`,
  parents: ['table-row', 'table'],
  isLine: true,
});
