import { Editor, Element, Node, Text, Transforms } from 'slate';
import type { CustomEditor, CustomElement, HeadingElement, ParagraphElement } from '../custom-types';
import { clampIndent, isHeadingLevel, isIndentable, isInlineLanguage, isStoredColor, isTextBlock } from '../nodes';
import { BLOCKS, BLOCK_TYPES, isBlockLine, isTopLevelOnly } from '../blocks/registry';

const KNOWN_TYPES = new Set<string>([
  'paragraph',
  'heading',
  'block-quote',
  'bulleted-list',
  'numbered-list',
  'list-item',
  'code-block',
  'code-line',
  'link',
  'image',
  ...BLOCK_TYPES,
]);

/** Where a nested block may stand: list items in lists, code lines in code, a block's parts in their block. */
const PARENT_OF: Record<string, string[]> = {
  'list-item': ['bulleted-list', 'numbered-list'],
  'code-line': ['code-block'],
  ...Object.fromEntries(BLOCKS.flatMap((block) => (block.parents ? [[block.type, [...block.parents]]] : []))),
};

/**
 * The document's general shape: at least one block; blocks only at the top level or inside a list or
 * code block (the registry's blocks only at the top level, their parts in their block; anything nested
 * deeper is lifted out, never dropped); stray text in a paragraph; known element types only; a heading level of 1-6; an indent level of 1-8 on paragraphs, headings, quote
 * lines and list items only; a colour only as `#rrggbb`.
 */
export function withBlocks<T extends CustomEditor>(editor: T): T {
  const { normalizeNode } = editor;

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;

    if (Editor.isEditor(node)) {
      if (node.children.length === 0) {
        Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at: [0] });
        return;
      }
      for (const [child, childPath] of Node.children(editor, path)) {
        if (Text.isText(child) || (Element.isElement(child) && Editor.isInline(editor, child))) {
          Transforms.wrapNodes(editor, { type: 'paragraph', children: [] }, { at: childPath });
          return;
        }
      }
    }

    if (Element.isElement(node)) {
      const element = node as CustomElement & Record<string, unknown>;
      if (!KNOWN_TYPES.has(element.type)) {
        Transforms.setNodes<ParagraphElement>(editor, { type: 'paragraph' }, { at: path });
        return;
      }
      if (!Editor.isInline(editor, node)) {
        // A block inside a line (a paragraph in a list item, say) is lifted out before Slate's own
        // normalisation would drop the line's text next to it.
        if (isTextBlock(node) || isBlockLine(node)) {
          for (const [child, childPath] of Node.children(editor, path)) {
            if (Element.isElement(child) && !Editor.isInline(editor, child)) {
              Transforms.liftNodes(editor, { at: childPath });
              return;
            }
          }
        }
        if (path.length > 1) {
          const parent = Node.parent(editor, path);
          // A block of the registry stands only at the top level: out of a list it splits it.
          const allowed =
            Element.isElement(parent) &&
            (PARENT_OF[element.type] ?? ['bulleted-list', 'numbered-list', 'code-block']).includes(parent.type);
          if (isTopLevelOnly(node) || !allowed) {
            Transforms.liftNodes(editor, { at: path });
            return;
          }
        }
      }
      if (element.type === 'heading') {
        if (!isHeadingLevel(element.level)) {
          const level = Math.min(6, Math.max(1, Math.trunc(Number(element.level)) || 1));
          Transforms.setNodes<HeadingElement>(editor, { level: level as HeadingElement['level'] }, { at: path });
          return;
        }
      } else if ('level' in element) {
        Transforms.unsetNodes(editor, 'level', { at: path });
        return;
      }
      if ('indent' in element) {
        const indent = isIndentable(element) ? clampIndent(element.indent) : 0;
        if (indent === 0) {
          Transforms.unsetNodes(editor, 'indent', { at: path });
          return;
        }
        if (indent !== element.indent) {
          Transforms.setNodes(editor, { indent }, { at: path });
          return;
        }
      }
    }

    if (Text.isText(node)) {
      if (node.color !== undefined && !isStoredColor(node.color)) {
        Transforms.unsetNodes(editor, 'color', { at: path });
        return;
      }
      if (node.lang !== undefined && !isInlineLanguage(node.lang)) {
        Transforms.unsetNodes(editor, 'lang', { at: path });
        return;
      }
      if ('token' in node) {
        Transforms.unsetNodes(editor, 'token', { at: path });
        return;
      }
    }

    normalizeNode(entry, options);
  };

  return editor;
}
