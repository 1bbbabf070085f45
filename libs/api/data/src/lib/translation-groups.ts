import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Language } from '@blog/contracts';

/** A record's public address as its slug history keeps it: a slug in a language. */
export interface SlugAddress {
  slug: string;
  language: Language;
}

/** The tables whose records have versions in other languages, each with what makes a record count (posts: out of the trash). */
const TRANSLATED = {
  posts: 'deleted_at IS NULL',
  categories: 'TRUE',
  projects: 'deleted_at IS NULL',
  services: 'TRUE',
  testimonials: 'TRUE',
} as const;
export type TranslatedTable = keyof typeof TRANSLATED;

/** Why two records could not be linked: one is missing, they share a language, or a group has the other's language. */
export type LinkRefusal = 'not-found' | 'same-language' | 'taken';

/** A refused link as the doors answer it (409 naming `translation_id`); `records`: the table's records in words (`posts`). */
export const linkRefusalError = (refusal: Exclude<LinkRefusal, 'not-found'>, records: string) => {
  const message =
    refusal === 'same-language'
      ? `Both ${records} are in the same language`
      : `A translation group would have two ${records} in one language`;
  return { field: 'translation_id', message };
};

interface Member {
  id: number;
  language: Language;
  translation_group: string | null;
}

/**
 * Puts the records `id` and `otherId` of `table` (and the versions each is linked to already) in one
 * translation group, in one transaction: the group of `id`, else of `otherId`, else a new one. Refused,
 * writing nothing, when either is missing (or trashed), when they share a language, or when the two groups
 * together would hold two versions of one language. Answers the refusal, or null once linked.
 */
export function linkTranslations(
  manager: EntityManager,
  table: TranslatedTable,
  id: number,
  otherId: number,
): Promise<LinkRefusal | null> {
  const live = TRANSLATED[table];
  return manager.transaction(async (transaction) => {
    // `table` is one of the fixed names of `TRANSLATED`, never input.
    const pair = (await transaction.query(
      `SELECT id, language, translation_group FROM ${table} WHERE id = ANY($1) AND ${live} ORDER BY id FOR UPDATE`,
      [[id, otherId]],
    )) as Member[];
    const first = pair.find((member) => member.id === id);
    const second = pair.find((member) => member.id === otherId);
    if (!first || !second || id === otherId) return 'not-found';
    if (first.language === second.language) return 'same-language';
    const groups = [first.translation_group, second.translation_group].filter((group) => group !== null);
    const members = (await transaction.query(
      `SELECT id, language FROM ${table} WHERE (id = ANY($1) OR translation_group = ANY($2::uuid[])) AND ${live}`,
      [[id, otherId], groups],
    )) as Member[];
    if (new Set(members.map((member) => member.language)).size < members.length) return 'taken';
    const group = groups[0] ?? randomUUID();
    await transaction.query(
      `UPDATE ${table} SET translation_group = $3 WHERE id = ANY($1) OR translation_group = ANY($2::uuid[])`,
      [[id, otherId], groups, group],
    );
    // Every row of both groups now has the one group: `translation_group = ANY` above took the trashed ones too.
    return null;
  });
}

/**
 * Takes the record `id` of `table` out of its translation group; a group left with one version is
 * dissolved. Answers false when there is no such record (or it is trashed).
 */
export function unlinkTranslation(manager: EntityManager, table: TranslatedTable, id: number): Promise<boolean> {
  return manager.transaction(async (transaction) => {
    const [member] = (await transaction.query(
      `SELECT id, language, translation_group FROM ${table} WHERE id = $1 AND ${TRANSLATED[table]} FOR UPDATE`,
      [id],
    )) as Member[];
    if (!member) return false;
    if (member.translation_group === null) return true;
    await transaction.query(`UPDATE ${table} SET translation_group = NULL WHERE id = $1`, [id]);
    await dissolveLonelyGroup(transaction, table, member.translation_group);
    return true;
  });
}

/** Dissolves `group` of `table` when one version is left in it (trashed versions count: they may come back). */
export async function dissolveLonelyGroup(
  manager: EntityManager,
  table: TranslatedTable,
  group: string,
): Promise<void> {
  await manager.query(
    `UPDATE ${table} SET translation_group = NULL
      WHERE translation_group = $1 AND (SELECT count(*) FROM ${table} WHERE translation_group = $1) = 1`,
    [group],
  );
}
