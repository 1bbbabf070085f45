import type { EntityManager } from 'typeorm';
import type { AdminTranslation, Project, PublicProject, TranslationLink } from '@blog/contracts';
import { adminTranslationsOf, type ProjectEntity } from '@blog/api/data';
import { servicesOfProjects } from './project-writer';

export function toProject(record: ProjectEntity, serviceIds: number[], translations: AdminTranslation[]): Project {
  return {
    id: record.id,
    title: record.title,
    slug: record.slug,
    client_name: record.client_name,
    client_url: record.client_url,
    year_from: record.year_from,
    year_to: record.year_to,
    role: record.role,
    team_size: record.team_size,
    stack: record.stack,
    live_url: record.live_url,
    source_url: record.source_url,
    summary: record.summary,
    cover: record.cover,
    cover_alt: record.cover_alt,
    gallery: record.gallery,
    problem: record.problem,
    approach: record.approach,
    outcome: record.outcome,
    results: record.results,
    related_post_ids: record.related_post_ids,
    service_ids: serviceIds,
    featured: record.featured,
    sort_order: record.sort_order,
    meta_title: record.meta_title,
    meta_description: record.meta_description,
    comments_open: record.comments_open,
    status: record.status,
    published_at: record.published_at?.toISOString() ?? null,
    language: record.language,
    translations,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
    version: record.version,
  };
}

/** `project` as readers read it, with its versions they may read now (`translations`). */
export function toPublicProject(project: Project, translations: TranslationLink[]): PublicProject {
  const { status: _status, version: _version, translations: _owners, ...shown } = project;
  return { ...shown, translations };
}

/**
 * The projects of `records` with the services they name (the shown ones only for the public reads) and
 * their versions in the other languages as their owner sees them.
 */
export async function withServices(
  manager: EntityManager,
  records: ProjectEntity[],
  shownOnly: boolean,
): Promise<Project[]> {
  const [services, translations] = await Promise.all([
    servicesOfProjects(
      manager,
      records.map(({ id }) => id),
      shownOnly,
    ),
    adminTranslationsOf(manager, 'projects', records),
  ]);
  return records.map((record) => toProject(record, services.get(record.id) ?? [], translations.get(record.id) ?? []));
}
