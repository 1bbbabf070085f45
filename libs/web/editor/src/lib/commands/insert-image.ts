import { Editor, Path, Transforms, type Location, type PathRef } from 'slate';
import { safeImageUrl } from '@blog/shared/html';
import type { CustomEditor, ImageElement } from '../custom-types';
import { isCodeBlock, isImage, isTextBlock } from '../nodes';

export interface ImageInput {
  url: string;
  alt?: string;
}

/**
 * Inserts an image at `at` (default: the selection, else the end of the document) if its URL passes
 * the image rule (http, https, PNG/JPEG/GIF/WebP data URL, or relative). In a code block, the image
 * goes into a new paragraph after it. The cursor goes after the image; when the image ends its line,
 * into a new line below it (the editor's own Enter), as a caret left after an image at the end of a
 * line is one Chromium does not type at. Returns whether it was inserted.
 */
export function insertImage(editor: CustomEditor, input: ImageInput, at: Location | null = editor.selection): boolean {
  const url = safeImageUrl(input.url);
  if (!url) return false;
  const image: ImageElement = { type: 'image', url, children: [{ text: '' }] };
  if (input.alt?.trim()) image.alt = input.alt.trim();
  const target = at ?? Editor.end(editor, []);
  const code = Editor.above(editor, { at: target, match: isCodeBlock });
  let inserted: PathRef | undefined;
  Editor.withoutNormalizing(editor, () => {
    if (code) {
      const paragraphPath = Path.next(code[1]);
      Transforms.insertNodes(
        editor,
        { type: 'paragraph', children: [{ text: '' }, image, { text: '' }] },
        { at: paragraphPath },
      );
      inserted = Editor.pathRef(editor, [...paragraphPath, 1]);
    } else {
      Transforms.insertNodes(editor, image, { at: target, select: true });
      const entry = Editor.above(editor, { match: isImage, voids: true });
      if (entry) inserted = Editor.pathRef(editor, entry[1]);
    }
  });
  // The cursor goes into the text right after the image (normalizing has put one there), never on the image.
  const imagePath = inserted?.unref();
  if (imagePath) Transforms.select(editor, Editor.start(editor, Path.next(imagePath)));
  const line = Editor.above(editor, { match: isTextBlock });
  if (line && editor.selection && Editor.isEnd(editor, editor.selection.anchor, line[1])) editor.insertBreak();
  return true;
}
