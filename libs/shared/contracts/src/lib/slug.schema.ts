import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './limits';
import { isReservedPostSlug } from './site-routes';
import { textInput } from './text.schema';

/** A category's or a post's slug as written in its form. */
export const slugSchema = textInput({ error: 'Slug is required' })
  .trim()
  // `abort`: a blank slug gets one message, not also the pattern's.
  .min(1, { error: 'Slug is required', abort: true })
  .max(SLUG_MAX_LENGTH, { error: `Slug must be at most ${SLUG_MAX_LENGTH} characters` })
  // `abort`: a slug that is not one gets no further message (such as `postSlugSchema`'s).
  .regex(SLUG_PATTERN, { error: 'Slug may contain only a-z, 0-9 and single hyphens', abort: true });

/** A post's slug: also never a path the site answers at its root (`/{slug}` is the post's address). */
export const postSlugSchema = slugSchema.refine((slug) => !isReservedPostSlug(slug), {
  error: 'This slug is the address of a page of the site: choose another',
});

/**
 * `slug` with the suffix `-{n}` (n from 2), shortened to stay within SLUG_MAX_LENGTH: the free slug
 * given to a post or category whose own slug is taken (a restored archive's, a post back from the trash).
 */
export function numberedSlug(slug: string, n: number): string {
  const suffix = `-${n}`;
  return slug.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '') + suffix;
}
