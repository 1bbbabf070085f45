import { Editor, Range, Transforms } from 'slate';
import { safeLinkUrl } from '@blog/shared/html';
import type { CustomEditor, LinkElement } from '../custom-types';
import { isLink, isSelectionInCode } from '../nodes';
import { activeLink } from './queries';

export interface LinkInput {
  url: string;
  /** Open in a new tab. */
  newTab?: boolean;
  /** The text to show when nothing is selected (the URL when absent). */
  text?: string;
}

/**
 * Links the selection to `url` (after the link rule: anything but http, https, mailto, tel, sms or a
 * relative URL becomes `about:blank`). In a link, updates that link; with nothing selected, inserts
 * the text (or the URL) as a link. Does nothing in code. Returns the URL stored, or null.
 */
export function insertLink(editor: CustomEditor, input: LinkInput): string | null {
  const { selection } = editor;
  if (!selection || isSelectionInCode(editor)) return null;
  const url = safeLinkUrl(input.url);
  if (url === '') return null;
  const props: Partial<LinkElement> = { url };
  const current = activeLink(editor);

  if (current && Range.isCollapsed(selection)) {
    Transforms.setNodes<LinkElement>(editor, props, { at: current[1] });
    if (input.newTab) Transforms.setNodes<LinkElement>(editor, { newTab: true }, { at: current[1] });
    else Transforms.unsetNodes(editor, 'newTab', { at: current[1] });
    return url;
  }

  const link: LinkElement = { type: 'link', url, children: [] };
  if (input.newTab) link.newTab = true;
  if (Range.isCollapsed(selection)) {
    const text = input.text?.trim() ? input.text : input.url.trim();
    Transforms.insertNodes(editor, { ...link, children: [{ text, ...(Editor.marks(editor) ?? {}) }] });
  } else {
    Editor.withoutNormalizing(editor, () => {
      Transforms.unwrapNodes(editor, { match: isLink, split: true });
      Transforms.wrapNodes(editor, link, { split: true });
    });
  }
  // What is typed next goes after the link, not into it.
  Transforms.collapse(editor, { edge: 'end' });
  const inserted = Editor.above(editor, { match: isLink });
  const after = inserted && Editor.after(editor, inserted[1]);
  if (after) Transforms.select(editor, after);
  return url;
}

/** Removes the links the selection touches (keeping their text). */
export function removeLink(editor: CustomEditor): void {
  if (!editor.selection) return;
  const current = activeLink(editor);
  if (current && Range.isCollapsed(editor.selection)) Transforms.unwrapNodes(editor, { at: current[1] });
  else Transforms.unwrapNodes(editor, { match: isLink, split: true });
}
