import { z } from 'zod';
import { SEARCH_TERM_MAX_LENGTH, SLUG_MAX_LENGTH } from './limits';
import { textInput } from './text.schema';

/** A number written in decimal, as a path segment carries one ("2", "1.5", "-1", "1e3"). */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A whole number from 1 to `max`, given as a number (tRPC, JSON) or its decimal text (a path
 * segment, a query): never `true`, `[5]`, `null` or `""`, which a plain coercion reads as 1, 5 or 0.
 */
const positiveWholeNumber = (max: number) =>
  z
    .union([z.number(), textInput().trim().regex(DECIMAL, { error: 'must be a number' })], {
      error: 'must be a number',
    })
    .transform(Number)
    .pipe(
      z
        .number({ error: 'must be a number' })
        .int({ error: 'must be a whole number' })
        .positive({ error: 'must be 1 or more' })
        .max(max, { error: 'is too large' }),
    );

/** A 1-based page number, given as a path segment ("2") or a number. */
export const pageSchema = positiveWholeNumber(1_000_000);

export const idSchema = positiveWholeNumber(2_147_483_647);

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
/** The most records one read by ids names (a project's related posts). */
export const IDS_INPUT_MAX_COUNT = 20;
export const idsInputSchema = z.object({
  ids: z.array(idSchema).max(IDS_INPUT_MAX_COUNT, { error: `must name at most ${IDS_INPUT_MAX_COUNT} ids` }),
});
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

/** A form field's `true` / `false` (multipart, query), or a boolean through tRPC and JSON. */
export const booleanField = (field: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: `${field} must be true or false` })
    .transform((value) => value === true || value === 'true');
