import type { RenderElementProps } from 'slate-react';
import { ReactEditor, useFocused, useSelected, useSlateStatic } from 'slate-react';
import { CALLOUT_KINDS } from '@blog/shared/html';
import type {
  CalloutElement as CalloutNode,
  PoemElement as PoemNode,
  TableElement as TableNode,
} from '../custom-types';
import { setTableCaption } from '../commands/table';
import { setPoemField } from '../commands/blocks';

/**
 * The editor's tables, rules, callouts and poems, in the markup and classes their HTML has (so the
 * shared rich-text stylesheet draws them the same here and on the public page). A table's caption
 * and a poem's title and author are plain-text fields beside the editable text.
 */
export function TableElement({ attributes, children, element }: RenderElementProps & { element: TableNode }) {
  const editor = useSlateStatic();
  return (
    <div {...attributes} className="table-scroll">
      <table className={element.header ? 'rte-table rte-table-header' : 'rte-table'}>
        <caption contentEditable={false}>
          <input
            className="rte-block-field"
            aria-label="Table caption"
            placeholder="Caption (optional)"
            value={element.caption ?? ''}
            onChange={(event) => setTableCaption(editor, ReactEditor.findPath(editor, element), event.target.value)}
          />
        </caption>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function RuleElement({ attributes, children }: RenderElementProps) {
  const selected = useSelected();
  const focused = useFocused();
  return (
    <div {...attributes} className={selected && focused ? 'rte-rule rte-image-selected' : 'rte-rule'}>
      <div contentEditable={false}>
        <hr />
      </div>
      {children}
    </div>
  );
}

export function CalloutElement({ attributes, children, element }: RenderElementProps & { element: CalloutNode }) {
  const label = (CALLOUT_KINDS.find((kind) => kind.value === element.kind) ?? CALLOUT_KINDS[0]).label;
  return (
    <div {...attributes} className={`callout callout-${element.kind}`} role="note">
      <p className="callout-label" contentEditable={false}>
        {label}
      </p>
      <p>{children}</p>
    </div>
  );
}

export function PoemElement({ attributes, children, element }: RenderElementProps & { element: PoemNode }) {
  const editor = useSlateStatic();
  const field = (name: 'title' | 'author', label: string) => (
    <p className={`poem-${name}`} contentEditable={false}>
      <input
        className="rte-block-field"
        aria-label={label}
        placeholder={`${label} (optional)`}
        value={element[name] ?? ''}
        onChange={(event) => setPoemField(editor, ReactEditor.findPath(editor, element), name, event.target.value)}
      />
    </p>
  );
  return (
    <div {...attributes} className={element.centered ? 'poem poem-centered' : 'poem'}>
      {field('title', 'Poem title')}
      {children}
      {field('author', 'Poem author')}
    </div>
  );
}
