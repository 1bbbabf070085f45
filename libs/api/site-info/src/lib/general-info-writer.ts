import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { GeneralInfoEntity, insertVersion, updateVersion, type ChangeOrigin } from '@blog/api/data';

/** The columns a write of the general info sets. */
export type GeneralInfoColumns = QueryDeepPartialEntity<GeneralInfoEntity>;

/**
 * The one write path of the general info, which the admin's saves, the site-archive restore and the seed
 * all take: the version and who wrote it.
 */
export async function insertGeneralInfo(
  manager: EntityManager,
  columns: GeneralInfoColumns,
  origin: ChangeOrigin,
): Promise<number> {
  return insertVersion(manager, GeneralInfoEntity, columns, origin);
}

/**
 * Sets `columns` on the record `id` and bumps its version, even when no column is given. With `version`,
 * the UPDATE matches that version only; it throws `StaleVersion` when it matched no row.
 */
export async function replaceGeneralInfo(
  manager: EntityManager,
  id: number,
  columns: GeneralInfoColumns,
  origin: ChangeOrigin,
  version?: number,
): Promise<void> {
  await updateVersion(manager, GeneralInfoEntity, id, columns, origin, version);
}
