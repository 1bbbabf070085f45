import { render } from 'dom-serializer';
import { Element, isTag, Text, type ChildNode } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { uploadVariantName, uploadVariantWidths, type UploadVariantFormat } from '@blog/contracts';
import { defaultVideoTitle, isVideoProvider, VIDEO_PROVIDERS } from '@blog/shared/html/video-embeds';

/** The widest a mail's column is: what Gmail, Outlook and Apple Mail all lay out without scrolling. */
export const MAIL_WIDTH = 600;
/** The column inside the mail's padding, where the post's pictures are drawn. */
export const MAIL_IMAGE_WIDTH = 552;
/** The upload variants a mail shows: Gmail, Apple Mail and Outlook's web and new apps show WebP; few show AVIF. */
const MAIL_IMAGE_FORMAT: UploadVariantFormat = 'webp';
/** A gallery in a mail: this many photos (two a row), then a link to the rest on the site. */
export const MAIL_GALLERY_PHOTOS = 4;

/** Mail clients show neither players nor forms, and never run scripts: these go with their content. */
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'object',
  'embed',
]);

/** Words of the mail that stand for what a mail cannot show (a player, a grid of photos). */
export const MAIL_LABELS = {
  play: (title: string) => `▶ Play the video: ${title}`,
  listen: 'Listen',
  listenTo: (caption: string) => `🔊 Listen: ${caption}`,
  morePhotos: (count: number) => (count === 1 ? 'See the photo on the site' : `See all ${count} photos on the site`),
  photo: 'Photo',
};

/** An address on the site (`/uploads/…`, `/a-post`, `#note`) made absolute on `base`; others stay as they are. */
export function absoluteUrl(url: string, base: string): string {
  try {
    return new URL(url.trim(), base).href;
  } catch {
    return base;
  }
}

/** The widest candidate of a `srcset` not wider than needed: the smallest at least `width`, else the widest. */
function variantFor(candidates: Array<{ url: string; width: number }>, width: number): string | null {
  const sorted = [...candidates].sort((a, b) => a.width - b.width);
  return (sorted.find((candidate) => candidate.width >= width) ?? sorted[sorted.length - 1])?.url ?? null;
}

function srcsetCandidates(srcset: string): Array<{ url: string; width: number }> {
  return srcset.split(',').flatMap((entry) => {
    const [url, descriptor] = entry.trim().split(/\s+/);
    const width = Number(descriptor?.replace(/w$/, ''));
    return url && Number.isInteger(width) && width > 0 ? [{ url, width }] : [];
  });
}

/**
 * An uploaded image's variant for a mail (`photo-960.webp` for `photo.jpg` 2000 pixels wide): sharp at
 * `drawnWidth` (the mail's column unless told) on a dense screen without sending the original. Null when
 * its width is not known.
 */
export function mailUploadVariant(
  fileName: string,
  naturalWidth: number | null | undefined,
  drawnWidth = MAIL_IMAGE_WIDTH,
): string | null {
  if (!naturalWidth || fileName.endsWith('.gif')) return null;
  const widths = uploadVariantWidths(naturalWidth).map((width) => ({
    url: uploadVariantName(fileName, width, MAIL_IMAGE_FORMAT),
    width,
  }));
  return variantFor(widths, drawnWidth);
}

const element = (name: string, attribs: Record<string, string>, children: ChildNode[] = []): Element => {
  const node = new Element(name, attribs, children);
  for (const child of children) child.parent = node;
  return node;
};
const text = (value: string) => new Text(value);

const classesOf = (node: Element) => (node.attribs['class'] ?? '').split(/\s+/);
const findAll = (test: (node: Element) => boolean, nodes: ChildNode[]) => DomUtils.findAll(test, nodes);

/** An image sized for the mail's column: its drawn size kept when narrower, its height following. */
function sizeImage(img: Element): void {
  const width = Number(img.attribs['width']);
  const height = Number(img.attribs['height']);
  if (width > 0) {
    const drawn = Math.min(width, MAIL_IMAGE_WIDTH);
    img.attribs['width'] = String(drawn);
    if (height > 0) img.attribs['height'] = String(Math.round((height * drawn) / width));
    else delete img.attribs['height'];
  } else {
    // Outlook draws an image without a width at its own size: the column's width keeps it inside.
    img.attribs['width'] = String(MAIL_IMAGE_WIDTH);
    delete img.attribs['height'];
  }
  img.attribs['alt'] ??= '';
  delete img.attribs['loading'];
  delete img.attribs['decoding'];
  delete img.attribs['srcset'];
  delete img.attribs['sizes'];
}

/** A `<picture>` (the public pages' responsive image) becomes its `<img>` showing the variant for the mail. */
function flattenPicture(picture: Element): void {
  const img = findAll((node) => node.name === 'img', picture.children)[0];
  if (!img) {
    DomUtils.removeElement(picture);
    return;
  }
  const source = findAll(
    (node) => node.name === 'source' && node.attribs['type'] === `image/${MAIL_IMAGE_FORMAT}`,
    picture.children,
  )[0];
  const variant = source ? variantFor(srcsetCandidates(source.attribs['srcset'] ?? ''), MAIL_IMAGE_WIDTH) : null;
  if (variant) img.attribs['src'] = variant;
  DomUtils.replaceElement(picture, img);
}

