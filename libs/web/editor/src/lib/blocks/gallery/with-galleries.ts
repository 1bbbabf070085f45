import { Transforms } from 'slate';
import { MAX_GALLERY_IMAGES, safeImageUrl, type GalleryImage } from '@blog/shared/html';
import type { CustomEditor } from '../../custom-types';
import type { GalleryElement } from './gallery';
import { isGallery } from './gallery';

/**
 * A gallery holds at most MAX_GALLERY_IMAGES photos whose address passes the image rule, with text
 * fields only; a gallery left with none is removed.
 */
export function withGalleries<T extends CustomEditor>(editor: T): T {
  const { normalizeNode } = editor;
  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (isGallery(node)) {
      const images: unknown[] = Array.isArray(node.images) ? node.images : [];
      const kept = images
        .filter(
          (image): image is GalleryImage =>
            typeof image === 'object' &&
            image !== null &&
            safeImageUrl(String((image as GalleryImage).url ?? '')) !== null,
        )
        .slice(0, MAX_GALLERY_IMAGES)
        .map((image) => Object.fromEntries(Object.entries(image).filter(([, value]) => typeof value === 'string')));
      if (kept.length === 0) {
        Transforms.removeNodes(editor, { at: path, voids: true });
        return;
      }
      if (JSON.stringify(kept) !== JSON.stringify(node.images)) {
        Transforms.setNodes<GalleryElement>(editor, { images: kept as GalleryImage[] }, { at: path, voids: true });
        return;
      }
    }
    normalizeNode(entry, options);
  };
  return editor;
}
