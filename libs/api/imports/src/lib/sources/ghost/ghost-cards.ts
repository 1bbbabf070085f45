import { DomUtils, parseDocument } from 'htmlparser2';
import { escapeAttribute, escapeText, galleryHtml, parseVideoUrl, videoFacadeHtml } from '@blog/shared/html';
/**
 * The HTML that Ghost's cards become, written once for the three ways a Ghost post holds its body:
 * Ghost's own `html` (cleaned in ghost-html.ts), Lexical and Mobiledoc (rendered when `html` is null).
 */

/** A body Ghost would not have written (no root, nesting past MAX_DEPTH): the reader falls back to the plain text. */
export class GhostBodyError extends Error {}

/** A card field that should be a string; anything else in a hostile file counts as empty. */
export function stringField(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : '';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export interface ImageCard {
  src: string;
  alt: string;
  /** HTML, as Ghost stores a card's caption. */
  caption: string;
  /** Where the image links to ('' for nowhere). */
  href: string;
  width?: unknown;
  height?: unknown;
}

const size = (name: string, value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? ` ${name}="${value}"` : '';

/** An image card as Ghost writes it, without Ghost's classes: `<figure><img><figcaption>`. */
export function imageFigure(card: ImageCard): string {
  if (!card.src) return '';
  const img = `<img src="${escapeAttribute(card.src)}" alt="${escapeAttribute(card.alt)}"${size('width', card.width)}${size('height', card.height)}>`;
  const linked = card.href ? `<a href="${escapeAttribute(card.href)}">${img}</a>` : img;
  return `<figure>${linked}${card.caption ? `<figcaption>${card.caption}</figcaption>` : ''}</figure>`;
}

/**
 * An audio card as our audio block, its title as the caption (the importer brings the clip over and
 * points the player at it; a clip it cannot have is left out with the player).
 */
export function audioFigure(src: string, title: string): string {
  if (!src) return '';
  const caption = title.trim() ? `<figcaption>${escapeText(title.trim())}</figcaption>` : '';
  return `<figure class="audio"><audio controls preload="none" src="${escapeAttribute(src)}"></audio>${caption}</figure>`;
}

/** A gallery card as our gallery (its captions as text: a gallery's captions are plain). */
export function renderGallery(images: unknown): string {
  if (!Array.isArray(images)) return '';
  return galleryHtml(
    images.filter(isRecord).map((image) => ({
      url: stringField(image, 'src'),
      alt: stringField(image, 'alt'),
      caption: DomUtils.textContent(parseDocument(stringField(image, 'caption'))),
    })),
  );
}

/** A code card: the language as the `language-x` class our code blocks use; its caption, if any, in a figure. */
export function codeBlock(code: string, language: string, caption: string): string {
  const languageClass = /^[a-z0-9+#-]+$/i.test(language) ? ` class="language-${language.toLowerCase()}"` : '';
  const pre = `<pre><code${languageClass}>${escapeText(code)}</code></pre>`;
  return caption ? `<figure>${pre}<figcaption>${caption}</figcaption></figure>` : pre;
}

/**
 * The page an embedded player shows, for a link to it: YouTube's and Vimeo's player addresses become
 * their watch pages; any other address stays as it is.
 */
export function embedPageUrl(src: string): string {
  const url = src.startsWith('//') ? `https:${src}` : src;
  const youtube = /^https?:\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([\w-]+)/i.exec(url);
  if (youtube) return `https://www.youtube.com/watch?v=${youtube[1]}`;
  const vimeo = /^https?:\/\/player\.vimeo\.com\/video\/(\d+)/i.exec(url);
  if (vimeo) return `https://vimeo.com/${vimeo[1]}`;
  return url;
}

/**
 * An embed card: a YouTube or Vimeo player as our video (its facade; the owner can add its picture in
 * the editor), anything else (a tweet...) as a plain link, since our rich-text policy allows no frames
 * or scripts. The warning tells the owner what to look at again.
 */
export function embedAsVideoOrLink(src: string, caption: string, warnings: string[]): string {
  if (!src) {
    warnings.push('An embed card with no address was dropped: embeds are not carried over.');
    return '';
  }
  const url = embedPageUrl(src);
  const video = parseVideoUrl(url);
  if (video) return videoFacadeHtml({ ...video, caption: caption.replace(/\s+/g, ' ').trim() });
  warnings.push(`An embed (${url}) became a link: embedded players are not carried over.`);
  return `<p><a href="${escapeAttribute(url)}">${escapeText(caption || url)}</a></p>`;
}

/** A bookmark card (a link shown as a preview box) as a plain link with the page's title. */
export function bookmarkAsLink(url: string, title: string): string {
  return url ? `<p><a href="${escapeAttribute(url)}">${escapeText(title || url)}</a></p>` : '';
}

/** A Markdown card: we have no Markdown renderer, so its text is kept as written, paragraph by paragraph. */
export function markdownAsText(markdown: string, warnings: string[]): string {
  if (!markdown.trim()) return '';
  warnings.push('A Markdown card was kept as plain text: check its formatting.');
  return markdown
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => `<p>${escapeText(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A card we do not carry over; its name, from the file, is shortened for the report. */
export function droppedCard(name: unknown, warnings: string[]): string {
  const shown = typeof name === 'string' && /^[\w-]{1,40}$/.test(name) ? `“${name}”` : 'unknown';
  warnings.push(`A Ghost ${shown} card was not carried over.`);
  return '';
}
