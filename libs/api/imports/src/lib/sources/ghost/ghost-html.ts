import { render } from 'dom-serializer';
import { isComment, isTag, type ChildNode, type Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { bookmarkAsLink, droppedCard, embedAsVideoOrLink } from './ghost-cards';

/** What Ghost writes for its own site's address in an export (`__GHOST_URL__/content/images/...`). */
export const GHOST_URL = '__GHOST_URL__';

// `kg-embed-card` → `embed`: the card a Ghost figure or div is.
const CARD_CLASS = /\bkg-([a-z]+)-card\b/;
// Cards whose content is a media file of Ghost's: neither the file nor its player are carried over.
const MEDIA_CARDS = new Set(['video', 'audio', 'file']);

/**
 * A Ghost post's body cleaned of Ghost's own markup: the card comments (`<!--kg-card-begin: html-->`,
 * `<!--members-only-->`) go, keeping what they surround; embeds and bookmarks become links; links to
 * the old site's own pages (`__GHOST_URL__/slug/`) become relative (`/slug/`), so that they reach the
 * redirects of the old paths. Images stay as Ghost wrote them: the runner maps them to our uploads.
 */
export function cleanGhostHtml(html: string, warnings: string[]): string {
  const document = parseDocument(html);
  cleanNodes(document.children, warnings);
  return render(document, { encodeEntities: 'utf8' });
}

function cleanNodes(nodes: ChildNode[], warnings: string[]): void {
  for (const node of [...nodes]) {
    if (isComment(node)) {
      DomUtils.removeElement(node);
      continue;
    }
    if (!isTag(node)) continue;
    const card = CARD_CLASS.exec(node.attribs['class'] ?? '')?.[1];
    if (card === 'embed') {
      replaceWithHtml(node, embedAsVideoOrLink(embedSource(node), textOf(findTag(node, 'figcaption')), warnings));
    } else if (card === 'bookmark') {
      const container = DomUtils.findOne((e) => e.name === 'a' && !!e.attribs['href'], node.children);
      const title = DomUtils.findOne((e) => /\bkg-bookmark-title\b/.test(e.attribs['class'] ?? ''), node.children);
      replaceWithHtml(node, bookmarkAsLink(container?.attribs['href'] ?? '', textOf(title)));
    } else if (card && MEDIA_CARDS.has(card)) {
      replaceWithHtml(node, droppedCard(card, warnings));
    } else if (node.name === 'iframe') {
      // An HTML card's own frame: the same link as an embed card's.
      replaceWithHtml(node, embedAsVideoOrLink(node.attribs['src'] ?? '', '', warnings));
    } else {
      if (node.name === 'a' && node.attribs['href'] !== undefined) {
        node.attribs['href'] = siteRelativeLink(node.attribs['href']);
      }
      cleanNodes(node.children, warnings);
    }
  }
}

/** The player's address; for an embed with no frame (a tweet's blockquote), its last link, the post's permalink. */
function embedSource(card: Element): string {
  const frame = findTag(card, 'iframe');
  if (frame?.attribs['src']) return frame.attribs['src'];
  const links = DomUtils.findAll((e) => e.name === 'a' && !!e.attribs['href'], card.children);
  return links[links.length - 1]?.attribs['href'] ?? '';
}

/** `__GHOST_URL__/slug/` → `/slug/`; the site's files (`/content/...`) stay for the runner's image mapping. */
export function siteRelativeLink(href: string): string {
  if (!href.startsWith(GHOST_URL)) return href;
  const path = href.slice(GHOST_URL.length);
  if (path.startsWith('/content/')) return href;
  return path.startsWith('/') ? path : `/${path}`;
}

function findTag(node: Element, name: string): Element | null {
  return DomUtils.findOne((e) => e.name === name, node.children);
}

function textOf(node: Element | null): string {
  return node ? DomUtils.textContent(node).replace(/\s+/g, ' ').trim() : '';
}

function replaceWithHtml(node: Element, html: string): void {
  for (const child of [...parseDocument(html).children]) DomUtils.prepend(node, child);
  DomUtils.removeElement(node);
}
