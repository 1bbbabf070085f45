import { useEffect, useRef, useState } from 'react';
import type { Path } from 'slate';
import type { RenderElementProps } from 'slate-react';
import { ReactEditor, useFocused, useSelected, useSlate } from 'slate-react';
import type { FootnoteElement as FootnoteNode } from '../custom-types';
import { footnoteNumber, setFootnoteText } from '../commands/footnotes';
import { focusEditor } from '../focus-editor';

/**
 * A footnote in the text: its number (its place among the document's footnotes, so it follows the
 * paragraphs as they move). Selected, it shows its text in a field (opened at once for a new, empty one);
 * Enter or Escape there give the focus back to the text.
 */
export function FootnoteElement({ attributes, children, element }: RenderElementProps & { element: FootnoteNode }) {
  const editor = useSlate();
  const selected = useSelected();
  const focused = useFocused();
  // Rendered again on every change (its number follows the others); during a change that replaced this
  // node it may be the old one for a moment, found nowhere.
  let path: Path | null = null;
  try {
    path = ReactEditor.findPath(editor, element);
  } catch {
    path = null;
  }
  const number = path ? footnoteNumber(editor, path) : 0;
  const [draft, setDraft] = useState(element.note);
  const field = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState(element.note === '');
  useEffect(() => {
    if (document.activeElement !== field.current) setDraft(element.note);
  }, [element.note]);
  useEffect(() => {
    if (editing) field.current?.focus();
  }, [editing]);
  const open = editing || (selected && focused);
  return (
    <span {...attributes} className="rte-footnote">
      <sup contentEditable={false} className={selected && focused ? 'rte-image-selected' : undefined}>
        <button
          type="button"
          className="rte-footnote-number"
          aria-label={`Footnote ${number}`}
          onClick={() => setEditing(true)}
        >
          {number}
        </button>
        {open && (
          <span className="rte-footnote-panel">
            <input
              ref={field}
              className="rte-block-field"
              aria-label={`Footnote ${number} text`}
              placeholder="Footnote text"
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
                if (path) setFootnoteText(editor, path, event.target.value);
              }}
              onBlur={() => setEditing(false)}
              onKeyDown={(event) => {
                // Enter would submit the page's form around the editor.
                if (event.key === 'Enter' || event.key === 'Escape') {
                  event.preventDefault();
                  event.stopPropagation();
                  setEditing(false);
                  focusEditor(editor);
                }
              }}
            />
          </span>
        )}
      </sup>
      {children}
    </span>
  );
}
