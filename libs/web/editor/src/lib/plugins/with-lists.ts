import { Editor, Element, Node, Path, Text, Transforms } from 'slate';
import type { CustomEditor, ListItemElement } from '../custom-types';
import { isFigure, isList, isListItem, isTextBlock } from '../nodes';

/**
 * Lists are top-level containers (`bulleted-list`, `numbered-list`) of list items; nesting is the
 * items' indent level, as Quill and the stored HTML (`<li class="indent-2">`) have it. Normalising
 * keeps that shape: items only inside lists, only items inside lists, and two neighbouring lists of
 * one type joined into one.
 */
export function withLists<T extends CustomEditor>(editor: T): T {
  const { normalizeNode } = editor;

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;

    if (isList(node)) {
      if (node.children.length === 0) {
        Transforms.removeNodes(editor, { at: path });
        return;
      }
      for (const [child, childPath] of Node.children(editor, path)) {
        if (isListItem(child)) continue;
        if (isList(child)) Transforms.unwrapNodes(editor, { at: childPath });
        // A figure leaves the list, splitting it (a figure stands only at the top level).
        else if (isFigure(child)) Transforms.liftNodes(editor, { at: childPath, voids: true });
        else if (isTextBlock(child)) {
          Transforms.setNodes<ListItemElement>(editor, { type: 'list-item' }, { at: childPath });
          Transforms.unsetNodes(editor, 'level', { at: childPath });
        } else if (Text.isText(child) || (Element.isElement(child) && Editor.isInline(editor, child))) {
          Transforms.wrapNodes(editor, { type: 'list-item', children: [] }, { at: childPath });
        } else Transforms.unwrapNodes(editor, { at: childPath });
        return;
      }
      // Joined with a neighbour of the same type (either side: the neighbour may have just changed).
      if (path[path.length - 1] > 0) {
        const previous = Node.get(editor, Path.previous(path));
        if (isList(previous) && previous.type === node.type) {
          Transforms.mergeNodes(editor, { at: path });
          return;
        }
      }
      const nextPath = Path.next(path);
      if (Node.has(editor, nextPath)) {
        const next = Node.get(editor, nextPath);
        if (isList(next) && next.type === node.type) {
          Transforms.mergeNodes(editor, { at: nextPath });
          return;
        }
      }
    }

    if (isListItem(node)) {
      const parent = Node.parent(editor, path);
      if (!isList(parent)) {
        // At the top level an item gets a list; elsewhere it is lifted out first (see withBlocks).
        if (Editor.isEditor(parent)) {
          Transforms.wrapNodes(editor, { type: 'bulleted-list', children: [] }, { at: path });
          return;
        }
      }
    }

    normalizeNode(entry, options);
  };

  return editor;
}
