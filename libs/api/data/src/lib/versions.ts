import { isDeepStrictEqual } from 'node:util';
import type {
  DataSource,
  EntityManager,
  EntityTarget,
  ObjectLiteral,
  QueryDeepPartialEntity,
  UpdateQueryBuilder,
} from 'typeorm';
import type { ChangeAuthor, RevisionDoor, RevisionRecord } from '@blog/contracts';

/** Who writes a version: the door, the signed-in user (null for none) and the session's device (null for none). */
export interface ChangeOrigin {
  via: RevisionDoor;
  user_id: number | null;
  session: string | null;
}

/** The tables of the versioned records. */
export type VersionedTable =
  'posts' | 'about' | 'general_info' | 'categories' | 'projects' | 'services' | 'testimonials';

/**
 * What every write of a versioned record sets beside its fields, in the same UPDATE: the version
 * bumped by PostgreSQL (never read, then written) and who wrote it.
 */
export function versionedColumns(origin: ChangeOrigin) {
  return {
    version: () => 'version + 1',
    updated_by: origin.user_id,
    updated_via: origin.via,
    updated_session: origin.session,
  };
}

/** `versionedColumns` of an INSERT: version 1 (the default) and who created it. */
export function createdColumns(origin: ChangeOrigin) {
  return { updated_by: origin.user_id, updated_via: origin.via, updated_session: origin.session };
}

/** Thrown inside a save's transaction when its UPDATE matched no row of the expected version: it rolls back. */
export class StaleVersion extends Error {
  constructor() {
    super('The record has a newer version');
    this.name = 'StaleVersion';
  }
}

/**
 * Executes a versioned record's UPDATE, over `version` only when one is given: the version is a condition
 * of the UPDATE itself, so of two saves racing from one version exactly one is written. Throws
 * `StaleVersion` when it matched no row.
 */
export async function updateAtVersion(
  update: UpdateQueryBuilder<ObjectLiteral>,
  version: number | undefined,
): Promise<void> {
  if (version !== undefined) update.andWhere('version = :version', { version });
  const { affected } = await update.execute();
  if (!affected) throw new StaleVersion();
}

/** Inserts a versioned record as version 1 written by `origin`; answers its id. */
export async function insertVersion<Entity extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<Entity>,
  columns: QueryDeepPartialEntity<Entity>,
  origin: ChangeOrigin,
): Promise<number> {
  const { identifiers } = await manager.insert(target, { ...columns, ...createdColumns(origin) });
  return identifiers[0]['id'] as number;
}

/**
 * Writes `columns` over the versioned record `id` (`where`: more conditions on its row) as its next version,
 * written by `origin`, over `version` only when one is given (`updateAtVersion`).
 */
export async function updateVersion<Entity extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<Entity>,
  id: number,
  columns: QueryDeepPartialEntity<Entity>,
  origin: ChangeOrigin,
  version?: number,
  where = 'TRUE',
): Promise<void> {
  const update = manager
    .createQueryBuilder()
    .update(target)
    .set({ ...columns, ...versionedColumns(origin) } as QueryDeepPartialEntity<Entity>)
    .where(`id = :id AND ${where}`, { id });
  await updateAtVersion(update, version);
}

/** Who wrote the record's current version and when; null for no such record. */
export async function lastChangeOf(
  database: Pick<DataSource | EntityManager, 'query'>,
  table: VersionedTable,
  id: number,
): Promise<ChangeAuthor | null> {
  // `table` is one of the fixed names of `VersionedTable`, never input.
  const [row] = (await database.query(
    `SELECT record.updated_at, record.updated_by, author.name AS user_name, record.updated_via, record.updated_session
       FROM ${table} record LEFT JOIN users author ON author.id = record.updated_by
      WHERE record.id = $1`,
    [id],
  )) as Array<{
    updated_at: Date;
    updated_by: number | null;
    user_name: string | null;
    updated_via: RevisionDoor;
    updated_session: string | null;
  }>;
  if (!row) return null;
  return {
    at: row.updated_at.toISOString(),
    user_id: row.updated_by,
    user_name: row.user_name,
    via: row.updated_via,
    session: row.updated_session,
  };
}

