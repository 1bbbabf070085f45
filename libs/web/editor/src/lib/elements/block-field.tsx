import { ReactEditor, useSlateStatic } from 'slate-react';
import type { Element, Path } from 'slate';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type Ref, type SyntheticEvent } from 'react';

const stop = (event: SyntheticEvent) => event.stopPropagation();
const stopHere = (event: Event) => event.stopImmediatePropagation();

/**
 * The events of a block's own control (a field, a select) kept from Slate's editable around it. The
 * editable handles those of everything inside it as its own text's: a click or a blur puts the page's
 * selection back in the text, the end of an input method's composition (Telex, a phone's keyboard)
 * inserts the word at the document's selection, its shortcuts act on the document. And Slate follows the
 * page's `selectionchange`: when a field takes the focus, Chrome moves the page's selection beside it, and
 * Slate would put it back in the text, after which the field's caret jumps as it is typed in. So while the
 * control has the focus, those events stop at the window. Escape goes on: it leaves full screen.
 */
export function useOwnEvents() {
  const editor = useSlateStatic();
  const release = useRef<(() => void) | null>(null);
  const unguard = () => {
    release.current?.();
    release.current = null;
  };
  useEffect(() => unguard, []);
  return {
    onBeforeInput: stop,
    onInput: stop,
    onClick: stop,
    onCompositionStart: stop,
    onCompositionUpdate: stop,
    onCompositionEnd: stop,
    onCopy: stop,
    onCut: stop,
    onPaste: stop,
    onDragOver: stop,
    onDragStart: stop,
    onDrop: stop,
    onDragEnd: stop,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Escape') event.stopPropagation();
    },
    onFocus: (event: FocusEvent) => {
      event.stopPropagation();
      // The text has lost the focus: Slate must not put the page's selection back in it as it draws a change.
      ReactEditor.blur(editor);
      unguard();
      window.addEventListener('selectionchange', stopHere, true);
      release.current = () => window.removeEventListener('selectionchange', stopHere, true);
    },
    onBlur: (event: FocusEvent) => {
      event.stopPropagation();
      unguard();
    },
  };
}

/**
 * A plain-text field of a block (a vocabulary word, a footnote, a caption…). Its events are its own
 * (`useOwnEvents`), and while it has the focus it shows what is typed, not the document's value: each change
 * is written to the block at once, and the block's render does not reset the caret or an unfinished
 * composition. The document's value shows through otherwise (an undo, say).
 */
export function BlockField({
  label,
  value,
  onChange,
  optional = true,
  lang,
  placeholder,
  onKeyDown,
  onBlur,
  ref,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  optional?: boolean;
  lang?: string;
  /** Shown while empty; by default the label, "(optional)" when it is. */
  placeholder?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement | null>;
}) {
  const [draft, setDraft] = useState(value);
  const own = useRef<HTMLInputElement | null>(null);
  const events = useOwnEvents();
  useEffect(() => {
    if (document.activeElement !== own.current) setDraft(value);
  }, [value]);
  return (
    <input
      ref={(element) => {
        own.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      className="rte-block-field"
      aria-label={label}
      placeholder={placeholder ?? (optional ? `${label} (optional)` : label)}
      lang={lang}
      value={draft}
      {...events}
      onBlur={(event) => {
        events.onBlur(event);
        onBlur?.();
      }}
      onKeyDown={(event) => {
        events.onKeyDown(event);
        // Enter in a field would submit the page's form (the post) around the editor.
        if (event.key === 'Enter') event.preventDefault();
        onKeyDown?.(event);
      }}
      onChange={(event) => {
        setDraft(event.target.value);
        onChange(event.target.value);
      }}
    />
  );
}

/**
 * Where `element` is at the moment a field of it changes. Slate knows a node's place from its last
 * rendering: when keys come faster than renderings (a busy phone, user-event), the node a field wrote a
 * moment ago is already replaced by its next version and not yet rendered, so its place is the one
 * found at that rendering (a field's own writes never move its block; an insertion above renders first).
 */
export function useElementPath(element: Element): () => Path {
  const editor = useSlateStatic();
  const rendered = useRef<Path | null>(null);
  try {
    rendered.current = ReactEditor.findPath(editor, element);
  } catch {
    // Not placed yet: the next rendering places it.
  }
  return () => {
    try {
      return ReactEditor.findPath(editor, element);
    } catch (error) {
      if (rendered.current) return rendered.current;
      throw error;
    }
  };
}
