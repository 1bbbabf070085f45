import { Editor, Path, Transforms } from 'slate';
import { safeImageUrl } from '@blog/shared/html';
import type { CustomEditor, ParagraphElement } from '../custom-types';
import { isFigure, isImageOrFigure } from '../nodes';

/**
 * Images are inline void elements (an image sits in a line of text, as in Quill); an image with a
 * caption is a figure, a void block of its own at the top level. Their source always passes the
 * image rule (http, https, a PNG/JPEG/GIF/WebP data URL, or relative); an image whose source does
 * not is removed. A caption is text or absent. Enter on a selected figure opens a line below it
 * (the figure itself takes no text).
 */
export function withImages<T extends CustomEditor>(editor: T): T {
  const { isInline, isVoid, normalizeNode, insertBreak } = editor;

  editor.isInline = (element) => element.type === 'image' || isInline(element);
  editor.isVoid = (element) => element.type === 'image' || element.type === 'figure' || isVoid(element);

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (isImageOrFigure(node)) {
      const url = safeImageUrl(typeof node.url === 'string' ? node.url : '');
      if (url === null) {
        Transforms.removeNodes(editor, { at: path, voids: true });
        return;
      }
      if (url !== node.url) {
        Transforms.setNodes(editor, { url }, { at: path, voids: true });
        return;
      }
      if (isFigure(node) && 'caption' in node && (typeof node.caption !== 'string' || node.caption === '')) {
        Transforms.unsetNodes(editor, 'caption', { at: path, voids: true });
        return;
      }
    }
    normalizeNode(entry, options);
  };

  editor.insertBreak = () => {
    const figure = editor.selection && Editor.above(editor, { at: editor.selection, match: isFigure, voids: true });
    if (figure) {
      const paragraph: ParagraphElement = { type: 'paragraph', children: [{ text: '' }] };
      Transforms.insertNodes(editor, paragraph, { at: Path.next(figure[1]), select: true });
      return;
    }
    insertBreak();
  };

  return editor;
}
