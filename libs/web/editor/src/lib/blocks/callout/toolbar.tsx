import { CALLOUT_KINDS, type CalloutKind } from '@blog/shared/html';
import { focusEditor } from '../../focus-editor';
import { Icon, stroke, thin } from '../../toolbar/icons';
import { ToolbarButton } from '../../toolbar/toolbar-button';
import { ToolbarSelect } from '../../toolbar/toolbar-select';
import type { BlockToolbarEntry } from '../block';
import { activeCallout, setCalloutKind, toggleCallout } from './commands';

const CalloutIcon = () => (
  <Icon>
    <path {...thin} d="M3 3.5h12v9H8l-3 2.5v-2.5H3z" />
    <path {...stroke} d="M9 6v2.5M9 10.5v0" />
  </Icon>
);

/** "Callout" (pressed in one), and the kind of the caret's callout. */
export const calloutToolbar: BlockToolbarEntry = {
  group: 'blocks',
  contextual: (editor) => ({ 'callout-kind': activeCallout(editor) !== null }),
  Buttons: ({ editor, run }) => {
    const callout = activeCallout(editor);
    return (
      <>
        <ToolbarButton
          itemKey="callout"
          label="Callout"
          pressed={callout !== null}
          onAction={() => run(() => toggleCallout(editor))}
        >
          <CalloutIcon />
        </ToolbarButton>
        {callout && (
          <ToolbarSelect
            itemKey="callout-kind"
            label="Callout kind"
            value={callout[0].kind}
            onChange={(value, withPointer) => {
              setCalloutKind(editor, value as CalloutKind);
              if (withPointer) focusEditor(editor);
            }}
          >
            {CALLOUT_KINDS.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </ToolbarSelect>
        )}
      </>
    );
  },
};
