import { Editor, Path, Transforms, type Location } from 'slate';
import { safeImageUrl } from '@blog/shared/html';
import type { CustomEditor, ImageElement } from '../custom-types';
import { isCodeBlock } from '../nodes';

export interface ImageInput {
  url: string;
  alt?: string;
}

/**
 * Inserts an image at `at` (default: the selection, else the end of the document) if its URL passes
 * the image rule (http, https, PNG/JPEG/GIF/WebP data URL, or relative). In a code block, the image
 * goes into a new paragraph after it. Returns whether it was inserted.
 */
export function insertImage(editor: CustomEditor, input: ImageInput, at: Location | null = editor.selection): boolean {
  const url = safeImageUrl(input.url);
  if (!url) return false;
  const image: ImageElement = { type: 'image', url, children: [{ text: '' }] };
  if (input.alt?.trim()) image.alt = input.alt.trim();
  const target = at ?? Editor.end(editor, []);
  const code = Editor.above(editor, { at: target, match: isCodeBlock });
  Editor.withoutNormalizing(editor, () => {
    if (code) {
      const paragraphPath = Path.next(code[1]);
      Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }, image, { text: '' }] }, { at: paragraphPath });
      Transforms.select(editor, Editor.end(editor, paragraphPath));
    } else {
      Transforms.insertNodes(editor, image, { at: target, select: true });
      Transforms.move(editor, { distance: 1, unit: 'offset' });
    }
  });
  return true;
}
