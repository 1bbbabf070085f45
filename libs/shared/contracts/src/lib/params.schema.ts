import { z } from 'zod';
import { SEARCH_TERM_MAX_LENGTH, SLUG_MAX_LENGTH } from './limits';
import { textInput } from './text.schema';

/** A 1-based page number, given as a path segment ("2") or a number. */
export const pageSchema = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be 1 or more' })
  .max(1_000_000, { error: 'is too large' });

export const idSchema = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be 1 or more' })
  .max(2_147_483_647, { error: 'is too large' });

export const slugParamSchema = textInput()
  .trim()
  .min(1, { error: 'is required' })
  .max(SLUG_MAX_LENGTH, { error: `must be at most ${SLUG_MAX_LENGTH} characters` });

export const searchTermSchema = textInput()
  .trim()
  .min(1, { error: 'is required' })
  .max(SEARCH_TERM_MAX_LENGTH, { error: `must be at most ${SEARCH_TERM_MAX_LENGTH} characters` });

export const pageInputSchema = z.object({ page: pageSchema });
export const idInputSchema = z.object({ id: idSchema });
export const slugInputSchema = z.object({ slug: slugParamSchema });
export const categoryPageInputSchema = z.object({ slug: slugParamSchema, page: pageSchema });
export const searchInputSchema = z.object({ term: searchTermSchema });

/**
 * The answer of `posts.redirect` and `categories.redirect`: the current slug an old one leads to
 * (the page server answers 301 to it); they answer 404 when it leads nowhere.
 */
export const slugRedirectSchema = z.object({ slug: z.string() });
export type SlugRedirect = z.infer<typeof slugRedirectSchema>;

export type PageInput = z.infer<typeof pageInputSchema>;
export type CategoryPageInput = z.infer<typeof categoryPageInputSchema>;
