import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Editor, Path, type PathRef, type Selection } from 'slate';
import { ReactEditor } from 'slate-react';
import type { CustomEditor } from '../custom-types';
import { removeImage, selectAfterImage, selectedImage, setImageAlt, setImageCaption } from '../commands/image-details';
import { focusEditor } from '../focus-editor';
import { ImagePanel } from './image-panel';

interface PanelState {
  /** A new key for each image (and for Tab, to focus its first field). */
  key: number;
  autoFocus: boolean;
}

/**
 * The image panel's life: it opens when the selection lands on an image (a click, or the arrow
 * keys), Tab on a selected image takes the focus into it, and it closes when the writer goes on in
 * the text, leaves the editor, or is done (the focus then back in the text, right after the image).
 */
export function useImagePanel(editor: CustomEditor) {
  const target = useRef<PathRef | null>(null);
  const [panel, setPanel] = useState<PanelState | null>(null);

  const retarget = useCallback(
    (path: Path | null) => {
      target.current?.unref();
      target.current = path && Editor.pathRef(editor, path);
    },
    [editor],
  );

  const open = useCallback(
    (path: Path, autoFocus: boolean) => {
      retarget(path);
      setPanel((previous) => ({ key: (previous?.key ?? 0) + 1, autoFocus }));
    },
    [retarget],
  );

  const close = useCallback(() => {
    retarget(null);
    setPanel(null);
  }, [retarget]);

  useEffect(
    () => () => {
      target.current?.unref();
    },
    [],
  );

  const onSelectionChange = useCallback(
    (selection: Selection) => {
      const image = selectedImage(editor, selection);
      const current = target.current?.current;
      if (image) {
        if (!current || !Path.equals(current, image[1])) open(image[1], false);
        return;
      }
      // Moving on in the text closes it; a selection kept while the focus is in the panel does not.
      if (target.current && ReactEditor.isFocused(editor)) close();
    },
    [editor, open, close],
  );

  /** Tab on a selected image goes into its panel; true when the key was used. */
  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return false;
      const image = selectedImage(editor);
      if (!image) return false;
      event.preventDefault();
      open(image[1], true);
      return true;
    },
    [editor, open],
  );

  const backToText = useCallback(() => {
    const path = target.current?.current;
    close();
    if (path) selectAfterImage(editor, path);
    focusEditor(editor);
  }, [editor, close]);

  const element: ReactNode = panel ? (
    <ImagePanel
      key={panel.key}
      imagePath={() => target.current?.current}
      autoFocus={panel.autoFocus}
      onAltChange={(alt) => {
        const at = target.current?.current;
        if (at) setImageAlt(editor, at, alt);
      }}
      onCaptionChange={(caption) => {
        const at = target.current?.current;
        if (at) retarget(setImageCaption(editor, at, caption));
      }}
      onRemove={() => {
        const at = target.current?.current;
        close();
        if (at) removeImage(editor, at);
        focusEditor(editor);
      }}
      onClose={backToText}
    />
  ) : null;

  return { panel: element, onSelectionChange, onKeyDown, close };
}