/** The fields a revision of a post keeps (`PostRevisionFields`), as one jsonb value of the row `alias`. */
export const postRevisionFieldsSql = (alias: string) =>
  `jsonb_build_object(
    'language', ${alias}.language,
    'title', ${alias}.title, 'slug', ${alias}.slug, 'category_id', ${alias}.category_id,
    'content', ${alias}.content, 'short_content', ${alias}.short_content,
    'thumbnail', ${alias}.thumbnail, 'thumbnail_alt', ${alias}.thumbnail_alt,
    'meta_title', ${alias}.meta_title, 'meta_description', ${alias}.meta_description,
    'meta_keywords', ${alias}.meta_keywords, 'status', ${alias}.status,
    'published_at', to_char(${alias}.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'color', ${alias}.color, 'price', ${alias}.price)`;

/** The fields a revision of the About record keeps (`AboutRevisionFields`). */
export const aboutRevisionFieldsSql = (alias: string) => `jsonb_build_object('content', ${alias}.content)`;

/**
 * The fields a revision of a project keeps (`ProjectRevisionFields`): every field of its edit form, its
 * services (`project_services`) too.
 */
export const projectRevisionFieldsSql = (alias: string) =>
  `jsonb_build_object(
    'title', ${alias}.title, 'slug', ${alias}.slug, 'client_name', ${alias}.client_name,
    'client_url', ${alias}.client_url, 'year_from', ${alias}.year_from, 'year_to', ${alias}.year_to,
    'role', ${alias}.role, 'team_size', ${alias}.team_size, 'stack', ${alias}.stack,
    'live_url', ${alias}.live_url, 'source_url', ${alias}.source_url, 'summary', ${alias}.summary,
    'cover', ${alias}.cover, 'cover_alt', ${alias}.cover_alt, 'gallery', ${alias}.gallery,
    'problem', ${alias}.problem, 'approach', ${alias}.approach, 'outcome', ${alias}.outcome,
    'results', ${alias}.results, 'related_post_ids', ${alias}.related_post_ids,
    'service_ids', (SELECT coalesce(array_agg(link.service_id ORDER BY link.position), '{}')
                      FROM project_services link WHERE link.project_id = ${alias}.id),
    'featured', ${alias}.featured, 'sort_order', ${alias}.sort_order,
    'meta_title', ${alias}.meta_title, 'meta_description', ${alias}.meta_description, 'status', ${alias}.status,
    'published_at', to_char(${alias}.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

const REVISIONED = {
  post: { table: 'posts', owner: 'post_id', fields: postRevisionFieldsSql },
  about: { table: 'about', owner: 'about_id', fields: aboutRevisionFieldsSql },
  project: { table: 'projects', owner: 'project_id', fields: projectRevisionFieldsSql },
} as const satisfies Record<
  RevisionRecord,
  { table: VersionedTable; owner: string; fields: (alias: string) => string }
>;

/** A version of a record as locked by `lockVersion`: what a revision of it keeps. */
export interface LockedVersion {
  version: number;
  fields: Record<string, unknown>;
  updated_at: Date;
  updated_by: number | null;
  updated_via: RevisionDoor;
  updated_session: string | null;
}

/**
 * Locks the record `id` for the caller's save (its transaction) and reads the version it has, which
 * the save may replace; null for no such record (`where`: more conditions on the row `record`).
 */
export async function lockVersion(
  manager: EntityManager,
  record: RevisionRecord,
  id: number,
  where = 'TRUE',
): Promise<LockedVersion | null> {
  const { table, fields } = REVISIONED[record];
  const [row] = (await manager.query(
    `SELECT record.version, ${fields('record')} AS fields, record.updated_at, record.updated_by,
            record.updated_via, record.updated_session
       FROM ${table} record WHERE record.id = $1 AND ${where} FOR UPDATE`,
    [id],
  )) as LockedVersion[];
  return row ?? null;
}

/**
 * Keeps `replaced` (read by `lockVersion` in this transaction) as a revision of the record `id`, now
 * that the caller's UPDATE wrote over it; a save that changed none of the fields keeps none (the
 * revision would be the record as it is).
 */
export async function keepRevision(
  manager: EntityManager,
  record: RevisionRecord,
  id: number,
  replaced: LockedVersion,
): Promise<boolean> {
  const { table, owner, fields } = REVISIONED[record];
  const [now] = (await manager.query(`SELECT ${fields('record')} AS fields FROM ${table} record WHERE id = $1`, [
    id,
  ])) as Array<{ fields: Record<string, unknown> }>;
  if (now && isDeepStrictEqual(now.fields, replaced.fields)) return false;
  await manager.query(
    `INSERT INTO revisions (${owner}, version, fields, saved_at, saved_by, saved_via, saved_session)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      replaced.version,
      JSON.stringify(replaced.fields),
      replaced.updated_at,
      replaced.updated_by,
      replaced.updated_via,
      replaced.updated_session,
    ],
  );
  return true;
}
