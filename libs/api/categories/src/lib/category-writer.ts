import type { EntityManager } from 'typeorm';
import { CategoryEntity, insertVersion, recordSlugChange, updateVersion, type ChangeOrigin } from '@blog/api/data';
import { DomainError } from '@blog/api/core';
import type { Language } from '@blog/contracts';

/**
 * The columns a write of a category sets (a description left out: '' for a new one, `subscribable` left
 * out: true; either kept by an update).
 */
export interface CategoryColumns {
  name: string;
  slug: string;
  description?: string;
  subscribable?: boolean;
  /** Left out: the column's default ('en') for a new one, kept by an update. */
  language?: Language;
  translation_group?: string | null;
  created_at?: Date | string;
  updated_at?: Date | string;
}

/**
 * The one write path of a category, which the admin's saves, the importers, the site-archive restore and
 * the seed all take: the version and who wrote it, and a new slug's old one kept in the slug history.
 * Announcing the write (`category.created`, `category.updated`) is the caller's.
 */
export async function insertCategory(
  manager: EntityManager,
  category: CategoryColumns,
  origin: ChangeOrigin,
): Promise<number> {
  return insertVersion(manager, CategoryEntity, category, origin);
}

/**
 * Writes `category` over the category `id`, in one transaction (joined when `manager` is in one); a new
 * slug or language keeps the old address in the slug history, so `/category/{old}` still leads to it. With `version`, the
 * UPDATE matches that version only (`updateAtVersion` throws `StaleVersion` otherwise). 404 when there is none.
 */
export async function replaceCategory(
  manager: EntityManager,
  id: number,
  category: CategoryColumns,
  origin: ChangeOrigin,
  version?: number,
): Promise<void> {
  await manager.transaction(async (transaction) => {
    // Locked, so that two saves of one category record the slug each of them really replaced.
    const current = await transaction.findOne(CategoryEntity, {
      where: { id },
      select: ['id', 'slug', 'language'],
      lock: { mode: 'pessimistic_write' },
    });
    if (!current) throw DomainError.notFound('Category');
    await updateVersion(transaction, CategoryEntity, id, category, origin, version);
    const language = category.language ?? current.language;
    await recordSlugChange(transaction, 'category_id', id, current.slug, category.slug, current.language, language);
  });
}
