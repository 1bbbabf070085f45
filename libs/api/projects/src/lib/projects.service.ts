import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import {
  OK,
  type Ok,
  type Project,
  type ProjectFields,
  type ProjectsQuery,
  type PublicProject,
  type Saved,
} from '@blog/contracts';
import {
  lastChangeOf,
  PostEntity,
  ProjectEntity,
  publishedAtColumn,
  StaleVersion,
  visibleProjectSql,
  type ChangeOrigin,
} from '@blog/api/data';
import { conflictOnUnique, constraintViolationOf, DomainError, DomainEvents, PG_ERROR } from '@blog/api/core';
import { toSlug } from '@blog/shared/html';
import {
  insertProject,
  prepareProject,
  replaceProject,
  servicesOfProjects,
  type ProjectColumns,
} from './project-writer';

/** How a save is made: by whom, and over which version (undefined: over whatever version is there). */
export interface ProjectSave {
  origin: ChangeOrigin;
  version?: number;
}

/** A project as its events need it, and whether the public can read it now. */
interface ProjectState {
  project: Project;
  public: boolean;
}

const SLUG_TAKEN = { field: 'slug', message: 'Another project already uses this slug' };
const NO_SLUG = { field: 'slug', message: 'Slug is required: the title has no letters or digits to make one from' };
const UNKNOWN_SERVICE = { field: 'service_ids', message: 'No service has one of these ids' };
const notFound = () => DomainError.notFound('Project');

/** The lists' order: the owner's order, then the latest work first. */
const LIST_ORDER = { sort_order: 'ASC', year_from: 'DESC', id: 'DESC' } as const;

function toProject(record: ProjectEntity, serviceIds: number[]): Project {
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
    status: record.status,
    published_at: record.published_at?.toISOString() ?? null,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
    version: record.version,
  };
}

function toPublicProject(project: Project): PublicProject {
  const { status: _status, version: _version, ...shown } = project;
  return shown;
}

/**
 * The portfolio's projects behind both doors (REST and tRPC): the public reads see visible projects only
 * (`visibleProjectSql`: shown, published, scheduled ones once their time came); the admin's see all. Saves
 * write through the one write path (`project-writer`), then announce the change as posts do
 * (`project.published` when it becomes public, `project.updated` while it stays, `project.unpublished`
 * when it leaves, `project.deleted`). A scheduled project is announced when next saved after its time,
 * not by a job of its own.
 */
@Injectable()
export class ProjectsService {
  constructor(
    @InjectRepository(ProjectEntity) private readonly projects: Repository<ProjectEntity>,
    private readonly events: DomainEvents,
  ) {}

  /** The visible projects, those tagged `stack` and those that used the shown service of slug `service`, when given. */
  async list(query: ProjectsQuery = {}): Promise<PublicProject[]> {
    const select = this.projects.createQueryBuilder('project').where(visibleProjectSql('project'));
    if (query.stack) select.andWhere(':stack = ANY(project.stack)', { stack: query.stack });
    if (query.service) {
      select.andWhere(
        `EXISTS (SELECT 1 FROM project_services link JOIN services service ON service.id = link.service_id
                  WHERE link.project_id = project.id AND service.slug = :service AND NOT service.hidden)`,
        { service: query.service },
      );
    }
    for (const [column, direction] of Object.entries(LIST_ORDER)) select.addOrderBy(`project.${column}`, direction);
    return (await this.withServices(await select.getMany(), true)).map(toPublicProject);
  }

  /** A visible project by its current slug; 404 otherwise (an old slug: `redirect`). */
  async detail(slug: string): Promise<PublicProject> {
    const project = await this.projects
      .createQueryBuilder('project')
      .where(visibleProjectSql('project'))
      .andWhere('project.slug = :slug', { slug })
      .getOne();
    if (!project) throw notFound();
    const [shown] = await this.withServices([project], true);
    return toPublicProject(shown);
  }

  /** Where an old slug of a visible project leads now (`{slug}`), for the page's 301; 404 when nowhere. */
  async redirect(slug: string): Promise<{ slug: string }> {
    const [row] = (await this.projects.query(
      `SELECT project.slug FROM slug_history history JOIN projects project ON project.id = history.project_id
        WHERE history.slug = $1 AND ${visibleProjectSql('project')}`,
      [slug],
    )) as Array<{ slug: string }>;
    if (!row) throw notFound();
    return row;
  }

  /** Every project, hidden, draft and scheduled ones too, in the lists' order. */
  async adminList(): Promise<Project[]> {
    return this.withServices(await this.projects.find({ order: LIST_ORDER }), false);
  }

  async get(id: number): Promise<Project> {
    const record = await this.projects.findOneBy({ id });
    if (!record) throw notFound();
    const [project] = await this.withServices([record], false);
    return project;
  }

