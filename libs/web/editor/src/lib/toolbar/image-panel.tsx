import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Node, type Path } from 'slate';
import { ReactEditor, useSlate } from 'slate-react';
import { ALT_TEXT_HINT, ALT_TEXT_MAX_LENGTH, MISSING_ALT_TEXT_HINT } from '@blog/contracts';
import { isFigure, isImageOrFigure } from '../nodes';

export interface ImagePanelProps {
  /**
   * Where the image is now. Read at each rendering: the image moves when a caption makes it a
   * figure, and the panel renders with the document's change before its owner does.
   */
  imagePath: () => Path | null | undefined;
  /** Puts the keyboard focus in the alt text field when the panel opens (Tab on a selected image). */
  autoFocus: boolean;
  onAltChange: (alt: string) => void;
  onCaptionChange: (caption: string) => void;
  onRemove: () => void;
  /** Done or Escape: the writer goes back to the text. */
  onClose: () => void;
}

/**
 * The selected image's details, in a small non-modal dialog under the image: its alt text (with what
 * good alt text is, and a warning while there is none) and its caption, applied as they are typed,
 * and "Remove image". Done, Enter in a field or Escape give the focus back to the text.
 *
 * Not a `<form>`, as the link form: the editor sits inside the page's own form.
 */
export function ImagePanel({ imagePath, autoFocus, onAltChange, onCaptionChange, onRemove, onClose }: ImagePanelProps) {
  const editor = useSlate();
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const altRef = useRef<HTMLInputElement>(null);
  const path = imagePath();
  const node = path && Node.has(editor, path) ? Node.get(editor, path) : null;
  const image = isImageOrFigure(node) ? node : null;
  // The fields keep what is typed (the document follows on each change, a moment later).
  const [alt, setAlt] = useState(image?.alt ?? '');
  const [caption, setCaption] = useState(isFigure(image) ? (image.caption ?? '') : '');
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  useEffect(() => {
    if (autoFocus) altRef.current?.focus();
  }, [autoFocus]);

  // Under the image, within the editing area.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    const container = panel?.offsetParent;
    if (!panel || !container || !image) return;
    let box: DOMRect;
    try {
      box = ReactEditor.toDOMNode(editor, image).getBoundingClientRect();
    } catch {
      return;
    }
    const frame = container.getBoundingClientRect();
    const top = Math.round(box.bottom - frame.top + 6);
    const left = Math.round(Math.max(0, Math.min(box.left - frame.left, frame.width - panel.offsetWidth)));
    if (position?.top !== top || position?.left !== left) setPosition({ top, left });
  }, [editor, image, position?.top, position?.left]);

  // Opened under a tall image (a phone's), it would be out of sight: the page scrolls just enough to show it.
  const placed = position !== null;
  useEffect(() => {
    if (placed) panelRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [placed]);

  if (!image) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || (event.key === 'Enter' && event.target instanceof HTMLInputElement)) {
      // Enter in a field would submit the page's form (implicit submission): it closes the panel instead.
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  const missingAlt = !alt.trim();
  return (
    <div
      ref={panelRef}
      role="dialog"
      aria-label="Image details"
      className="rte-image-panel"
      style={position ? { top: position.top, left: position.left } : undefined}
      onKeyDown={onKeyDown}
    >
      <label htmlFor={`${id}-alt`}>Alt text</label>
      <input
        id={`${id}-alt`}
        ref={altRef}
        type="text"
        value={alt}
        maxLength={ALT_TEXT_MAX_LENGTH}
        aria-describedby={missingAlt ? `${id}-missing ${id}-hint` : `${id}-hint`}
        onChange={(event) => {
          setAlt(event.target.value);
          onAltChange(event.target.value);
        }}
      />
      {missingAlt && (
        <p id={`${id}-missing`} className="rte-image-panel-missing">
          {MISSING_ALT_TEXT_HINT}
        </p>
      )}
      <p id={`${id}-hint`} className="rte-image-panel-hint">
        {ALT_TEXT_HINT}
      </p>
      <label htmlFor={`${id}-caption`}>Caption</label>
      <input
        id={`${id}-caption`}
        type="text"
        value={caption}
        aria-describedby={`${id}-caption-hint`}
        onChange={(event) => {
          setCaption(event.target.value);
          onCaptionChange(event.target.value);
        }}
      />
      <p id={`${id}-caption-hint`} className="rte-image-panel-hint">
        Shown under the image. An image with a caption stands on a line of its own.
      </p>
      <div className="rte-image-panel-actions">
        <button type="button" className="rte-link-apply" onClick={onClose}>
          Done
        </button>
        <button type="button" onClick={onRemove}>
          Remove image
        </button>
      </div>
    </div>
  );
}