/** A video's facade becomes its poster (or a plain link when it has none) with a play label, linked to the post. */
function videoToLink(figure: Element, postUrl: string): void {
  const provider = figure.attribs['data-provider'];
  const titleNode = findAll((node) => classesOf(node).includes('video-title'), figure.children)[0];
  const title =
    (titleNode && DomUtils.textContent(titleNode).trim()) ||
    (isVideoProvider(provider) ? defaultVideoTitle(provider) : 'Video');
  const poster = findAll((node) => node.name === 'img', figure.children)[0]?.attribs['src'] ?? null;
  const providerThumbnail =
    isVideoProvider(provider) && figure.attribs['data-id']
      ? VIDEO_PROVIDERS[provider].thumbnail(figure.attribs['data-id'])
      : null;
  const picture = poster ?? providerThumbnail;
  const label = MAIL_LABELS.play(title);
  const caption = findAll((node) => node.name === 'figcaption', figure.children)[0];
  const children: ChildNode[] = [];
  if (picture) {
    children.push(
      element('a', { href: postUrl, class: 'mail-video' }, [
        element('img', { src: picture, alt: label, width: String(MAIL_IMAGE_WIDTH) }),
      ]),
    );
  }
  children.push(element('p', { class: 'mail-video-label' }, [element('a', { href: postUrl }, [text(label)])]));
  if (caption) children.push(caption);
  DomUtils.replaceElement(figure, element('div', { class: 'mail-figure' }, children));
}

/** A gallery becomes its first photos, two a row, each linked to the post, and a link to see them all there. */
function galleryToLinks(gallery: Element, postUrl: string): void {
  const photos = findAll((node) => node.name === 'img', gallery.children);
  const shown = photos.slice(0, MAIL_GALLERY_PHOTOS);
  const cellWidth = Math.floor(MAIL_IMAGE_WIDTH / 2) - 4;
  const rows: Element[] = [];
  for (let index = 0; index < shown.length; index += 2) {
    const cells = shown.slice(index, index + 2).map((img) =>
      element('td', { class: 'mail-gallery-cell', width: '50%' }, [
        element('a', { href: postUrl }, [
          element('img', {
            src: img.attribs['src'] ?? '',
            alt: img.attribs['alt'] || MAIL_LABELS.photo,
            width: String(cellWidth),
          }),
        ]),
      ]),
    );
    rows.push(element('tr', {}, cells));
  }
  const table = element(
    'table',
    { class: 'mail-gallery', role: 'presentation', width: '100%', cellpadding: '0', cellspacing: '0', border: '0' },
    [element('tbody', {}, rows)],
  );
  // Always the link too: the plain-text part names the gallery by it.
  const more = element('p', { class: 'mail-gallery-more' }, [
    element('a', { href: postUrl }, [text(MAIL_LABELS.morePhotos(photos.length))]),
  ]);
  DomUtils.replaceElement(gallery, element('div', { class: 'mail-figure' }, [table, more]));
}

/** An audio player becomes a link to the clip: mail clients do not play audio. */
function audioToLink(audio: Element): void {
  const src = audio.attribs['src'];
  if (!src) {
    DomUtils.removeElement(audio);
    return;
  }
  const figure = audio.parent && isTag(audio.parent) && audio.parent.name === 'figure' ? audio.parent : null;
  const caption = figure ? findAll((node) => node.name === 'figcaption', figure.children)[0] : undefined;
  // A vocabulary word's clip is named by its accessible name ("Pronunciation of …").
  const label = caption
    ? MAIL_LABELS.listenTo(DomUtils.textContent(caption).trim())
    : audio.attribs['aria-label'] || MAIL_LABELS.listen;
  if (caption) DomUtils.removeElement(caption);
  DomUtils.replaceElement(audio, element('a', { href: src, class: 'mail-audio' }, [text(label)]));
}

/**
 * The post's rich text (the HTML policy's, as the public post page shows it) for a mail: what a mail
 * client cannot show becomes a link to the post or to the file, every address is absolute, every
 * picture fits the column and keeps its alt text. Class names stay for the mail's stylesheet.
 */
export function mailContentHtml(content: string, postUrl: string): string {
  const document = parseDocument(content);
  const all = (test: (node: Element) => boolean) => findAll(test, document.children);
  const withClass = (tag: string, name: string) => all((node) => node.name === tag && classesOf(node).includes(name));
  for (const node of all((candidate) => DROPPED_TAGS.has(candidate.name))) DomUtils.removeElement(node);
  for (const picture of all((node) => node.name === 'picture')) flattenPicture(picture);
  for (const figure of withClass('figure', 'video')) videoToLink(figure, postUrl);
  for (const gallery of withClass('div', 'gallery')) galleryToLinks(gallery, postUrl);
  for (const audio of all((node) => node.name === 'audio')) audioToLink(audio);
  // A table's scrolling box is the page's (a mail cannot scroll): the table alone, at the column's width.
  for (const box of withClass('div', 'table-scroll')) DomUtils.replaceElement(box, element('div', {}, box.children));
  for (const img of all((node) => node.name === 'img')) {
    img.attribs['src'] = absoluteUrl(img.attribs['src'] ?? '', postUrl);
    sizeImage(img);
  }
  for (const link of all((node) => node.name === 'a')) {
    // Resolved against the post's address: a footnote's `#fn-1` leads into the post on the site.
    link.attribs['href'] = absoluteUrl(link.attribs['href'] ?? postUrl, postUrl);
    delete link.attribs['target'];
    delete link.attribs['rel'];
  }
  for (const table of all((node) => node.name === 'table' && !node.attribs['role'])) {
    table.attribs['width'] = '100%';
  }
  return render(document, { encodeEntities: 'utf8' });
}
