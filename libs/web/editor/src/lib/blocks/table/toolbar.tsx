import { focusEditor } from '../../focus-editor';
import { Icon, TextIcon, thin } from '../../toolbar/icons';
import { ToolbarButton } from '../../toolbar/toolbar-button';
import type { CustomEditor } from '../../custom-types';
import type { BlockToolbarEntry } from '../block';
import {
  insertColumn,
  insertRow,
  insertTable,
  removeColumn,
  removeRow,
  removeTable,
  setColumnAlignment,
  tableAtCaret,
  toggleHeaderRow,
} from './commands';
import { TableForm } from './table-form';

const TableIcon = () => (
  <Icon>
    <path {...thin} d="M2.5 3.5h13v11h-13zM2.5 7.5h13M2.5 11h13M7 3.5v11M11 3.5v11" />
  </Icon>
);

const TABLE_ACTIONS: Array<{ key: string; label: string; text: string; action: (editor: CustomEditor) => void }> = [
  { key: 'table-row-above', label: 'Insert row above', text: '+↑', action: (editor) => insertRow(editor, 'above') },
  { key: 'table-row-below', label: 'Insert row below', text: '+↓', action: (editor) => insertRow(editor, 'below') },
  { key: 'table-row-remove', label: 'Delete row', text: '−row', action: removeRow },
  {
    key: 'table-column-left',
    label: 'Insert column left',
    text: '+←',
    action: (editor) => insertColumn(editor, 'left'),
  },
  {
    key: 'table-column-right',
    label: 'Insert column right',
    text: '+→',
    action: (editor) => insertColumn(editor, 'right'),
  },
  { key: 'table-column-remove', label: 'Delete column', text: '−col', action: removeColumn },
  {
    key: 'table-align-left',
    label: 'Align column left',
    text: '⇤',
    action: (editor) => setColumnAlignment(editor, 'left'),
  },
  {
    key: 'table-align-center',
    label: 'Align column centre',
    text: '↔',
    action: (editor) => setColumnAlignment(editor, 'center'),
  },
  {
    key: 'table-align-right',
    label: 'Align column right',
    text: '⇥',
    action: (editor) => setColumnAlignment(editor, 'right'),
  },
  { key: 'table-header', label: 'Header row', text: 'TH', action: toggleHeaderRow },
  { key: 'table-remove', label: 'Delete table', text: '✕', action: removeTable },
];
const TABLE_ACTION_KEYS = TABLE_ACTIONS.map((action) => action.key);

/**
 * "Insert table" opens the size form under the toolbar; with the caret in a table, its rows',
 * columns' and header's actions form a group of their own.
 */
export const tableToolbar: BlockToolbarEntry = {
  group: 'blocks',
  contextual: (editor) => {
    const inTable = tableAtCaret(editor) !== null;
    return Object.fromEntries(TABLE_ACTION_KEYS.map((key) => [key, inTable]));
  },
  Buttons: ({ panel, setPanel }) => (
    <ToolbarButton
      itemKey="table"
      label="Insert table"
      expanded={panel === 'table'}
      hasPopup="dialog"
      onAction={() => setPanel(panel === 'table' ? null : 'table')}
    >
      <TableIcon />
    </ToolbarButton>
  ),
  Context: ({ editor, run }) => {
    const table = tableAtCaret(editor);
    if (!table) return null;
    return (
      <span className="rte-group" role="group" aria-label="Table">
        {TABLE_ACTIONS.map(({ key, label, text, action }) => (
          <ToolbarButton
            key={key}
            itemKey={key}
            label={label}
            pressed={
              key === 'table-header'
                ? table.table.header === true
                : key.startsWith('table-align-')
                  ? key === `table-align-${table.table.children[table.row]?.children[table.column]?.align ?? 'left'}`
                  : undefined
            }
            onAction={() => run(() => action(editor))}
          >
            <TextIcon text={text} />
          </ToolbarButton>
        ))}
      </span>
    );
  },
  Panel: ({ editor, run, panel, setPanel }) =>
    panel === 'table' ? (
      <TableForm
        onCancel={() => {
          setPanel(null);
          focusEditor(editor);
        }}
        onInsert={(rows, columns, header) => {
          setPanel(null);
          run(() => insertTable(editor, rows, columns, header));
          focusEditor(editor);
        }}
      />
    ) : null,
};
