import { Transforms } from 'slate';
import { safeImageUrl } from '@blog/shared/html';
import type { CustomEditor } from '../custom-types';
import { isImage } from '../nodes';

/**
 * Images are inline void elements (an image sits in a line of text, as in Quill). Their source
 * always passes the image rule (http, https, a PNG/JPEG/GIF/WebP data URL, or relative); an image
 * whose source does not is removed.
 */
export function withImages<T extends CustomEditor>(editor: T): T {
  const { isInline, isVoid, normalizeNode } = editor;

  editor.isInline = (element) => element.type === 'image' || isInline(element);
  editor.isVoid = (element) => element.type === 'image' || isVoid(element);

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (isImage(node)) {
      const url = safeImageUrl(typeof node.url === 'string' ? node.url : '');
      if (url === null) {
        Transforms.removeNodes(editor, { at: path });
        return;
      }
      if (url !== node.url) {
        Transforms.setNodes(editor, { url }, { at: path });
        return;
      }
    }
    normalizeNode(entry, options);
  };

  return editor;
}
