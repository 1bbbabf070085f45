import type { Category, TranslationLink } from '@blog/contracts';
import type { CategoryEntity } from './entities';

/** A version of a category as a translation link lacks only its address (`SiteLanguages.linksTo` adds it). */
export type CategoryVersion = Omit<TranslationLink, 'path'>;

/**
 * The other versions of `category` found among `categories` (its translation group's). Every domain that
 * answers or announces a category (`category.created`) takes them from here.
 */
export function categoryVersionsAmong(
  category: CategoryEntity,
  categories: readonly CategoryEntity[],
): CategoryVersion[] {
  return categories
    .filter(
      (other) =>
        category.translation_group !== null &&
        other.translation_group === category.translation_group &&
        other.id !== category.id,
    )
    .map(({ id, language, slug, name }) => ({ id, language, slug, title: name }));
}

/** A category as the REST API answers it and its events carry it (`Category`), with its translations. */
export function toCategory(category: CategoryEntity, translations: TranslationLink[] = []): Category {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    description: category.description,
    subscribable: category.subscribable,
    updated_at: category.updated_at.toISOString(),
    version: category.version,
    language: category.language,
    translations,
  };
}
