import type { EntityManager } from 'typeorm';
import {
  AboutEntity,
  insertVersion,
  keepRevision,
  lockVersion,
  updateVersion,
  type ChangeOrigin,
} from '@blog/api/data';
import { DomainError, sanitizedRichText } from '@blog/api/core';
import type { Language } from '@blog/contracts';

/** The columns a write of the About record sets, its content as given. */
export interface AboutColumns {
  content: string;
  /** Left out: the column's default ('en') for a new one, kept by an update. */
  language?: Language;
  created_at?: Date | string;
  updated_at?: Date | string;
}

declare const prepared: unique symbol;
/** `AboutColumns` whose content went through the rich-text policy (`prepareAbout`): the only columns the writes take. */
export type PreparedAbout = AboutColumns & { readonly [prepared]: true };

/**
 * The one write path of the About record, which the admin's saves, the site-archive restore and the seed
 * all take: the rich-text policy (`prepareAbout`), the version and who wrote it, the revision of the
 * version replaced.
 */
export function prepareAbout(columns: AboutColumns): PreparedAbout {
  return { ...columns, ...sanitizedRichText({ content: columns.content }) } as PreparedAbout;
}

/** Inserts the record as version 1 written by `origin`; answers its id. */
export async function insertAbout(manager: EntityManager, about: PreparedAbout, origin: ChangeOrigin): Promise<number> {
  return insertVersion(manager, AboutEntity, about, origin);
}

/**
 * Writes `about` over the record `id`, in one transaction (joined when `manager` is in one): the version it
 * replaces kept as a revision (none when the content is the same). With `version`, the UPDATE matches that
 * version only (`updateAtVersion` throws `StaleVersion` otherwise). 404 when there is no such record.
 */
export async function replaceAbout(
  manager: EntityManager,
  id: number,
  about: PreparedAbout,
  origin: ChangeOrigin,
  version?: number,
): Promise<void> {
  await manager.transaction(async (transaction) => {
    const replaced = await lockVersion(transaction, 'about', id);
    if (!replaced) throw DomainError.notFound('About record');
    await updateVersion(transaction, AboutEntity, id, about, origin, version);
    await keepRevision(transaction, 'about', id, replaced);
  });
}
