import { escapeAttribute, escapeText, galleryHtml, parseVideoUrl, videoFacadeHtml } from '@blog/shared/html';
import { htmlText } from '../html-text';

/** An attachment as a post's body refers to it (`[gallery ids="12,13"]`). */
export interface WordPressAttachmentImage {
  url: string;
  alt: string;
  caption: string;
}

export interface WordPressHtmlContext {
  attachment(id: string): WordPressAttachmentImage | undefined;
  /** The attachments uploaded to a post, in the order WordPress shows them: what a `[gallery]` without ids shows. */
  childAttachmentIds(postId: string): string[];
  postId: string;
}

/**
 * Shortcodes WordPress and its common plugins register. Any other `[name …]` counts as one only when it
 * looks like code (`[name key="value"]`, `[name]…[/name]`, a name with `_` or `-`): `[sic]` and
 * `[edge case]` are text in brackets.
 */
const KNOWN_SHORTCODES = new Set(
  'caption wp_caption gallery embed audio video playlist youtube vimeo soundcloud twitter tweet instagram gist code sourcecode latex googlemaps toc'.split(
    ' ',
  ),
);
/** Media shortcodes whose address is worth keeping as a link. */
const MEDIA_SHORTCODES = new Set([
  'embed',
  'audio',
  'video',
  'playlist',
  'youtube',
  'vimeo',
  'soundcloud',
  'tweet',
  'twitter',
  'instagram',
  'gist',
]);
const MEDIA_URL_ATTRIBUTES = ['src', 'url', 'mp3', 'm4a', 'ogg', 'wav', 'mp4', 'm4v', 'webm', 'ogv', 'flv', 'wmv'];

/**
 * WordPress's shortcode grammar (`get_shortcode_regex()`), for any name: `[[name]]` (escaped), `[name attrs]`,
 * `[name attrs/]` and `[name attrs]content[/name]`. Groups: 1 `[` of an escape, 2 name, 3 attributes,
 * 4 self-closing `/`, 5 enclosed content, 6 `]` of an escape.
 */
const SHORTCODE =
  /\[(\[?)([A-Za-z][\w-]*)(?![\w-])([^\]/]*(?:\/(?!\])[^\]/]*)*?)(?:(\/)\]|\](?:([^[]*(?:\[(?!\/\2\])[^[]*)*)\[\/\2\])?)(\]?)/g;
/** `key="value"`, `key='value'`, `key=value`, `"value"`, `value` (`shortcode_parse_atts()`). */
const SHORTCODE_ATTRIBUTE =
  /([\w-]+)\s*=\s*"([^"]*)"|([\w-]+)\s*=\s*'([^']*)'|([\w-]+)\s*=\s*([^\s'"]+)|"([^"]*)"|'([^']*)'|(\S+)/g;

