import { Element, Node, Path, Transforms } from 'slate';
import { safeLinkUrl } from '@blog/shared/html';
import type { CustomEditor } from '../custom-types';
import { isLink } from '../nodes';

/**
 * Links are inline elements holding text only. Their URL always passes the link rule (http, https,
 * mailto, tel, sms or relative; anything else becomes `about:blank`), an empty link is removed, and a
 * link never holds another link, an image or a footnote.
 */
export function withLinks<T extends CustomEditor>(editor: T): T {
  const { isInline, normalizeNode } = editor;

  editor.isInline = (element) => element.type === 'link' || isInline(element);

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (isLink(node)) {
      const url = safeLinkUrl(typeof node.url === 'string' ? node.url : '');
      if (url !== node.url) {
        Transforms.setNodes(editor, { url }, { at: path });
        return;
      }
      for (const [child, childPath] of Node.children(editor, path)) {
        if (Element.isElement(child)) {
          // An image is lifted out (splitting the link); a nested link just loses its wrapper.
          if (child.type === 'image' || child.type === 'footnote') Transforms.liftNodes(editor, { at: childPath });
          else Transforms.unwrapNodes(editor, { at: childPath });
          return;
        }
      }
      if (Node.string(node) === '' && !isSelectionInside(editor, path)) {
        Transforms.removeNodes(editor, { at: path });
        return;
      }
    }
    normalizeNode(entry, options);
  };

  return editor;
}

/** An empty link that holds the cursor is being typed into; anywhere else it is garbage. */
function isSelectionInside(editor: CustomEditor, path: Path): boolean {
  const { selection } = editor;
  if (!selection) return false;
  return Path.isAncestor(path, selection.anchor.path) || Path.isAncestor(path, selection.focus.path);
}
