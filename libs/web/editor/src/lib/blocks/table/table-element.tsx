import type { RenderElementProps } from 'slate-react';
import { useSlateStatic } from 'slate-react';
import { BlockField, useElementPath } from '../../elements/block-field';
import { setTableCaption } from './commands';
import type { TableCellElement as TableCellNode, TableElement as TableNode } from './table';

/**
 * A table in the markup and classes its HTML has (so the shared rich-text stylesheet draws it the
 * same here and on the public page); its caption is a plain-text field above its cells.
 */
export function TableElement({ attributes, children, element }: RenderElementProps & { element: TableNode }) {
  const editor = useSlateStatic();
  // Found when a field changes, as in every block here: a block inserted above moves this one without
  // drawing it again, so a path found while drawing would be another block's.
  const path = useElementPath(element);
  return (
    <div {...attributes} className="table-scroll">
      <table className={element.header ? 'rte-table rte-table-header' : 'rte-table'}>
        <caption contentEditable={false}>
          <BlockField
            label="Table caption"
            value={element.caption ?? ''}
            onChange={(value) => setTableCaption(editor, path(), value)}
          />
        </caption>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function TableRowElement({ attributes, children }: RenderElementProps) {
  return <tr {...attributes}>{children}</tr>;
}

export function TableCellElement({ attributes, children, element }: RenderElementProps & { element: TableCellNode }) {
  // Its column's alignment, drawn by the shared rich-text stylesheet as on the public page.
  return (
    <td {...attributes} className={element.align ? `align-${element.align}` : undefined}>
      {children}
    </td>
  );
}
