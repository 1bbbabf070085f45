import { safeImageUrl } from '@blog/shared/html';
import type { BlockReadRule, HtmlWriter } from '../block';
import type { FigureElement } from './figure';

/** `<figure><img …><figcaption>…</figcaption></figure>`; nothing for an image not (yet) on this site. */
export function figureHtml(figure: FigureElement, write: HtmlWriter): string {
  if (figure.pending || !safeImageUrl(figure.url)) return '';
  const caption = write.plainText(figure.caption);
  return `<figure>${write.image(figure)}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
}

/**
 * A `<figure>` of one image and, at most, its caption (the editor's own, or a web page's) as a
 * figure block; any other figure (a quote, a table, several images, a figure inside a list or a
 * quote) is read as ordinary content, its caption a line of text.
 */
export const readFigure: BlockReadRule = {
  tag: 'figure',
  read: (element, place, reader) => {
    if (!place.inParagraph || place.inLink) return 'content';
    const images = element.querySelectorAll('img');
    if (images.length !== 1) return 'content';
    const caption = element.querySelector('figcaption');
    const textBesides = (node: Node): string =>
      node === caption
        ? ''
        : node.nodeType === 3
          ? (node as Text).data
          : Array.from(node.childNodes).map(textBesides).join('');
    if (textBesides(element).trim() !== '') return 'content';
    const image = reader.image(images[0]);
    if (!image) return 'content';
    const figure: FigureElement = { ...image, type: 'figure' };
    const text = (caption?.textContent ?? '').replace(/\s+/g, ' ').trim().normalize('NFC');
    if (text) figure.caption = text;
    return figure;
  },
};
