import { Editor, Element, Node, Path, Text, Transforms } from 'slate';
import type { CodeBlockElement, CodeLineElement, CustomEditor } from '../custom-types';
import { DEFAULT_CODE_LANGUAGE } from '../constants';
import { isCodeBlock, isCodeLanguage, isCodeLine, isList, isTextBlock, marksOf } from '../nodes';

/**
 * Code blocks are top-level containers of code lines, with a language among the supported ones.
 * A code line is plain text: no marks, links or images, no line break inside (a newline splits it).
 * Two neighbouring code blocks in one language are joined, as in Quill.
 */
export function withCodeBlocks<T extends CustomEditor>(editor: T): T {
  const { normalizeNode } = editor;

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;

    if (isCodeBlock(node)) {
      if (node.children.length === 0) {
        Transforms.removeNodes(editor, { at: path });
        return;
      }
      if (!isCodeLanguage(node.language)) {
        Transforms.setNodes<CodeBlockElement>(editor, { language: DEFAULT_CODE_LANGUAGE }, { at: path });
        return;
      }
      for (const [child, childPath] of Node.children(editor, path)) {
        if (isCodeLine(child)) continue;
        if (isTextBlock(child)) {
          Transforms.setNodes<CodeLineElement>(editor, { type: 'code-line' }, { at: childPath });
          Transforms.unsetNodes(editor, ['level', 'indent'], { at: childPath });
        } else if (Text.isText(child) || (Element.isElement(child) && Editor.isInline(editor, child))) {
          Transforms.wrapNodes(editor, { type: 'code-line', children: [] }, { at: childPath });
        } else if (isList(child) || isCodeBlock(child)) Transforms.unwrapNodes(editor, { at: childPath });
        else Transforms.removeNodes(editor, { at: childPath });
        return;
      }
      // Joined with a neighbour in the same language (either side: the neighbour may have just changed).
      if (path[path.length - 1] > 0) {
        const previous = Node.get(editor, Path.previous(path));
        if (isCodeBlock(previous) && previous.language === node.language) {
          Transforms.mergeNodes(editor, { at: path });
          return;
        }
      }
      const nextPath = Path.next(path);
      if (Node.has(editor, nextPath)) {
        const next = Node.get(editor, nextPath);
        if (isCodeBlock(next) && next.language === node.language) {
          Transforms.mergeNodes(editor, { at: nextPath });
          return;
        }
      }
    }

    if (isCodeLine(node)) {
      const parent = Node.parent(editor, path);
      if (!isCodeBlock(parent)) {
        // At the top level a line gets a code block; elsewhere it is lifted out first (see withBlocks).
        if (Editor.isEditor(parent)) {
          Transforms.wrapNodes(
            editor,
            { type: 'code-block', language: DEFAULT_CODE_LANGUAGE, children: [] },
            { at: path },
          );
          return;
        }
      }
      if ('indent' in node || 'level' in node) {
        Transforms.unsetNodes(editor, ['indent', 'level'], { at: path });
        return;
      }
      for (const [child, childPath] of Node.children(editor, path)) {
        if (Element.isElement(child)) {
          if (child.type === 'image') Transforms.removeNodes(editor, { at: childPath });
          else Transforms.unwrapNodes(editor, { at: childPath });
          return;
        }
        const marks = Object.keys(marksOf(child));
        if (marks.length > 0) {
          Transforms.unsetNodes(editor, marks, { at: childPath });
          return;
        }
        const newline = child.text.indexOf('\n');
        if (newline >= 0) {
          Editor.withoutNormalizing(editor, () => {
            Transforms.delete(editor, { at: { path: childPath, offset: newline }, distance: 1, unit: 'character' });
            Transforms.splitNodes(editor, { at: { path: childPath, offset: newline }, always: true });
          });
          return;
        }
      }
    }

    normalizeNode(entry, options);
  };

  return editor;
}
