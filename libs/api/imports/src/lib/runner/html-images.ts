import render from 'dom-serializer';
import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';

/** Image file names, as their addresses end: a link to one of them is a link to the image itself. */
const IMAGE_PATH = /\.(?:jpe?g|png|gif|webp|avif|heic|bmp|tiff?)$/i;

const isImageLink = (href: string) => {
  try {
    return IMAGE_PATH.test(new URL(href, 'http://site').pathname);
  } catch {
    return false;
  }
};

/** Every image address in `html` the importer must bring over: `<img src>`, `srcset` entries and links to image files. */
export function imageUrlsIn(html: string): string[] {
  const document = parseDocument(html);
  const urls = new Set<string>();
  for (const element of DomUtils.findAll((node) => node.name === 'img' || node.name === 'a', document.children)) {
    if (element.name === 'img') {
      if (element.attribs['src']) urls.add(element.attribs['src']);
      for (const candidate of srcsetUrls(element.attribs['srcset'])) urls.add(candidate);
    } else if (element.attribs['href'] && isImageLink(element.attribs['href'])) {
      urls.add(element.attribs['href']);
    }
  }
  return [...urls];
}

function srcsetUrls(srcset: string | undefined): string[] {
  if (!srcset) return [];
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0])
    .filter((url): url is string => Boolean(url));
}

/**
 * `html` with each image address replaced by its new one (`newUrl` answers null for an image that
 * could not be had: that image is removed, with its figure when no other image is left in it, and a
 * link to it keeps its text). `srcset` and `sizes` go: the site makes its own responsive variants.
 */
export function replaceImageUrls(html: string, newUrl: (url: string) => string | null): string {
  const document = parseDocument(html);
  const elements = DomUtils.findAll((node) => node.name === 'img' || node.name === 'a', document.children);
  for (const element of elements) {
    if (element.name === 'img') {
      const replacement = element.attribs['src'] ? newUrl(element.attribs['src']) : null;
      delete element.attribs['srcset'];
      delete element.attribs['sizes'];
      if (replacement) element.attribs['src'] = replacement;
      else removeImage(element);
    } else if (element.attribs['href'] && isImageLink(element.attribs['href'])) {
      const replacement = newUrl(element.attribs['href']);
      if (replacement) element.attribs['href'] = replacement;
      else unwrap(element);
    }
  }
  return render(document, { encodeEntities: 'utf8' });
}

function removeImage(image: Element): void {
  const figure = closest(image, 'figure');
  DomUtils.removeElement(image);
  if (figure && DomUtils.findOne((node) => node.name === 'img', figure.children) === null) {
    DomUtils.removeElement(figure);
  }
}

function closest(element: Element, name: string): Element | null {
  let parent = element.parent;
  while (parent && parent.type === 'tag') {
    if ((parent as Element).name === name) return parent as Element;
    parent = parent.parent;
  }
  return null;
}

/** Replaces an element by its children (a link to a lost image keeps its text). */
function unwrap(element: Element): void {
  for (const child of [...element.children]) DomUtils.prepend(element, child);
  DomUtils.removeElement(element);
}

/** An `<audio>`'s address: its `src`, else its first `<source src>` (WordPress's and Ghost's players). */
function audioSource(audio: Element): string | undefined {
  if (audio.attribs['src']) return audio.attribs['src'];
  const source = DomUtils.findOne((node) => node.name === 'source' && Boolean(node.attribs['src']), audio.children);
  return source?.attribs['src'];
}

const findAudio = (html: string) => {
  const document = parseDocument(html);
  return { document, players: DomUtils.findAll((node) => node.name === 'audio', document.children) };
};

/** Every audio clip address in `html` the importer must bring over. */
export function audioUrlsIn(html: string): string[] {
  return [...new Set(findAudio(html).players.flatMap((audio) => audioSource(audio) ?? []))];
}

/**
 * `html` with each audio player pointing at its clip's new address (its `<source>` children gone); a
 * clip that could not be had (`newUrl` null) is removed with its player, and with its figure when
 * nothing but its caption is left in it.
 */
export function replaceAudioUrls(html: string, newUrl: (url: string) => string | null): string {
  const { document, players } = findAudio(html);
  for (const audio of players) {
    const source = audioSource(audio);
    const replacement = source ? newUrl(source) : null;
    if (replacement) {
      audio.attribs['src'] = replacement;
      for (const child of [...audio.children]) DomUtils.removeElement(child);
      continue;
    }
    const figure = closest(audio, 'figure');
    DomUtils.removeElement(audio);
    if (figure && DomUtils.findOne((node) => node.name !== 'figcaption', figure.children) === null) {
      DomUtils.removeElement(figure);
    }
  }
  return render(document, { encodeEntities: 'utf8' });
}
