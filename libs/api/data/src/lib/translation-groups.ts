import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { numberedSlug, POST_STATUS, type AdminTranslation, type Language } from '@blog/contracts';

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

/** A post's or project's state as the owner's lists show it, or `trash` (`AdminTranslation`), in SQL over `alias`. */
const publicationStateSql = (alias: string) => `CASE
  WHEN ${alias}.deleted_at IS NOT NULL THEN 'trash'
  WHEN ${alias}.status = ${POST_STATUS.hidden} THEN 'hidden'
  WHEN ${alias}.published_at IS NULL THEN 'draft'
  WHEN ${alias}.published_at > now() THEN 'scheduled'
  ELSE 'published' END`;
/** A service's or testimonial's state: shown (`published`) or `hidden`. */
const shownStateSql = (alias: string) => `CASE WHEN ${alias}.hidden THEN 'hidden' ELSE 'published' END`;

/** The tables whose versions their owner sees (`AdminTranslation`): what names a version, its slug and its state. */
const OWNED_VERSIONS = {
  posts: { title: 'title', slug: 'slug', state: publicationStateSql },
  projects: { title: 'title', slug: 'slug', state: publicationStateSql },
  services: { title: 'name', slug: 'slug', state: shownStateSql },
  // A testimonial has no address of its own.
  testimonials: { title: 'name', slug: null, state: shownStateSql },
} as const;
export type OwnedVersionsTable = keyof typeof OWNED_VERSIONS;

/**
 * The other versions of each of `records` (by id) of `table`, whatever their state, the trash included,
 * as their owner sees them (the editors' "Translations", the lists' Language column).
 */
export async function adminTranslationsOf(
  manager: EntityManager,
  table: OwnedVersionsTable,
  records: ReadonlyArray<{ id: number; translation_group: string | null }>,
): Promise<Map<number, AdminTranslation[]>> {
  const groups = [...new Set(records.map((record) => record.translation_group).filter((group) => group !== null))];
  const { title, slug, state } = OWNED_VERSIONS[table];
  // `table` and its columns are fixed names, never input.
  const versions: Array<AdminTranslation & { translation_group: string }> =
    groups.length === 0
      ? []
      : await manager.query(
          `SELECT version.id, version.language, version.${title} AS title, ${slug ? `version.${slug}` : `''`} AS slug,
                  version.translation_group, ${state('version')} AS state
             FROM ${table} version WHERE version.translation_group = ANY($1::uuid[])
            ORDER BY version.language, version.id`,
          [groups],
        );
  return new Map(
    records.map((record) => [
      record.id,
      versions
        .filter((version) => version.translation_group === record.translation_group && version.id !== record.id)
        .map(({ id, language, title, slug, state }) => ({ id, language, title, slug, state })),
    ]),
  );
}

/**
 * The condition "the record `alias` of `table` has no version in at least one other language of the site"
 * (the admin lists' `missing_translation`; a record in no group has none); `languages` names the SQL
 * parameter holding the site's languages.
 */
export function missingTranslationSql(table: TranslatedTable, alias: string, languages: string): string {
  // Unqualified, the live condition's columns are the innermost table's (`version`).
  return `EXISTS (SELECT 1 FROM unnest(${languages}::varchar[]) AS other(language)
                   WHERE other.language <> ${alias}.language AND NOT EXISTS (
                     SELECT 1 FROM ${table} version WHERE version.translation_group = ${alias}.translation_group
                       AND version.language = other.language AND ${TRANSLATED[table]}))`;
}

/** The translation group of the record `id` of `table`: `group`, else a new one it is put in (in the caller's transaction). */
export async function groupOf(
  manager: EntityManager,
  table: TranslatedTable,
  id: number,
  group: string | null,
): Promise<string> {
  if (group !== null) return group;
  const made = randomUUID();
  await manager.query(`UPDATE ${table} SET translation_group = $1 WHERE id = $2`, [made, id]);
  return made;
}

/**
 * `slug`, else the first of `slug-2`, `slug-3`… that no record of `table` in `language` has (out of the
 * trash where it has one): the slug of a new version, made by translating.
 */
export async function freeSlugIn(
  manager: EntityManager,
  table: 'posts' | 'projects' | 'services',
  slug: string,
  language: Language,
): Promise<string> {
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? slug : numberedSlug(slug, n);
    const [taken] = (await manager.query(
      `SELECT 1 FROM ${table} WHERE slug = $1 AND language = $2 AND ${TRANSLATED[table]} LIMIT 1`,
      [candidate, language],
    )) as unknown[];
    if (!taken) return candidate;
  }
}

/**
 * Before a trashed record of `table` comes back: when its language's place in its group was taken
 * meanwhile (a version made or linked), it comes back unlinked, and a group it would leave alone is dissolved.
 */
export async function leaveTakenTranslationSlot(
  manager: EntityManager,
  table: 'posts' | 'projects',
  id: number,
): Promise<void> {
  // As a SELECT of the written rows: TypeORM answers a raw UPDATE in a shape of its own.
  const [record] = (await manager.query(
    `WITH before AS (SELECT translation_group FROM ${table} WHERE id = $1), written AS (
       UPDATE ${table} record SET translation_group = NULL
        WHERE record.id = $1 AND EXISTS (
          SELECT 1 FROM ${table} other WHERE other.translation_group = record.translation_group
            AND other.language = record.language AND other.id <> record.id AND other.deleted_at IS NULL)
        RETURNING record.id)
     SELECT before.translation_group AS left_group FROM written, before`,
    [id],
  )) as Array<{ left_group: string }>;
  if (record) await dissolveLonelyGroup(manager, table, record.left_group);
}

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
