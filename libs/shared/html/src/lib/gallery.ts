import { escapeAttribute, escapeText, plainLine } from './plain-text';
import { safeImageUrl, safeLinkUrl } from './urls';

/**
 * A gallery: photos in a grid, each with its alt text and caption, each a link to the photo itself
 * (visitors' pages open it in a lightbox; without JavaScript the link shows the photo):
 * `<div class="gallery">` of `<figure class="gallery-item"><a href><img></a>[<figcaption>]</figure>`.
 */
export interface GalleryImage {
  url: string;
  alt?: string;
  caption?: string;
}

/** The most photos one gallery holds. */
export const MAX_GALLERY_IMAGES = 60;

/** The gallery's HTML: its photos whose address the image rule keeps ('' when none). */
export function galleryHtml(images: readonly GalleryImage[]): string {
  const items = images.flatMap((image) => {
    const url = safeImageUrl(image.url);
    // Each photo is a link to itself: a data: image (never stored: pasted images are uploaded first)
    // cannot be a link's target, and the policy would make its link `about:blank`.
    if (!url || safeLinkUrl(url) !== url) return [];
    const src = escapeAttribute(url);
    const alt = plainLine(image.alt);
    const caption = plainLine(image.caption);
    return [
      `<figure class="gallery-item"><a href="${src}"><img src="${src}" alt="${escapeAttribute(alt)}" /></a>` +
        (caption ? `<figcaption>${escapeText(caption)}</figcaption>` : '') +
        '</figure>',
    ];
  });
  return items.length > 0 ? `<div class="gallery">${items.join('')}</div>` : '';
}
