import { IsNull, Not, type EntityManager } from 'typeorm';
import { DEFAULT_LANGUAGE, type Language } from '@blog/contracts';
import { SlugHistoryEntity } from './entities';

/** The column of `slug_history` that points at the renamed record. */
export type SlugOwnerColumn = 'post_id' | 'category_id' | 'project_id';

/**
 * Records, in the caller's transaction, that the post, category or project `id` (by `owner` column) left
 * the address `oldSlug` in `oldLanguage` for `newSlug` in `newLanguage` (a change of slug, of language or
 * both), so the old address leads to it from now on:
 * - the row of that old address of that kind now points at `id`, whoever had it before (the latest owner wins);
 * - a row of its own for the new address (it goes back to an old one) is deleted, so no row points at the
 *   address its record has now.
 * History rows point at ids, so A → B → C needs no chain walking: A and B both lead to the record.
 */
export async function recordSlugChange(
  manager: EntityManager,
  owner: SlugOwnerColumn,
  id: number,
  oldSlug: string,
  newSlug: string,
  oldLanguage: Language = DEFAULT_LANGUAGE,
  newLanguage: Language = oldLanguage,
): Promise<void> {
  if (oldSlug === newSlug && oldLanguage === newLanguage) return;
  await manager.delete(SlugHistoryEntity, { [owner]: id, slug: newSlug, language: newLanguage });
  // `owner` is one of three fixed column names, never input. The conflict target is the partial unique index of that kind.
  await manager.query(
    `INSERT INTO slug_history (language, slug, ${owner}) VALUES ($1, $2, $3)
     ON CONFLICT (language, slug) WHERE ${owner} IS NOT NULL
     DO UPDATE SET ${owner} = EXCLUDED.${owner}, created_at = now()`,
    [oldLanguage, oldSlug, id],
  );
}

/** Whether a post (or a category, by `owner` column) has `slug` in `language` among its old slugs already. */
export async function oldSlugTaken(
  manager: EntityManager,
  owner: SlugOwnerColumn,
  slug: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<boolean> {
  return manager.exists(SlugHistoryEntity, { where: { slug, language, [owner]: Not(IsNull()) } });
}

/**
 * Adds `slug` in `language`, kept since `since` (an ISO time: an archive's row, which the restore brings
 * back), as an old slug of the post or category `id` (by `owner` column), unless a record of that kind has
 * it already (`oldSlugTaken`): the site's own history wins. Answers whether it was added.
 */
export async function addOldSlug(
  manager: EntityManager,
  owner: SlugOwnerColumn,
  id: number,
  slug: string,
  since: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<boolean> {
  // As in `recordSlugChange`: `owner` is a fixed column name; the conflict target is that kind's partial unique index.
  const added = (await manager.query(
    `INSERT INTO slug_history (language, slug, ${owner}, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (language, slug) WHERE ${owner} IS NOT NULL DO NOTHING RETURNING id`,
    [language, slug, id, since],
  )) as unknown[];
  return added.length > 0;
}
