import { Editor, Element, Node, Path, Range, Text, Transforms } from 'slate';
import type { CustomEditor } from '../../custom-types';
import { isTable, isTableCell, isTableRow, type TableCellElement, type TableRowElement } from './table';

export const emptyCell = (): TableCellElement => ({ type: 'table-cell', children: [{ text: '' }] });
export const emptyRow = (columns: number): TableRowElement => ({
  type: 'table-row',
  children: Array.from({ length: columns }, emptyCell),
});

/**
 * Tables are top-level blocks of rows of cells, every row as wide as the widest (short rows get
 * empty cells); a cell is one line of inline content (Enter is a line break in it, and a line never
 * merges across cells). `header` is `true` or absent, a caption non-empty text or absent.
 */
export function withTables<T extends CustomEditor>(editor: T): T {
  const { normalizeNode, insertBreak, deleteBackward, deleteForward } = editor;

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (isTable(node)) {
      if ('header' in node && node.header !== true) {
        Transforms.unsetNodes(editor, 'header', { at: path });
        return;
      }
      if ('caption' in node && (typeof node.caption !== 'string' || node.caption.trim() === '')) {
        Transforms.unsetNodes(editor, 'caption', { at: path });
        return;
      }
      for (const [child, childPath] of Node.children(editor, path)) {
        if (isTableRow(child)) continue;
        if (Text.isText(child) || (Element.isElement(child) && Editor.isInline(editor, child)) || isTableCell(child))
          Transforms.wrapNodes(editor, { type: 'table-row', children: [] }, { at: childPath });
        else Transforms.unwrapNodes(editor, { at: childPath });
        return;
      }
      if (node.children.length === 0) {
        Transforms.removeNodes(editor, { at: path });
        return;
      }
      const width = Math.max(...node.children.map((row) => (isTableRow(row) ? row.children.length : 0)), 1);
      for (const [index, row] of node.children.entries()) {
        if (row.children.length < width) {
          const cells = Array.from({ length: width - row.children.length }, emptyCell);
          Transforms.insertNodes(editor, cells, { at: [...path, index, row.children.length] });
          return;
        }
      }
    }
    if (isTableRow(node)) {
      if (!isTable(Node.parent(editor, path))) {
        Transforms.wrapNodes(editor, { type: 'table', children: [] }, { at: path });
        return;
      }
      for (const [child, childPath] of Node.children(editor, path)) {
        if (isTableCell(child)) continue;
        if (Text.isText(child) || (Element.isElement(child) && Editor.isInline(editor, child)))
          Transforms.wrapNodes(editor, emptyCellShell(), { at: childPath });
        else Transforms.unwrapNodes(editor, { at: childPath });
        return;
      }
      if (node.children.length === 0) {
        Transforms.removeNodes(editor, { at: path });
        return;
      }
    }
    if (isTableCell(node)) {
      if (!isTableRow(Node.parent(editor, path))) {
        Transforms.wrapNodes(editor, { type: 'table-row', children: [] }, { at: path });
        return;
      }
      // Pasted blocks in a cell (a paragraph, say) give it their text.
      for (const [child, childPath] of Node.children(editor, path)) {
        if (Element.isElement(child) && !Editor.isInline(editor, child)) {
          Transforms.unwrapNodes(editor, { at: childPath });
          return;
        }
      }
    }
    normalizeNode(entry, options);
  };

  const cellAtCaret = () =>
    editor.selection && Range.isCollapsed(editor.selection)
      ? Editor.above<TableCellElement>(editor, { match: isTableCell })
      : undefined;

  editor.insertBreak = () => {
    if (editor.selection && Editor.above(editor, { match: isTableCell })) editor.insertText('\n');
    else insertBreak();
  };

  // The caret stays in its cell: deleting at a cell's edge merges nothing. Backspace at the start of
  // the line after a table goes into its last cell (the line, if empty, goes), never merging the line in.
  editor.deleteBackward = (unit) => {
    const cell = cellAtCaret();
    if (cell && editor.selection && Editor.isStart(editor, editor.selection.anchor, cell[1])) return;
    const { selection } = editor;
    if (selection && Range.isCollapsed(selection) && !cell) {
      const top = selection.anchor.path[0];
      const previous = top > 0 ? editor.children[top - 1] : undefined;
      if (isTable(previous) && Editor.isStart(editor, selection.anchor, [top])) {
        if (Editor.string(editor, [top]) === '' && (editor.children[top] as Element).children.length === 1)
          Transforms.removeNodes(editor, { at: [top] });
        Transforms.select(editor, Editor.end(editor, [top - 1]));
        return;
      }
    }
    deleteBackward(unit);
  };
  editor.deleteForward = (unit) => {
    const cell = cellAtCaret();
    if (cell && editor.selection && Editor.isEnd(editor, editor.selection.anchor, cell[1])) return;
    deleteForward(unit);
  };

  return editor;
}

const emptyCellShell = (): TableCellElement => ({ type: 'table-cell', children: [] });

/** The path of the cell `offset` cells before or after `cellPath` in reading order, or null. */
export function siblingCell(editor: CustomEditor, cellPath: Path, offset: 1 | -1): Path | null {
  const tablePath = cellPath.slice(0, -2);
  const table = Node.get(editor, tablePath);
  if (!isTable(table)) return null;
  const columns = table.children[0]?.children.length ?? 0;
  const index = cellPath[cellPath.length - 2] * columns + cellPath[cellPath.length - 1] + offset;
  if (index < 0 || index >= table.children.length * columns) return null;
  return [...tablePath, Math.floor(index / columns), index % columns];
}
