import { Editor, Element, Node, Path, Text, Transforms } from 'slate';
import type { CustomEditor } from '../../custom-types';
import { isPoem, isPoemLine, type PoemElement, type PoemLineElement } from './poem';

/**
 * A poem is a top-level block of lines kept as written: leading spaces, empty lines between stanzas.
 * Enter starts a new line; Enter on a third empty line at the end leaves the poem (the two empty
 * lines go), as in code. A title and an author are non-empty text or absent; `centered` true or absent.
 * Text with newlines typed or pasted into a poem becomes lines.
 */
export function withPoems<T extends CustomEditor>(editor: T): T {
  const { normalizeNode, insertBreak, insertText } = editor;

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (isPoem(node)) {
      for (const key of ['title', 'author'] as const) {
        if (key in node && (typeof node[key] !== 'string' || node[key]?.trim() === '')) {
          Transforms.unsetNodes(editor, key, { at: path });
          return;
        }
      }
      if ('centered' in node && node.centered !== true) {
        Transforms.unsetNodes(editor, 'centered', { at: path });
        return;
      }
      if (node.children.length === 0) {
        Transforms.removeNodes(editor, { at: path });
        return;
      }
      for (const [child, childPath] of Node.children(editor, path)) {
        if (isPoemLine(child)) continue;
        if (Text.isText(child) || (Element.isElement(child) && Editor.isInline(editor, child)))
          Transforms.wrapNodes(editor, { type: 'poem-line', children: [] }, { at: childPath });
        else if (
          Element.isElement(child) &&
          (child.children as Node[]).every(
            (c) => Text.isText(c) || (Element.isElement(c) && Editor.isInline(editor, c)),
          )
        )
          Transforms.setNodes<PoemLineElement>(editor, { type: 'poem-line' }, { at: childPath });
        else Transforms.unwrapNodes(editor, { at: childPath });
        return;
      }
    }
    if (isPoemLine(node)) {
      const parent = Node.parent(editor, path);
      if (Editor.isEditor(parent)) {
        Transforms.wrapNodes(editor, { type: 'poem', children: [] } as PoemElement, { at: path });
        return;
      }
      // A line break inside a line makes two lines.
      for (const [text, textPath] of Node.texts(node)) {
        const at = text.text.indexOf('\n');
        if (at >= 0) {
          Editor.withoutNormalizing(editor, () => {
            Transforms.delete(editor, { at: { path: [...path, ...textPath], offset: at }, distance: 1 });
            Transforms.splitNodes(editor, { at: { path: [...path, ...textPath], offset: at }, match: isPoemLine });
          });
          return;
        }
      }
    }
    normalizeNode(entry, options);
  };

  editor.insertBreak = () => {
    const line = editor.selection && Editor.above<PoemLineElement>(editor, { match: isPoemLine });
    if (line && Node.string(line[0]) === '' && leavePoem(editor, line[1])) return;
    insertBreak();
  };

  editor.insertText = (text, options) => {
    if (text.includes('\n') && editor.selection && Editor.above(editor, { match: isPoemLine })) {
      text.split(/\r?\n/).forEach((part, index) => {
        if (index > 0) insertBreak();
        if (part) insertText(part, options);
      });
      return;
    }
    insertText(text, options);
  };

  return editor;
}

function leavePoem(editor: CustomEditor, linePath: Path): boolean {
  const poemPath = Path.parent(linePath);
  const poem = Node.get(editor, poemPath) as PoemElement;
  const index = linePath[linePath.length - 1];
  if (index !== poem.children.length - 1 || index < 2 || Node.string(poem.children[index - 1]) !== '') return false;
  Editor.withoutNormalizing(editor, () => {
    Transforms.removeNodes(editor, { at: [...poemPath, index] });
    Transforms.removeNodes(editor, { at: [...poemPath, index - 1] });
    const paragraphPath = Path.next(poemPath);
    Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at: paragraphPath });
    Transforms.select(editor, Editor.start(editor, paragraphPath));
  });
  return true;
}
