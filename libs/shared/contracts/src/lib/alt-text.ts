/**
 * Alternative text of images: a post's thumbnail (the card's `imageAlt`) and the images in rich
 * text. No zod here: the public pages and the editor import it.
 */

/** The most characters a thumbnail's alt text may have (screen readers read it in one go). */
export const ALT_TEXT_MAX_LENGTH = 300;

/** What good alt text is, shown beside every alt text field of the admin. */
export const ALT_TEXT_HINT =
  'Describe what the image shows for someone who cannot see it, in a short sentence ' +
  '(“Lanterns over the river in Hội An at dusk”). No “image of”, no file name.';

/** Shown while an image has no alt text. */
export const MISSING_ALT_TEXT_HINT = 'This image has no alt text yet: screen readers cannot tell what it shows.';

/** A post thumbnail's alt text: the one its owner wrote, else the post's title. */
export function thumbnailAltOf(post: { title: string; thumbnail_alt: string }): string {
  return post.thumbnail_alt.trim() || post.title;
}
