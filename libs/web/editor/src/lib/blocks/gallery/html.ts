import { galleryHtml as writeGallery, safeImageUrl, type GalleryImage } from '@blog/shared/html';
import type { BlockReadRule } from '../block';
import type { GalleryElement } from './gallery';

export const galleryHtml = (gallery: GalleryElement): string => writeGallery(gallery.images);

/** The editor's gallery: each photo's address (its link's, the full photo), alt text and caption. */
export const readGallery: BlockReadRule = {
  tag: 'div',
  className: 'gallery',
  read: (element, place) => {
    if (place.inCell) return 'content';
    const images = Array.from(element.querySelectorAll('figure.gallery-item')).flatMap((item) => {
      const img = item.querySelector('img');
      const url = safeImageUrl(item.querySelector('a')?.getAttribute('href') ?? img?.getAttribute('src') ?? '');
      if (!url) return [];
      const image: GalleryImage = { url };
      const alt = img?.getAttribute('alt')?.trim();
      if (alt) image.alt = alt.normalize('NFC');
      const caption = (item.querySelector('figcaption')?.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (caption) image.caption = caption.normalize('NFC');
      return [image];
    });
    if (images.length === 0 || !place.inParagraph) return 'drop';
    return { type: 'gallery', images, children: [{ text: '' }] };
  },
};