/** WordPress's auto-embed: an address alone on its line (`WP_Embed::autoembed`), in a classic post. */
const AUTOEMBED_LINE = /^([ \t]*)(https?:\/\/[^\s<>"]+)([ \t]*)$/gim;
/** An embed block's figure: the address alone in its wrapper, and its caption. */
const EMBED_BLOCK =
  /<figure\b[^>]*\bwp-block-embed\b[^>]*>\s*<div\b[^>]*\bwp-block-embed__wrapper\b[^>]*>\s*(https?:\/\/[^\s<>"]+)\s*<\/div>\s*(?:<figcaption\b[^>]*>([\s\S]*?)<\/figcaption>\s*)?<\/figure>/gi;

/** Block comments (`<!-- wp:paragraph {…} -->`, `<!-- /wp:paragraph -->`, `<!-- wp:site-title /-->`). */
const BLOCK_COMMENT = /<!--\s*(\/)?wp:([a-z][a-z0-9_/-]*)[\s\S]*?(\/)?-->/g;
/** The classic editor's markers: `<!--more-->`, `<!--more Read on-->`, `<!--nextpage-->`, `<!--noteaser-->`. */
const CLASSIC_MARKERS = /<!--\s*(?:more\b[\s\S]*?|nextpage|noteaser)\s*-->/g;

/**
 * A post's `content:encoded` as plain HTML: block comments removed (a dynamic block, which WordPress
 * renders on each view and which has no HTML of its own, reported), `[caption]` and `[gallery]` turned into
 * figures, media shortcodes into links (YouTube and Vimeo ones, and the videos WordPress auto-embeds, into
 * our videos) and every other shortcode removed (its enclosed content kept),
 * each reported; then, for a classic-editor post, WordPress's `wpautop` paragraphs.
 */
export function wordPressHtml(raw: string, context: WordPressHtmlContext): { html: string; warnings: string[] } {
  const warnings: string[] = [];
  const hasBlocks = /<!--\s*wp:/.test(raw);
  const dynamicBlocks = new Set<string>();
  let html = raw.replace(
    BLOCK_COMMENT,
    (_, closing: string | undefined, name: string, selfClosing: string | undefined) => {
      if (selfClosing && !closing) dynamicBlocks.add(name);
      return '';
    },
  );
  html = html.replace(CLASSIC_MARKERS, '');
  if (dynamicBlocks.size > 0) {
    warnings.push(
      `WordPress block${dynamicBlocks.size > 1 ? 's' : ''} ${[...dynamicBlocks].map((name) => `wp:${name}`).join(', ')} ` +
        `had no content of ${dynamicBlocks.size > 1 ? 'their' : 'its'} own (WordPress builds ${dynamicBlocks.size > 1 ? 'them' : 'it'} on each view): left out.`,
    );
  }
  const shortcodes = new Map<string, string>();
  html = replaceShortcodes(html, context, shortcodes);
  // YouTube and Vimeo embeds become our videos; any other embed stays as WordPress stored it (a link or text).
  html = hasBlocks
    ? html.replace(EMBED_BLOCK, (whole, url: string, caption: string | undefined) => {
        const video = parseVideoUrl(url);
        return video ? videoFacadeHtml({ ...video, caption: caption ? plainText(caption) : '' }) : whole;
      })
    : html.replace(AUTOEMBED_LINE, (whole, _before: string, url: string) => {
        const video = parseVideoUrl(url);
        return video ? videoFacadeHtml(video) : whole;
      });
  // The audio block's figure (`<figure class="wp-block-audio"><audio controls src>`): our audio block.
  html = html.replace(/(<figure\b[^>]*\bclass=")wp-block-audio\b[^"]*"/g, '$1audio"');
  warnings.push(...shortcodes.values());
  // WordPress switches wpautop off for block posts: their blocks wrote their own paragraphs.
  return { html: hasBlocks ? html.trim() : wpautop(html), warnings };
}

/** The excerpt as HTML: as WordPress shows it (`the_excerpt` runs wpautop), '' when there is none. */
export function wordPressExcerptHtml(raw: string, context: WordPressHtmlContext): { html: string; warnings: string[] } {
  if (raw.trim() === '') return { html: '', warnings: [] };
  return wordPressHtml(raw, context);
}

function replaceShortcodes(html: string, context: WordPressHtmlContext, reported: Map<string, string>): string {
  return html.replace(
    SHORTCODE,
    (
      whole,
      open: string,
      name: string,
      attributeText: string,
      selfClosing: string | undefined,
      content: string | undefined,
      close: string,
    ) => {
      if (open === '[' && close === ']') return whole.slice(1, -1);
      const tag = name.toLowerCase();
      const attributes = parseShortcodeAttributes(attributeText);
      if (!looksLikeShortcode(tag, attributes, content !== undefined || selfClosing !== undefined)) return whole;
      // A lone `[` or `]` of a half-written escape stays around what the shortcode becomes (as in WordPress).
      const inner = content === undefined ? '' : replaceShortcodes(content, context, reported);
      if (tag === 'caption' || tag === 'wp_caption') return open + captionFigure(attributes, inner) + close;
      if (tag === 'gallery') return open + galleryFigure(attributes, context, reported) + close;
      const url = MEDIA_SHORTCODES.has(tag) ? mediaUrl(attributes, inner) : null;
      // `[audio mp3="…"]`: our audio block (the importer brings the clip over).
      if (tag === 'audio' && url) return open + audioFigure(url) + close;
      const video = url ? parseVideoUrl(url) : null;
      if (video) return open + videoFacadeHtml(video) + close;
      if (url) {
        report(reported, tag, `Shortcode [${tag}] is not supported: kept as a link to ${url}.`);
        return `${open}<a href="${escapeAttribute(url)}">${escapeText(url)}</a>${close}`;
      }
      report(
        reported,
        tag,
        `Shortcode [${tag}] is not supported: removed${inner.trim() ? ', the text it enclosed kept' : ''}.`,
      );
      return open + inner + close;
    },
  );
}

function report(reported: Map<string, string>, tag: string, message: string) {
  if (!reported.has(tag)) reported.set(tag, message);
}

interface ShortcodeAttributes {
  named: Map<string, string>;
  positional: string[];
}

function parseShortcodeAttributes(text: string): ShortcodeAttributes {
  const named = new Map<string, string>();
  const positional: string[] = [];
  // WordPress reads non-breaking and zero-width spaces between attributes as spaces.
  for (const match of text.replace(/[\u00a0\u200b]/g, ' ').matchAll(SHORTCODE_ATTRIBUTE)) {
    if (match[1] !== undefined) named.set(match[1].toLowerCase(), match[2]);
    else if (match[3] !== undefined) named.set(match[3].toLowerCase(), match[4]);
    else if (match[5] !== undefined) named.set(match[5].toLowerCase(), match[6]);
    else positional.push(match[7] ?? match[8] ?? match[9]);
  }
  return { named, positional };
}

function looksLikeShortcode(tag: string, attributes: ShortcodeAttributes, closed: boolean): boolean {
  if (KNOWN_SHORTCODES.has(tag) || closed || /[_-]/.test(tag)) return true;
  return attributes.named.size > 0 && attributes.positional.length === 0;
}

/** An audio clip's player in our audio block's figure, the clip still at its WordPress address. */
function audioFigure(url: string): string {
  return `<figure class="audio"><audio controls preload="none" src="${escapeAttribute(url)}"></audio></figure>`;
}

/** `[caption …]<a><img></a> The caption[/caption]` (or its `caption="…"` attribute) as a figure. */
function captionFigure(attributes: ShortcodeAttributes, inner: string): string {
  const match = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
  if (!match) return inner;
  const caption = oneLine(attributes.named.get('caption') ?? match[2]);
  return `<figure>${oneLine(match[1])}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
}

/** `[gallery ids="12,13"]` (or `include`, or the post's own attachments when it names none) as a figure of its images. */
function galleryFigure(
  attributes: ShortcodeAttributes,
  context: WordPressHtmlContext,
  reported: Map<string, string>,
): string {
  const listed = attributes.named.get('ids') ?? attributes.named.get('include');
  const excluded = new Set(idList(attributes.named.get('exclude') ?? ''));
  const ids = (listed ? idList(listed) : context.childAttachmentIds(context.postId)).filter((id) => !excluded.has(id));
  const missing = ids.filter((id) => !context.attachment(id));
  if (missing.length > 0) {
    report(
      reported,
      `gallery:${missing.join(',')}`,
      `A gallery shows attachment${missing.length > 1 ? 's' : ''} ${missing.join(', ')}, not in the file: left out.`,
    );
  }
  const images = ids.flatMap((id) => {
    const image = context.attachment(id);
    return image ? [{ url: image.url, alt: image.alt, caption: plainText(image.caption) }] : [];
  });
  if (images.length === 0) {
    report(reported, 'gallery', 'A gallery had no images in the file: left out.');
    return '';
  }
  return galleryHtml(images);
}

function idList(text: string): string[] {
  return text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^\d+$/.test(id));
}

function mediaUrl(attributes: ShortcodeAttributes, inner: string): string | null {
  const candidates = [
    inner.trim(),
    ...MEDIA_URL_ATTRIBUTES.map((name) => attributes.named.get(name) ?? ''),
    ...attributes.positional,
  ];
  return candidates.map((text) => text.trim()).find((text) => /^https?:\/\/\S+$/i.test(text)) ?? null;
}

function oneLine(html: string): string {
  return html.replace(/\s*\n\s*/g, ' ').trim();
}

/** Text from WordPress's HTML-ish titles and names (`Cats &amp; dogs`, `A <em>bold</em> title`). */
export function plainText(html: string): string {
  return /[<&]/.test(html) ? htmlText(html) : html.trim();
}

const ALL_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';
/** Stands for a newline inside a tag while paragraphs are made (WordPress uses `<!-- wpnl -->`). */
const TAG_NEWLINE = '\uE000';
const PRESERVED_NEWLINE = '\uE001';

/**
 * WordPress's `wpautop()` (wp-includes/formatting.php), which it runs on every classic-editor post when
 * showing it: text separated by blank lines becomes paragraphs, a single newline a `<br />`, block
 * elements and `<pre>` left alone. Without it such a post would lose all its paragraphs.
 */
export function wpautop(input: string): string {
  let text = input.replace(/[\uE000\uE001]/g, '');
  if (text.trim() === '') return '';
  text += '\n';
  const preTags = new Map<string, string>();
  if (text.includes('<pre')) {
    const parts = text.split('</pre>');
    const last = parts.pop() ?? '';
    text = '';
    for (const part of parts) {
      const start = part.indexOf('<pre');
      if (start === -1) {
        text += part;
        continue;
      }
      const placeholder = `<pre wp-pre-tag-${preTags.size}></pre>`;
      preTags.set(placeholder, `${part.slice(start)}</pre>`);
      text += part.slice(0, start) + placeholder;
    }
    text += last;
  }
  text = text.replace(/<br\s*\/?>\s*<br\s*\/?>/g, '\n\n');
  text = text.replace(new RegExp(`(<${ALL_BLOCKS}[\\s/>])`, 'g'), '\n\n$1');
  text = text.replace(new RegExp(`(</${ALL_BLOCKS}>)`, 'g'), '$1\n\n');
  text = text.replace(/(<hr\s*?\/?>)/g, '$1\n\n');
  text = text.replace(/\r\n|\r/g, '\n');
  text = text.replace(/<!--[\s\S]*?-->|<[^>]*>/g, (tag) => tag.replace(/\n/g, TAG_NEWLINE));
  if (text.includes('<figcaption')) {
    text = text.replace(/\s*(<figcaption[^>]*>)/g, '$1').replace(/<\/figcaption>\s*/g, '</figcaption>');
  }
  text = text.replace(/\n\n+/g, '\n\n');
  text = text
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${paragraph.replace(/^\n+|\n+$/g, '')}</p>\n`)
    .join('');
  text = text.replace(/<p>\s*<\/p>/g, '');
  text = text.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>');
  text = text.replace(new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'g'), '$1');
  text = text.replace(/<p>(<li.+?)<\/p>/g, '$1');
  text = text
    .replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>')
    .replace(/<\/blockquote><\/p>/g, '</p></blockquote>');
  text = text.replace(new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)`, 'g'), '$1');
  text = text.replace(new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'g'), '$1');
  text = text.replace(/<(script|style|svg|math)[\s\S]*?<\/\1>/g, (element) =>
    element.replace(/\n/g, PRESERVED_NEWLINE),
  );
  text = text.replace(/<br>|<br\/>/g, '<br />');
  text = text.replace(/(?<!<br \/>)\s*\n/g, '<br />\n');
  text = text.replace(new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*<br />`, 'g'), '$1');
  text = text.replace(/<br \/>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/g, '$1');
  text = text.replace(/\n<\/p>$/, '</p>');
  for (const [placeholder, pre] of preTags) text = text.replace(placeholder, () => pre);
  return text.replace(new RegExp(`[${TAG_NEWLINE}${PRESERVED_NEWLINE}]`, 'g'), '\n').trim();
}