  async create(fields: ProjectFields, origin: ChangeOrigin): Promise<Saved> {
    const project = prepareProject({
      ...this.columnsOf(fields),
      // Left out or 'now': the column's default, now.
      ...(fields.published_at === undefined || fields.published_at === 'now'
        ? {}
        : { published_at: publishedAtColumn(fields.published_at) }),
    });
    await this.requirePosts(fields.related_post_ids);
    const id = await this.saving(() => insertProject(this.projects.manager, project, fields.service_ids, origin));
    await this.announce(null, await this.stateOf(id));
    return { status: 200, id };
  }

  /**
   * The whole project is replaced (`published_at` left out keeps the stored one). A new slug keeps the old
   * one in the slug history. With `save.version`, written only over that version, else refused with the
   * project as it is now and who changed it (`DomainError.versionConflict`).
   */
  async update(id: number, fields: ProjectFields, save: ProjectSave): Promise<Saved> {
    const columns = this.columnsOf(fields);
    if (fields.published_at !== undefined) columns.published_at = publishedAtColumn(fields.published_at);
    const project = prepareProject(columns);
    await this.requirePosts(fields.related_post_ids);
    const before = await this.stateOf(id);
    if (!before) throw notFound();
    try {
      await this.saving(() =>
        replaceProject(this.projects.manager, id, project, fields.service_ids, save.origin, save.version),
      );
    } catch (error) {
      if (!(error instanceof StaleVersion)) throw error;
      throw await this.conflict(id);
    }
    await this.announce(before, await this.stateOf(id));
    return { status: 200, id };
  }

  /** Deletes the project for good, with its slug history. */
  async remove(id: number): Promise<Ok> {
    const before = await this.stateOf(id);
    const { affected } = await this.projects.delete({ id });
    if (!affected || !before) throw notFound();
    await this.events.emit('project.deleted', before.project);
    return OK;
  }

  private columnsOf(fields: ProjectFields): ProjectColumns {
    const { published_at: _publishedAt, service_ids: _serviceIds, slug, ...columns } = fields;
    return { ...columns, slug: slug ?? this.slugFromTitle(fields.title) };
  }

  /** The slug of a title, Vietnamese letters folded as the admin's forms fold them ("Nhà hàng Sen" → "nha-hang-sen"). */
  private slugFromTitle(title: string): string {
    const slug = toSlug(title);
    if (!slug) throw DomainError.invalid([NO_SLUG]);
    return slug;
  }

  /** 400 naming `related_post_ids` when one of them is no post (a post in the trash is one still). */
  private async requirePosts(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await this.projects.manager.countBy(PostEntity, { id: In(ids) });
    if (found !== ids.length) {
      throw DomainError.invalid([{ field: 'related_post_ids', message: 'No post has one of these ids' }]);
    }
  }

  /**
   * The constraints judge (no SELECT before, which another save could race past): a taken slug is a 409,
   * a service that does not exist (or was deleted meanwhile) a 400 naming `service_ids`.
   */
  private async saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await conflictOnUnique(write, { UQ_projects_slug: SLUG_TAKEN });
    } catch (error) {
      const violation = constraintViolationOf(error);
      if (violation?.code === PG_ERROR.foreignKeyViolation && violation.constraint === 'FK_project_services_service') {
        throw DomainError.invalid([UNKNOWN_SERVICE]);
      }
      throw error;
    }
  }

  /** The projects of `records` with the services they name (the shown ones only for the public reads). */
  private async withServices(records: ProjectEntity[], shownOnly: boolean): Promise<Project[]> {
    const services = await servicesOfProjects(
      this.projects.manager,
      records.map(({ id }) => id),
      shownOnly,
    );
    return records.map((record) => toProject(record, services.get(record.id) ?? []));
  }

  /** The refusal of a save over a version the project no longer has: the project now and who changed it. */
  private async conflict(id: number): Promise<DomainError> {
    const changed = await lastChangeOf(this.projects.manager, 'projects', id);
    if (!changed) return notFound();
    const current = await this.get(id);
    return DomainError.versionConflict('project', current.version, { current, changed });
  }

  private async stateOf(id: number): Promise<ProjectState | null> {
    const record = await this.projects.findOneBy({ id });
    if (!record) return null;
    const [project] = await this.withServices([record], false);
    const [row] = (await this.projects.query(
      `SELECT ${visibleProjectSql('project')} AS public FROM projects project WHERE id = $1`,
      [id],
    )) as Array<{ public: boolean }>;
    return { project, public: Boolean(row?.public) };
  }

  private async announce(before: ProjectState | null, after: ProjectState | null): Promise<void> {
    if (!after) return;
    if (after.public && before?.public) {
      const previous_slug = before.project.slug === after.project.slug ? null : before.project.slug;
      await this.events.emit('project.updated', { ...after.project, previous_slug });
    } else if (after.public) await this.events.emit('project.published', after.project);
    else if (before?.public) await this.events.emit('project.unpublished', after.project);
  }
}
