import { Editor, Element, Path, Range, Text, Transforms, type Descendant } from 'slate';
import type { CustomEditor, InlineNode, TopLevelElement } from '../custom-types';
import { isImage, isLink, isSelectionInCode } from '../nodes';
import { blockOf, isBlockLine, isTopLevelOnly } from '../blocks/registry';
import { htmlToSlate } from '../serialization/html-to-slate';
import { claimPastedImages, pastedImagesHandler } from './pasted-images';

/**
 * Pasting and dropping content. Inside code, only the plain text is taken. A Slate fragment (a copy
 * from this editor) is inserted as is; HTML from elsewhere (Google Docs, Word, a web page) is read by
 * `htmlToSlate`, which keeps the supported formatting under the shared URL rules and drops the rest;
 * otherwise the plain text is inserted, line by line. The images of pasted HTML are handed to the
 * pasted images handler (when one is set) to be put on this site: see `claimPastedImages`.
 * In a block's line (a table cell, a callout, a poem line), blocks come in as their text, line by line
 * (see `BlockDefinition.toLines`); a block of the registry pasted in a line lands beside it.
 */
export function withHtmlPaste<T extends CustomEditor>(editor: T): T {
  const { insertData, insertFragmentData } = editor;

  editor.insertData = (data) => {
    if (isSelectionInCode(editor)) {
      const text = data.getData('text/plain');
      if (text) {
        editor.insertTextData(data);
        return;
      }
    }
    if (insertFragmentData(data)) return;
    const html = data.getData('text/html');
    if (html) {
      const handler = pastedImagesHandler(editor);
      const fragment = htmlToSlate(html, { keepUnloadableImages: handler !== undefined });
      // Pasted images go to this site (uploaded or imported) before the post may keep them.
      const jobs = handler ? claimPastedImages(fragment, Array.from(data.files ?? [])) : [];
      insertPasted(editor, fragment);
      if (handler && jobs.length > 0) handler(jobs);
      return;
    }
    insertData(data);
  };

  return editor;
}

/** Blocks of their own (a captioned image aside, which goes in as Slate inserts a fragment). */
const isOwnBlock = (block: TopLevelElement): boolean => block.type !== 'figure' && isTopLevelOnly(block);

function insertPasted(editor: CustomEditor, fragment: TopLevelElement[]): void {
  const { selection } = editor;
  if (selection && Editor.above(editor, { match: isBlockLine })) {
    // As inline nodes: a one-block fragment would replace an empty line with a paragraph.
    if (!Range.isCollapsed(selection)) Transforms.delete(editor);
    Transforms.insertNodes(editor, flattenLines(fragment), { select: true });
    return;
  }
  if (selection && fragment.some(isOwnBlock)) {
    if (!Range.isCollapsed(selection)) Transforms.delete(editor);
    const point = editor.selection?.anchor;
    if (!point) return;
    const top: Path = [point.path[0]];
    let at = point.path[0] + 1;
    if (Editor.isStart(editor, point, top)) at = point.path[0];
    else if (!Editor.isEnd(editor, point, top))
      Transforms.splitNodes(editor, { at: point, mode: 'highest', always: true });
    Transforms.insertNodes(editor, fragment, { at: [at] });
    Transforms.select(editor, Editor.end(editor, [at + fragment.length - 1]));
    return;
  }
  Transforms.insertFragment(editor, fragment);
}

/** A list item, a code line or a block's line part (a poem line): one line of its container. */
const isLineOfContainer = (element: Element): boolean =>
  element.type === 'list-item' || element.type === 'code-line' || blockOf(element.type)?.isLine === true;

/** Blocks as one line of inline content: lines (a table's rows, cells spaced) joined by line breaks. */
function flattenLines(blocks: readonly Descendant[]): InlineNode[] {
  const lines: InlineNode[][] = [];
  const lineOf = (element: Element): InlineNode[] =>
    (element.children as Descendant[]).filter(
      (child): child is InlineNode => Text.isText(child) || isLink(child) || isImage(child),
    );
  for (const block of blocks) {
    if (!Element.isElement(block)) continue;
    const toLines = blockOf(block.type)?.toLines;
    if (toLines) lines.push(...toLines(block));
    else if (block.children.some((child) => Element.isElement(child) && isLineOfContainer(child))) {
      for (const child of block.children) if (Element.isElement(child)) lines.push(lineOf(child));
    } else lines.push(lineOf(block));
  }
  const joined: InlineNode[] = [];
  lines.forEach((line, index) => {
    if (index > 0) joined.push({ text: '\n' });
    joined.push(...line);
  });
  return joined.length > 0 ? joined : [{ text: '' }];
}
