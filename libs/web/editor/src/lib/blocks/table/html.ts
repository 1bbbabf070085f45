import { MAX_TABLE_COLUMNS, MAX_TABLE_ROWS, isTableCellAlign, type TableCellAlign } from '@blog/shared/html';
import type { BlockReadRule, HtmlWriter } from '../block';
import type { TableCellElement, TableElement, TableRowElement } from './table';
import { emptyCell } from './with-tables';

/**
 * A table in its scrolling box (`<div class="table-scroll" tabindex="0"><table>`): an optional
 * `<caption>`, the header row in `<thead>` of `<th scope="col">`, each column's alignment a class.
 */
export function tableHtml(table: TableElement, write: HtmlWriter): string {
  const rows = table.children.map((row) => row.children);
  const cells = (row: TableElement['children'][number]['children'], tag: string, open: string): string =>
    `<tr>${row
      .map((cell) => {
        const align = isTableCellAlign(cell.align) ? ` class="align-${cell.align}"` : '';
        return `${open}${align}>${write.line(cell.children)}</${tag}>`;
      })
      .join('')}</tr>`;
  let html = '';
  const caption = write.plainText(table.caption);
  if (caption) html += `<caption>${caption}</caption>`;
  const body = table.header ? rows.slice(1) : rows;
  if (table.header && rows.length > 0) html += `<thead>${cells(rows[0], 'th', '<th scope="col"')}</thead>`;
  if (body.length > 0) html += `<tbody>${body.map((row) => cells(row, 'td', '<td')).join('')}</tbody>`;
  return `<div class="table-scroll" tabindex="0"><table>${html}</table></div>`;
}

/** An alignment written as `text-align` or the old `align` attribute: center or right (left is the default). */
function alignOf(element: Element): TableCellAlign | null {
  const style = /(?:^|;)\s*text-align\s*:\s*([a-z-]+)/i.exec(element.getAttribute('style') ?? '')?.[1];
  const value = (style ?? element.getAttribute('align') ?? '').toLowerCase();
  if (value === 'center' || value === 'middle') return 'center';
  return value === 'right' || value === 'end' ? 'right' : null;
}

/**
 * A cell's alignment: the editor's class, the cell's own (Sheets' `text-align` on the cell), or the one
 * all its paragraphs share (Docs' `<p style="text-align:center">`, Word's `<p align=center>`).
 */
function cellAlign(cell: Element): TableCellAlign | null {
  if (cell.classList.contains('align-center')) return 'center';
  if (cell.classList.contains('align-right')) return 'right';
  const own = alignOf(cell);
  if (own) return own;
  const paragraphs = Array.from(cell.children).filter((child) => /^(p|div|h[1-6])$/i.test(child.localName));
  if (paragraphs.length === 0) return null;
  const aligns = new Set(paragraphs.map(alignOf));
  return aligns.size === 1 ? [...aligns][0] : null;
}

/**
 * A table (the editor's, Google Docs', Word's, Sheets' or a web page's): its rows and cells in
 * order, a cell spanning columns followed by empty cells to keep the grid, the first row a header
 * when it is in `<thead>` or all `<th>`; its caption as plain text. Layout attributes go.
 */
export const readTable: BlockReadRule = {
  tag: 'table',
  read: (element, place, reader) => {
    // In a table cell, a table is read as lines of text (no nested tables).
    if (place.inCell) return 'content';
    const rows = Array.from(element.querySelectorAll('tr')).filter((row) => row.closest('table') === element);
    const tableRows: TableRowElement[] = [];
    let header = false;
    // The editor has no merged cells: a cell spanning columns or rows is its text in the first cell and
    // empty cells in the others, so the columns stay aligned. How many more rows each column is covered for:
    const coveredFor: number[] = [];
    for (const row of rows.slice(0, MAX_TABLE_ROWS)) {
      const cells = Array.from(row.children).filter((cell) => /^t[dh]$/i.test(cell.localName));
      if (cells.length === 0) continue;
      if (tableRows.length === 0)
        header =
          row.parentElement?.localName.toLowerCase() === 'thead' ||
          cells.every((cell) => cell.localName.toLowerCase() === 'th');
      const children: TableCellElement[] = [];
      const skipCovered = () => {
        while (children.length < MAX_TABLE_COLUMNS && (coveredFor[children.length] ?? 0) > 0) {
          coveredFor[children.length] -= 1;
          children.push(emptyCell());
        }
      };
      for (const cell of cells) {
        skipCovered();
        if (children.length >= MAX_TABLE_COLUMNS) break;
        const tableCell: TableCellElement = {
          type: 'table-cell',
          children: reader.inlineContent(cell, { ownMarks: true }),
        };
        const align = cellAlign(cell);
        if (align) tableCell.align = align;
        const first = children.length;
        children.push(tableCell);
        const columns = Math.min(MAX_TABLE_COLUMNS, Number(cell.getAttribute('colspan')) || 1);
        for (let i = 1; i < columns && children.length < MAX_TABLE_COLUMNS; i++) children.push(emptyCell());
        const rowsBelow = Math.min(MAX_TABLE_ROWS, Number(cell.getAttribute('rowspan')) || 1) - 1;
        for (let column = first; column < children.length; column++) coveredFor[column] = rowsBelow;
      }
      skipCovered();
      tableRows.push({ type: 'table-row', children });
    }
    if (tableRows.length === 0) return 'drop';
    const table: TableElement = { type: 'table', children: tableRows };
    if (header) table.header = true;
    const caption = (element.querySelector(':scope > caption')?.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (caption) table.caption = caption.normalize('NFC');
    return table;
  },
};
