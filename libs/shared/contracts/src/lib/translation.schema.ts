import { z } from 'zod';
import { LANGUAGES } from './language';
import {
  booleanField,
  categoryPageInputSchema,
  idSchema,
  pageInputSchema,
  searchInputSchema,
  slugInputSchema,
  slugRedirectSchema,
} from './params.schema';
import { PUBLICATION_STATES } from './publication';

const LANGUAGE_CHOICE = `must be one of ${LANGUAGES.join(', ')}`;

/** A language's code as input (`vi`): one of `LANGUAGES`, as the other choices of a list are. */
export const languageSchema = z.enum(LANGUAGES, { error: LANGUAGE_CHOICE });

/**
 * `lang` of the public reads (tRPC input field, REST `?lang=`): absent is the site's default language;
 * a code the site does not run is answered 404 naming `lang` by the read.
 */
export const langShape = { lang: languageSchema.optional() };
/** The input of a public read that takes nothing but `lang` (`posts.home`, `posts.recent`, `categories.links`, `about.publicList`). */
export const langInputSchema = z.object(langShape).default({});
export type LangInput = z.input<typeof langInputSchema>;
/** The public reads by slug, page or term, in one language (`posts.bySlug`, `posts.page`, `posts.search`…). */
export const slugLangInputSchema = slugInputSchema.extend(langShape);
export const pageLangInputSchema = pageInputSchema.extend(langShape);
export const categoryPageLangInputSchema = categoryPageInputSchema.extend(langShape);
export const searchLangInputSchema = searchInputSchema.extend(langShape);

/**
 * Another language's version of a post (or a category: `title` is its name), as readers may follow it:
 * `path` is its public address by the site's default language (`/slug`, `/vi/slug`, `/vi/category/slug`).
 */
export const translationLinkSchema = z.object({
  id: z.number().int(),
  language: z.enum(LANGUAGES),
  slug: z.string(),
  title: z.string(),
  path: z.string(),
});
export type TranslationLink = z.infer<typeof translationLinkSchema>;

/**
 * The answer of `posts.redirect` and `categories.redirect`: where an old address (a slug in a language)
 * leads now, the current slug, its language (another, when the record changed language) and its public
 * address (`/slug`, `/vi/slug`, `/vi/category/slug`), which the page server answers 301 to.
 */
export const languageRedirectSchema = slugRedirectSchema.extend({ language: z.enum(LANGUAGES), path: z.string() });
export type LanguageRedirect = z.infer<typeof languageRedirectSchema>;

/**
 * A translation's state for its owner: `trash`, else `hidden` for a hidden post, else its publication's
 * state (`publicationStateOf`). Only `published` is a version readers may follow.
 */
export const ADMIN_TRANSLATION_STATES = [...PUBLICATION_STATES, 'hidden', 'trash'] as const;
export type AdminTranslationState = (typeof ADMIN_TRANSLATION_STATES)[number];

/**
 * Another language's version of a record, as its owner sees it (the editor's "Translations", the lists): a
 * post or a project (`title`), a service or a testimonial (`title`: its name; `slug`: a testimonial's is '';
 * `state`: `published` or `hidden`).
 */
export const adminTranslationSchema = z.object({
  id: z.number().int(),
  language: z.enum(LANGUAGES),
  title: z.string(),
  slug: z.string(),
  state: z.enum(ADMIN_TRANSLATION_STATES),
});
export type AdminTranslation = z.infer<typeof adminTranslationSchema>;

/**
 * The language filters of an admin list (`?language=&missing_translation=`): `language` the records in that
 * language; `missing_translation` those with no version in at least one other language the site runs.
 */
export const adminLanguageFilterShape = {
  language: languageSchema.optional(),
  missing_translation: booleanField('missing_translation').optional(),
};
/** The admin lists that take nothing but the language filters (`projects.adminList`, `services.adminList`, `testimonials.adminList`). */
export const adminLanguageQuerySchema = z.object(adminLanguageFilterShape).default({});
export type AdminLanguageQuery = z.input<typeof adminLanguageQuerySchema>;

/**
 * The body of `POST /api/posts/{id}/translations` (and the projects', services' and testimonials'): the
 * language of the version to create.
 */
export const translateBodySchema = z.object({ language: languageSchema });
/** tRPC `posts.translate` (`projects.`, `services.`, `testimonials.`): a version in `language`, pre-filled from `id` and linked to it. */
export const translateInputSchema = translateBodySchema.extend({ id: idSchema });
export type TranslateInput = z.input<typeof translateInputSchema>;
/** tRPC `posts.linkTranslation` (and every kind's): `id` and `translation_id` become versions of each other. */
export const linkTranslationInputSchema = z.object({ id: idSchema, translation_id: idSchema });
export type LinkTranslationInput = z.input<typeof linkTranslationInputSchema>;
/** tRPC `posts.unlinkTranslation` (and every kind's): `id` leaves its translation group. */
export const unlinkTranslationInputSchema = z.object({ id: idSchema });
export type UnlinkTranslationInput = z.input<typeof unlinkTranslationInputSchema>;
