import { MAX_INDENT } from '@blog/shared/html';

/**
 * Clean-ups for HTML that office suites put on the clipboard, done on the parsed document before it
 * is read: Word's list paragraphs become list items, its hand-written bullets and numbers go, and the
 * wrapper Google Docs puts around everything (a `<b>` that is not bold) is removed.
 *
 * List items found here are marked with `data-rte-list` (`bulleted-list` / `numbered-list`) and
 * `data-rte-indent` (0-8), which the reader honours.
 */
export function normalizePastedDocument(doc: Document, html: string): void {
  if (doc.querySelector('[id^="docs-internal-guid-"]')) dropGoogleDocsDefaultColor(doc);
  unwrapGoogleDocsWrapper(doc);
  emptyWordParagraphsAsLineBreaks(doc);
  markWordListParagraphs(doc, html);
  removeWordListMarkers(doc);
  removeComments(doc);
  doc.querySelectorAll('br.Apple-interchange-newline').forEach((br) => br.remove());
}

/**
 * Google Docs writes the default text colour (black) on every run of text: that is no choice of the
 * author's, and keeping it would pin all pasted text to black.
 */
function dropGoogleDocsDefaultColor(doc: Document): void {
  doc.body.querySelectorAll<HTMLElement>('[style*="color"]').forEach((el) => {
    const style = el.getAttribute('style') ?? '';
    const cleaned = style
      .split(';')
      .filter((declaration) => !/^\s*color\s*:\s*(#000000|#000|rgb\(\s*0\s*,\s*0\s*,\s*0\s*\))\s*$/i.test(declaration))
      .join(';');
    if (cleaned !== style) el.setAttribute('style', cleaned);
  });
}

/** Word writes an empty paragraph as `<p><o:p>&nbsp;</o:p></p>`: an empty line. */
function emptyWordParagraphsAsLineBreaks(doc: Document): void {
  doc.body.querySelectorAll('p').forEach((paragraph) => {
    const only = paragraph.children.length === 1 ? paragraph.firstElementChild : null;
    if (only?.localName.toLowerCase() === 'o:p' && (paragraph.textContent ?? '').replace(/[\s\u00a0]/g, '') === '') {
      paragraph.replaceChildren(doc.createElement('br'));
    }
  });
}

/** Google Docs: `<b style="font-weight:normal;" id="docs-internal-guid-…">…</b>` around the whole copy. */
function unwrapGoogleDocsWrapper(doc: Document): void {
  doc.querySelectorAll('b[id^="docs-internal-guid-"]').forEach((wrapper) => {
    wrapper.replaceWith(...Array.from(wrapper.childNodes));
  });
}

const WORD_LIST = /mso-list:\s*l(\d+)\s+level(\d+)/i;
const WORD_IGNORE = /mso-list:\s*ignore/i;
const NUMBERED_MARKER = /^\(?([0-9]+|[a-z]|[ivxlcdm]+)[.)]/i;

function markWordListParagraphs(doc: Document, html: string): void {
  for (const paragraph of Array.from(doc.body.querySelectorAll<HTMLElement>('p[style*="mso-list"]'))) {
    const style = paragraph.getAttribute('style') ?? '';
    const match = WORD_LIST.exec(style);
    if (!match || WORD_IGNORE.test(style)) continue;
    const [, listId, levelText] = match;
    const level = Number(levelText);
    const marker = wordListMarker(paragraph).replace(/\s+/g, '');
    let numbered: boolean;
    if (marker) numbered = NUMBERED_MARKER.test(marker);
    else
      numbered = !new RegExp(
        `@list\\s+l${listId}:level${level}\\s*\\{[^}]*mso-level-number-format:\\s*bullet`,
        'i',
      ).test(html);
    paragraph.setAttribute('data-rte-list', numbered ? 'numbered-list' : 'bulleted-list');
    paragraph.setAttribute('data-rte-indent', String(Math.min(MAX_INDENT, Math.max(0, level - 1))));
  }
}

/** The bullet or number Word writes as text in front of a list paragraph. */
function wordListMarker(paragraph: HTMLElement): string {
  const ignored = Array.from(paragraph.querySelectorAll<HTMLElement>('[style]')).find((el) =>
    WORD_IGNORE.test(el.getAttribute('style') ?? ''),
  );
  if (ignored) return ignored.textContent ?? '';
  const range = conditionalListRange(paragraph);
  return range.map((node) => node.textContent ?? '').join('');
}

/** The nodes between `<![if !supportLists]>` and `<![endif]>` (parsed as comments) inside `parent`. */
function conditionalListRange(parent: Node): ChildNode[] {
  const nodes: ChildNode[] = [];
  let inside = false;
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === 8 /* COMMENT_NODE */) {
      const data = (child as Comment).data.trim().toLowerCase();
      if (data.startsWith('[if !supportlists]')) inside = true;
      else if (data.startsWith('[endif]')) inside = false;
      continue;
    }
    if (inside) nodes.push(child);
  }
  return nodes;
}

function removeWordListMarkers(doc: Document): void {
  doc.body.querySelectorAll<HTMLElement>('[style]').forEach((el) => {
    if (WORD_IGNORE.test(el.getAttribute('style') ?? '')) el.remove();
  });
  const walker = doc.createTreeWalker(doc.body, 128 /* NodeFilter.SHOW_COMMENT */);
  const parents = new Set<Node>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if ((node as Comment).data.trim().toLowerCase().startsWith('[if !supportlists]') && node.parentNode)
      parents.add(node.parentNode);
  }
  parents.forEach((parent) => conditionalListRange(parent).forEach((node) => node.remove()));
}

function removeComments(doc: Document): void {
  const walker = doc.createTreeWalker(doc.body, 128 /* NodeFilter.SHOW_COMMENT */);
  const comments: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) comments.push(node);
  comments.forEach((comment) => comment.parentNode?.removeChild(comment));
}
