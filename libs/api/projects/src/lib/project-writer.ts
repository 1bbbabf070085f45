import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { insertVersion, ProjectEntity, recordSlugChange, updateVersion, type ChangeOrigin } from '@blog/api/data';
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
 * policy (`prepareProject`), the version and who wrote it (`insertProject`, `replaceProject`) and the slug
 * history. Announcing the write (`ProjectEvents`) is the caller's.
 */
export function prepareProject(columns: ProjectColumns): PreparedProject {
  const { problem, approach, outcome } = columns;
  return { ...columns, ...sanitizedRichText({ problem, approach, outcome }) } as PreparedProject;
}

/** Inserts the project as version 1 written by `origin`; answers its id. */
export async function insertProject(
  manager: EntityManager,
  project: PreparedProject,
  origin: ChangeOrigin,
): Promise<number> {
  return insertVersion(manager, ProjectEntity, project, origin);
}

/**
 * Writes `project` over the project `id`, in one transaction (joined when `manager` is in one); a new slug
 * keeps the old one in the slug history, so `/portfolio/{old}` still leads to it. With `version`, the UPDATE
 * matches that version only (`updateAtVersion` throws `StaleVersion` otherwise). 404 when there is none.
 */
export async function replaceProject(
  manager: EntityManager,
  id: number,
  project: PreparedProject,
  origin: ChangeOrigin,
  version?: number,
): Promise<void> {
  await manager.transaction(async (transaction) => {
    // Locked, so that two saves of one project record the slug each of them really replaced.
    const current = await transaction.findOne(ProjectEntity, {
      where: { id },
      select: ['id', 'slug'],
      lock: { mode: 'pessimistic_write' },
    });
    if (!current) throw DomainError.notFound('Project');
    await updateVersion(transaction, ProjectEntity, id, project, origin, version);
    await recordSlugChange(transaction, 'project_id', id, current.slug, project.slug);
  });
}
