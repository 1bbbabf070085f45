import type { EntityManager } from 'typeorm';
import { linkRefusalError, linkTranslations, unlinkTranslation, type TranslatedTable } from '@blog/api/data';
import { DomainError } from './domain-error';

/**
 * The link door of every kind (`posts.linkTranslation`, `projects.linkTranslation`…): makes the records
 * `id` and `otherId` of `table` versions of each other; 404 naming `what` (`Post`) when either is missing,
 * 409 naming `translation_id` when they share a language or a group would hold two of one language.
 */
export async function linkTranslationsOrRefuse(
  manager: EntityManager,
  table: TranslatedTable,
  id: number,
  otherId: number,
  what: string,
): Promise<void> {
  const refusal = await linkTranslations(manager, table, id, otherId);
  if (refusal === 'not-found') throw DomainError.notFound(what);
  if (refusal) {
    const error = linkRefusalError(refusal, table);
    throw new DomainError('CONFLICT', error.message, [error]);
  }
}

/** The unlink door of every kind: takes the record `id` of `table` out of its group; 404 naming `what` when there is none. */
export async function unlinkTranslationOrRefuse(
  manager: EntityManager,
  table: TranslatedTable,
  id: number,
  what: string,
): Promise<void> {
  if (!(await unlinkTranslation(manager, table, id))) throw DomainError.notFound(what);
}
