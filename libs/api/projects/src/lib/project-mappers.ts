import type { EntityManager } from 'typeorm';
import type { Project, PublicProject } from '@blog/contracts';
import type { ProjectEntity } from '@blog/api/data';
import { servicesOfProjects } from './project-writer';

export function toProject(record: ProjectEntity, serviceIds: number[]): Project {
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
    translations: [],
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
    version: record.version,
  };
}

export function toPublicProject(project: Project): PublicProject {
  const { status: _status, version: _version, translations: _translations, ...shown } = project;
  return { ...shown, translations: [] };
}

/** The projects of `records` with the services they name (the shown ones only for the public reads). */
export async function withServices(
  manager: EntityManager,
  records: ProjectEntity[],
  shownOnly: boolean,
): Promise<Project[]> {
  const services = await servicesOfProjects(
    manager,
    records.map(({ id }) => id),
    shownOnly,
  );
  return records.map((record) => toProject(record, services.get(record.id) ?? []));
}
