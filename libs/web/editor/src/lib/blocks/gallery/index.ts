import { defineBlock } from '../block';
import type { GalleryElement as GalleryNode } from './gallery';
import { GalleryElement } from './gallery-element';
import { galleryHtml, readGallery } from './html';
import { withGalleries } from './with-galleries';

/**
 * Photos in a grid, each with its alt text and caption. It is inserted from the image button and the
 * image entries of the slash menu (one place for every way of adding pictures).
 */
export const galleryBlock = defineBlock<GalleryNode>({
  type: 'gallery',
  render: GalleryElement,
  toHtml: galleryHtml,
  fromHtml: [readGallery],
  plugin: withGalleries,
  isVoid: true,
});
