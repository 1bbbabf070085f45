import { Editor, Node, Path, Transforms } from 'slate';
import { MAX_TABLE_COLUMNS, MAX_TABLE_ROWS, type TableAlignment } from '@blog/shared/html';
import type { CustomEditor } from '../../custom-types';
import { insertTopLevelBlock } from '../../commands/insert-block';
import { isTable, isTableCell, type TableCellElement, type TableElement } from './table';
import { emptyCell, emptyRow, siblingCell } from './with-tables';

/** A table of `rows` × `columns` empty cells (clamped to the limits), its first row a header if asked. */
export function insertTable(editor: CustomEditor, rows: number, columns: number, header = true): void {
  const clamp = (value: number, max: number) => Math.min(max, Math.max(1, Math.trunc(value) || 1));
  const table: TableElement = {
    type: 'table',
    children: Array.from({ length: clamp(rows, MAX_TABLE_ROWS) }, () => emptyRow(clamp(columns, MAX_TABLE_COLUMNS))),
  };
  if (header) table.header = true;
  const path = insertTopLevelBlock(editor, table);
  Transforms.select(editor, Editor.start(editor, [...path, 0, 0]));
}

export interface TableSpot {
  table: TableElement;
  tablePath: Path;
  row: number;
  column: number;
  cellPath: Path;
}

/** The table, row and column of the caret, or null outside a table. */
export function tableAtCaret(editor: CustomEditor): TableSpot | null {
  if (!editor.selection) return null;
  const cell = Editor.above<TableCellElement>(editor, { at: editor.selection.anchor, match: isTableCell });
  if (!cell) return null;
  const cellPath = cell[1];
  const tablePath = cellPath.slice(0, -2);
  const table = Node.get(editor, tablePath);
  if (!isTable(table)) return null;
  return { table, tablePath, row: cellPath[cellPath.length - 2], column: cellPath[cellPath.length - 1], cellPath };
}

const selectCell = (editor: CustomEditor, path: Path) => Transforms.select(editor, Editor.end(editor, path));

export function insertRow(editor: CustomEditor, where: 'above' | 'below'): void {
  const spot = tableAtCaret(editor);
  if (!spot || spot.table.children.length >= MAX_TABLE_ROWS) return;
  const row = where === 'above' ? spot.row : spot.row + 1;
  // The new row's cells keep their columns' alignment.
  const cells = spot.table.children[spot.row].children.map((cell) => {
    const empty = emptyCell();
    if (cell.align) empty.align = cell.align;
    return empty;
  });
  Transforms.insertNodes(editor, { ...emptyRow(0), children: cells }, { at: [...spot.tablePath, row] });
  selectCell(editor, [...spot.tablePath, row, spot.column]);
}

export function removeRow(editor: CustomEditor): void {
  const spot = tableAtCaret(editor);
  if (!spot) return;
  if (spot.table.children.length === 1) return removeTable(editor);
  Transforms.removeNodes(editor, { at: [...spot.tablePath, spot.row] });
  selectCell(editor, [...spot.tablePath, Math.min(spot.row, spot.table.children.length - 2), spot.column]);
}

export function insertColumn(editor: CustomEditor, where: 'left' | 'right'): void {
  const spot = tableAtCaret(editor);
  if (!spot || spot.table.children[0].children.length >= MAX_TABLE_COLUMNS) return;
  const column = where === 'left' ? spot.column : spot.column + 1;
  Editor.withoutNormalizing(editor, () => {
    spot.table.children.forEach((_, row) =>
      Transforms.insertNodes(editor, emptyCell(), { at: [...spot.tablePath, row, column] }),
    );
  });
  selectCell(editor, [...spot.tablePath, spot.row, column]);
}

/** Aligns the caret's column (every cell of it): left (the default, no class), centre or right. */
export function setColumnAlignment(editor: CustomEditor, alignment: TableAlignment): void {
  const spot = tableAtCaret(editor);
  if (!spot) return;
  Editor.withoutNormalizing(editor, () => {
    spot.table.children.forEach((row, index) => {
      if (spot.column >= row.children.length) return;
      const at = [...spot.tablePath, index, spot.column];
      if (alignment === 'left') Transforms.unsetNodes(editor, 'align', { at });
      else Transforms.setNodes<TableCellElement>(editor, { align: alignment }, { at });
    });
  });
}

export function removeColumn(editor: CustomEditor): void {
  const spot = tableAtCaret(editor);
  if (!spot) return;
  const columns = spot.table.children[0].children.length;
  if (columns === 1) return removeTable(editor);
  Editor.withoutNormalizing(editor, () => {
    spot.table.children.forEach((_, row) =>
      Transforms.removeNodes(editor, { at: [...spot.tablePath, row, spot.column] }),
    );
  });
  selectCell(editor, [...spot.tablePath, spot.row, Math.min(spot.column, columns - 2)]);
}

export function toggleHeaderRow(editor: CustomEditor): void {
  const spot = tableAtCaret(editor);
  if (!spot) return;
  if (spot.table.header) Transforms.unsetNodes(editor, 'header', { at: spot.tablePath });
  else Transforms.setNodes<TableElement>(editor, { header: true }, { at: spot.tablePath });
}

export function setTableCaption(editor: CustomEditor, tablePath: Path, caption: string): void {
  if (caption === '') Transforms.unsetNodes(editor, 'caption', { at: tablePath });
  else Transforms.setNodes<TableElement>(editor, { caption }, { at: tablePath });
}

export function removeTable(editor: CustomEditor): void {
  const spot = tableAtCaret(editor);
  if (!spot) return;
  Transforms.removeNodes(editor, { at: spot.tablePath });
  if (editor.children.length === 0) Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] });
  const at = Math.min(spot.tablePath[0], editor.children.length - 1);
  Transforms.select(editor, Editor.start(editor, [at]));
}

/**
 * Tab and Shift+Tab in a table: the next or previous cell (its text selected, as in word processors);
 * Tab in the last cell adds a row. False outside a table (Tab then does what it does elsewhere).
 */
export function moveInTable(editor: CustomEditor, offset: 1 | -1): boolean {
  const spot = tableAtCaret(editor);
  if (!spot) return false;
  let target = siblingCell(editor, spot.cellPath, offset);
  if (!target && offset === 1) {
    if (spot.table.children.length >= MAX_TABLE_ROWS) return true;
    const row = spot.table.children.length;
    Transforms.insertNodes(editor, emptyRow(spot.table.children[0].children.length), { at: [...spot.tablePath, row] });
    target = [...spot.tablePath, row, 0];
  }
  if (target) Transforms.select(editor, Editor.range(editor, target));
  return true;
}
