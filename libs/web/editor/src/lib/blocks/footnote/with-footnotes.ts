import { Transforms } from 'slate';
import type { CustomEditor } from '../../custom-types';
import { isFootnote, type FootnoteElement } from './footnote';

/** The longest footnote text kept (a note, not a second post). */
export const MAX_FOOTNOTE_LENGTH = 2000;

/** Footnotes are inline voids holding one plain-text field. */
export function withFootnotes<T extends CustomEditor>(editor: T): T {
  const { isInline, isVoid, normalizeNode } = editor;
  editor.isInline = (element) => element.type === 'footnote' || isInline(element);
  editor.isVoid = (element) => element.type === 'footnote' || isVoid(element);
  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (isFootnote(node) && (typeof node.note !== 'string' || node.note.length > MAX_FOOTNOTE_LENGTH)) {
      const note = typeof node.note === 'string' ? node.note.slice(0, MAX_FOOTNOTE_LENGTH) : '';
      Transforms.setNodes<FootnoteElement>(editor, { note }, { at: path, voids: true });
      return;
    }
    normalizeNode(entry, options);
  };
  return editor;
}
