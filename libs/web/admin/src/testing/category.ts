import {
  categoryPath,
  DEFAULT_LANGUAGE,
  languagePath,
  type Category,
  type Language,
  type TranslationLink,
} from '@blog/contracts';

/** A category as the admin reads it: no description, subscribable, saved once; `overrides` for the rest. */
export const category = (id: number, name: string, slug: string, overrides: Partial<Category> = {}): Category => ({
  id,
  name,
  slug,
  description: '',
  subscribable: true,
  updated_at: '2025-01-05T10:00:00.000Z',
  version: 1,
  language: 'en',
  translations: [],
  ...overrides,
});

/** A category's pair in `language` as `categories.list` names it (its slug made from its id). */
export const translationLink = (id: number, language: Language, title: string): TranslationLink => {
  const slug = `category-${id}`;
  return { id, language, slug, title, path: languagePath(categoryPath(slug), language, DEFAULT_LANGUAGE) };
};
