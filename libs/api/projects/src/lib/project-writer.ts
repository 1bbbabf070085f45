import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import {
  insertVersion,
  keepRevision,
  lockVersion,
  ProjectEntity,
  recordSlugChange,
  updateVersion,
  type ChangeOrigin,
} from '@blog/api/data';
import type { Language } from '@blog/contracts';
import { DomainError, sanitizedRichText } from '@blog/api/core';

/** The case study's rich-text sections. */
type Sections = { problem: string; approach: string; outcome: string };

/** The columns a write of a project sets, its rich text as given. */
export type ProjectColumns = Omit<QueryDeepPartialEntity<ProjectEntity>, 'slug' | keyof Sections> & {
  slug: string;
} & Sections;

declare const prepared: unique symbol;
/** `ProjectColumns` whose rich text went through the policy (`prepareProject`): the only columns the writes take. */
export type PreparedProject = ProjectColumns & { readonly [prepared]: true };

/**
 * The one write path of a project, which every door takes (as a post's `post-writer`): the rich-text
 * policy (`prepareProject`), the version and who wrote it (`insertProject`, `replaceProject`), the revision
 * of the version replaced, the slug history and the services it names. Announcing the write (`ProjectEvents`) is the caller's.
 */
export function prepareProject(columns: ProjectColumns): PreparedProject {
  const { problem, approach, outcome } = columns;
  return { ...columns, ...sanitizedRichText({ problem, approach, outcome }) } as PreparedProject;
}

/**
 * Inserts the project as version 1 written by `origin`, with the services it used (`serviceIds`, in order),
 * in one transaction; answers its id. A service that does not exist trips `FK_project_services_service`.
 */
export async function insertProject(
  manager: EntityManager,
  project: PreparedProject,
  serviceIds: readonly number[],
  origin: ChangeOrigin,
): Promise<number> {
  return manager.transaction(async (transaction) => {
    const id = await insertVersion(transaction, ProjectEntity, project, origin);
    await writeServices(transaction, id, serviceIds);
    return id;
  });
}

/**
 * Writes `project` over the project `id` out of the trash, in one transaction (joined when `manager` is in
 * one): the version it replaces kept as a revision (none when no field changed), a new slug's old one kept
 * (or language's) in the slug history, so `/portfolio/{old}` still leads to it. With `version`, the UPDATE
 * matches that version only (`updateAtVersion` throws `StaleVersion` otherwise). 404 when there is none.
 */
export async function replaceProject(
  manager: EntityManager,
  id: number,
  project: PreparedProject,
  serviceIds: readonly number[],
  origin: ChangeOrigin,
  version?: number,
): Promise<void> {
  await manager.transaction(async (transaction) => {
    // Locked, so that two saves of one project record the slug and the version each of them really replaced.
    const replaced = await lockVersion(transaction, 'project', id, 'record.deleted_at IS NULL');
    if (!replaced) throw DomainError.notFound('Project');
    const [{ language }] = (await transaction.query(`SELECT language FROM projects WHERE id = $1`, [id])) as Array<{
      language: Language;
    }>;
    await updateVersion(transaction, ProjectEntity, id, project, origin, version, 'deleted_at IS NULL');
    await writeServices(transaction, id, serviceIds);
    // After the services: a save that changed only them is a change too.
    await keepRevision(transaction, 'project', id, replaced);
    const newLanguage = (project.language as Language | undefined) ?? language;
    await recordSlugChange(
      transaction,
      'project_id',
      id,
      String(replaced.fields['slug']),
      project.slug,
      language,
      newLanguage,
    );
  });
}

/** Replaces the services the project `id` names with `serviceIds`, in that order. */
async function writeServices(manager: EntityManager, id: number, serviceIds: readonly number[]): Promise<void> {
  await manager.query(`DELETE FROM project_services WHERE project_id = $1`, [id]);
  if (serviceIds.length === 0) return;
  await manager.query(
    `INSERT INTO project_services (project_id, service_id, position)
     SELECT $1, service_id, position FROM unnest($2::int[]) WITH ORDINALITY AS given (service_id, position)`,
    [id, serviceIds],
  );
}

/**
 * The services each of the projects `ids` names, in order: every one for the admin, the shown ones only
 * for the public reads (`shownOnly`). A project that names none is absent from the map.
 */
export async function servicesOfProjects(
  manager: EntityManager,
  ids: readonly number[],
  shownOnly: boolean,
): Promise<Map<number, number[]>> {
  const rows = (await manager.query(
    `SELECT link.project_id, array_agg(link.service_id ORDER BY link.position) AS service_ids
       FROM project_services link JOIN services service ON service.id = link.service_id
      WHERE link.project_id = ANY($1::int[]) AND (NOT $2 OR NOT service.hidden)
      GROUP BY link.project_id`,
    [ids, shownOnly],
  )) as Array<{ project_id: number; service_ids: number[] }>;
  return new Map(rows.map((row) => [row.project_id, row.service_ids]));
}
