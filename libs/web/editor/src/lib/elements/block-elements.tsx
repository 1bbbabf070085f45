import type { RenderElementProps } from 'slate-react';
import { useSlateStatic } from 'slate-react';
import type { TableElement as TableNode } from '../custom-types';
import { setTableCaption } from '../commands/table';
import { BlockField, useElementPath } from './block-field';

/**
 * The editor's tables, rules, callouts and poems, in the markup and classes their HTML has (so the
 * shared rich-text stylesheet draws them the same here and on the public page). A table's caption
 * and a poem's title and author are plain-text fields beside the editable text.
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
