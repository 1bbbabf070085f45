import { Element } from 'slate';
import type { TableCellAlign } from '@blog/shared/html';
import type { InlineNode } from '../../custom-types';

/**
 * A table (a top-level block) of rows of cells; each cell is one line of text (line breaks inside).
 * With `header`, its first row is the header row (`<th scope="col">`).
 */
export interface TableElement {
  type: 'table';
  header?: true;
  /** Plain text, shown as the table's `<caption>`. */
  caption?: string;
  children: TableRowElement[];
}

export interface TableRowElement {
  type: 'table-row';
  children: TableCellElement[];
}

export interface TableCellElement {
  type: 'table-cell';
  /** Its column's alignment (set on every cell of the column); absent: left. */
  align?: TableCellAlign;
  children: InlineNode[];
}

export const isTable = (node: unknown): node is TableElement => Element.isElement(node) && node.type === 'table';
export const isTableRow = (node: unknown): node is TableRowElement =>
  Element.isElement(node) && node.type === 'table-row';
export const isTableCell = (node: unknown): node is TableCellElement =>
  Element.isElement(node) && node.type === 'table-cell';
