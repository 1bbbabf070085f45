import { useEffect } from 'react';
import { ReactEditor, useSlate } from 'slate-react';
import type { CustomEditor } from './custom-types';

const PENDING = new WeakSet<CustomEditor>();

/**
 * Gives the text the keyboard focus back (after a toolbar select or the link form). Right after a
 * change, the DOM still shows the old document until React renders, so the focus then waits for
 * that render (see `FocusAfterRender`).
 */
export function focusEditor(editor: CustomEditor): void {
  if (editor.operations.length === 0) focusText(editor);
  else PENDING.add(editor);
}

/**
 * Slate's focus, which also puts the page's selection where the editor's is: when that spot is not in
 * the page (yet, or any more: a document replaced meanwhile), Slate throws, and in a render effect that
 * would take the whole screen down. The text then gets the focus alone, its selection left as it is.
 */
function focusText(editor: CustomEditor): void {
  try {
    ReactEditor.focus(editor);
  } catch {
    try {
      ReactEditor.toDOMNode(editor, editor).focus({ preventScroll: true });
    } catch {
      // The editor is not in the page any more: nothing to focus.
    }
  }
}

/**
 * True when the keyboard focus is in the editor (its text, its toolbar) or nowhere: the writer is
 * still with it. False once she has moved on to another field.
 */
export function focusIsWithEditor(editor: CustomEditor): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  try {
    return ReactEditor.toDOMNode(editor, editor).closest('.rte')?.contains(active) ?? false;
  } catch {
    // Not rendered (any more).
    return false;
  }
}

/** Put inside `<Slate>`: performs a focus `focusEditor` deferred, once the change is rendered. */
export function FocusAfterRender() {
  const editor = useSlate();
  useEffect(() => {
    if (PENDING.has(editor) && editor.operations.length === 0) {
      PENDING.delete(editor);
      focusText(editor);
    }
  });
  return null;
}
