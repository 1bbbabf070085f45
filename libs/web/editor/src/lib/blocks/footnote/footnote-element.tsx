import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Path } from 'slate';
import type { RenderElementProps } from 'slate-react';
import { ReactEditor, useFocused, useSelected, useSlate } from 'slate-react';
import { BlockField } from '../../elements/block-field';
import { focusEditor } from '../../focus-editor';
import { footnoteNumber, setFootnoteText } from './commands';
import type { FootnoteElement as FootnoteNode } from './footnote';

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
  const field = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState(element.note === '');
  const open = editing || (selected && focused);
  // The field is put beside the text, under the number: inside the text, its caret jumped as Chrome
  // inserted a phone's or an input method's words while the paragraph around it was drawn again.
  const sup = useRef<HTMLElement>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [place, setPlace] = useState({ top: 0, left: 0 });
  useLayoutEffect(() => {
    const anchor = sup.current;
    const box = anchor?.closest<HTMLElement>('.rte-container') ?? null;
    setContainer(box);
    if (!open || !anchor || !box) return;
    const follow = () => {
      const at = anchor.getBoundingClientRect();
      const origin = box.getBoundingClientRect();
      setPlace({ top: at.bottom - origin.top, left: at.left - origin.left });
    };
    follow();
    box.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      box.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open, element]);
  useEffect(() => {
    if (editing) field.current?.focus();
  }, [editing, container]);
  const panel = (
    // Pressed, the field stays open though the text loses the focus (before the field has it).
    <span className="rte-footnote-panel" style={place} onPointerDown={() => setEditing(true)}>
      <BlockField
        ref={field}
        label={`Footnote ${number} text`}
        placeholder="Footnote text"
        value={element.note}
        onChange={(note) => {
          if (path) setFootnoteText(editor, path, note);
        }}
        onBlur={() => setEditing(false)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            setEditing(false);
            focusEditor(editor);
          }
        }}
      />
    </span>
  );
  return (
    <span {...attributes} className="rte-footnote">
      <sup ref={sup} contentEditable={false} className={selected && focused ? 'rte-image-selected' : undefined}>
        <button
          type="button"
          className="rte-footnote-number"
          aria-label={`Footnote ${number}`}
          onClick={() => setEditing(true)}
        >
          {number}
        </button>
      </sup>
      {children}
      {open && container && createPortal(panel, container)}
    </span>
  );
}
