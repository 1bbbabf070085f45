import { Element } from 'slate';
import type { GalleryImage } from '@blog/shared/html';

/** Photos in a grid, each with its alt text and caption (a void block; see `galleryHtml`). */
export interface GalleryElement {
  type: 'gallery';
  images: GalleryImage[];
  children: [{ text: '' }];
}

export const isGallery = (node: unknown): node is GalleryElement => Element.isElement(node) && node.type === 'gallery';
