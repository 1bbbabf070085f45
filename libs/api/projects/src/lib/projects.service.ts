import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, type Repository } from 'typeorm';
import {
  autosaveSlotOf,
  OK,
  PROJECT_CARD_FIELDS,
  type Ok,
  type Project,
  type ProjectCard,
  type ProjectFields,
  type ProjectsQuery,
  type PublicProject,
  type Saved,
} from '@blog/contracts';
import {
  clearAutosaveAfterSave,
  lastChangeOf,
  liveProjectSql,
  PostEntity,
  ProjectEntity,
  publishedAtColumn,
  rowsWritten,
  saveOrder,
  StaleVersion,
  visibleProjectSql,
  type ChangeOrigin,
} from '@blog/api/data';
import { conflictOnUnique, constraintViolationOf, DomainError, PG_ERROR } from '@blog/api/core';
import { toSlug } from '@blog/shared/html';
import { ProjectEvents } from './project-events';
import { toPublicProject, withServices } from './project-mappers';
import { insertProject, prepareProject, replaceProject, type ProjectColumns } from './project-writer';

/** How a save is made: by whom, and over which version (undefined: over whatever version is there). */
export interface ProjectSave {
  origin: ChangeOrigin;
  version?: number;
}

const SLUG_TAKEN = { field: 'slug', message: 'Another project already uses this slug' };
const NO_SLUG = { field: 'slug', message: 'Slug is required: the title has no letters or digits to make one from' };
const UNKNOWN_SERVICE = { field: 'service_ids', message: 'No service has one of these ids' };
const notFound = () => DomainError.notFound('Project');

/** The lists' order: the owner's order, then the latest work first. */
const LIST_ORDER = { sort_order: 'ASC', year_from: 'DESC', id: 'DESC' } as const;

/**
 * The portfolio's projects behind both doors (REST and tRPC): the public reads see visible projects only
 * (`visibleProjectSql`: out of the trash, shown, published, scheduled ones once their time came); the
 * admin's see every project out of the trash. Saves write through the one write path (`project-writer`:
 * revisions, slug history, services), then announce the change as posts do (`ProjectEvents`). Deleting
 * moves a project to the trash (`ProjectsTrashService`).
 */
@Injectable()
export class ProjectsService {
  constructor(
    @InjectRepository(ProjectEntity) private readonly projects: Repository<ProjectEntity>,
    private readonly events: ProjectEvents,
  ) {}

  /** The visible projects, those tagged `stack` and those that used the shown service of slug `service`, when given. */
  async list(query: ProjectsQuery = {}): Promise<PublicProject[]> {
    return (await withServices(this.projects.manager, await this.visibleList(query).getMany(), true)).map(
      toPublicProject,
    );
  }

  /** The same projects as `list`, each as its card shows it (no case study), read from those columns only. */
  async cards(query: ProjectsQuery = {}): Promise<ProjectCard[]> {
    const rows = await this.visibleList(query)
      .select(PROJECT_CARD_FIELDS.map((field) => `project.${field}`))
      .getMany();
    return rows.map(
      (row) => Object.fromEntries(PROJECT_CARD_FIELDS.map((field) => [field, row[field]])) as ProjectCard,
    );
  }

  /** The visible projects of `list`'s query, in the lists' order. */
  private visibleList({ stack, service }: NonNullable<ProjectsQuery>) {
    const select = this.projects.createQueryBuilder('project').where(visibleProjectSql('project'));
    if (stack) select.andWhere(':stack = ANY(project.stack)', { stack });
    if (service) {
      select.andWhere(
        `EXISTS (SELECT 1 FROM project_services link JOIN services service ON service.id = link.service_id
                  WHERE link.project_id = project.id AND service.slug = :service AND NOT service.hidden)`,
        { service },
      );
    }
    for (const [column, direction] of Object.entries(LIST_ORDER)) select.addOrderBy(`project.${column}`, direction);
    return select;
  }

  /** A visible project by its current slug; 404 otherwise (an old slug: `redirect`). */
  async detail(slug: string): Promise<PublicProject> {
    const project = await this.projects
      .createQueryBuilder('project')
      .where(visibleProjectSql('project'))
      .andWhere('project.slug = :slug', { slug })
      .getOne();
    if (!project) throw notFound();
    const [shown] = await withServices(this.projects.manager, [project], true);
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

  /** Every project out of the trash, hidden, draft and scheduled ones too, in the lists' order. */
  async adminList(): Promise<Project[]> {
    const records = await this.projects.find({ where: { deleted_at: IsNull() }, order: LIST_ORDER });
    return withServices(this.projects.manager, records, false);
  }

  /** A project out of the trash; 404 for one in it (its revisions stay readable). */
  async get(id: number): Promise<Project> {
    const record = await this.projects.findOneBy({ id, deleted_at: IsNull() });
    if (!record) throw notFound();
    const [project] = await withServices(this.projects.manager, [record], false);
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
    await this.events.saved(null, await this.events.stateOf(id));
    return { status: 200, id };
  }

  /**
   * The whole project is replaced (`published_at` left out keeps the stored one). The version it replaces is
   * kept as a revision, a new slug's old one in the slug history. With `save.version`, written only over
   * that version, else refused with the project as it is now and who changed it
   * (`DomainError.versionConflict`). 404 for a project in the trash. The saver's autosave of it is cleared.
   */
  async update(id: number, fields: ProjectFields, save: ProjectSave): Promise<Saved> {
    const columns = this.columnsOf(fields);
    if (fields.published_at !== undefined) columns.published_at = publishedAtColumn(fields.published_at);
    const project = prepareProject(columns);
    await this.requirePosts(fields.related_post_ids);
    const before = await this.events.stateOf(id);
    if (!before) throw notFound();
    try {
      await this.saving(() =>
        replaceProject(this.projects.manager, id, project, fields.service_ids, save.origin, save.version),
      );
    } catch (error) {
      if (!(error instanceof StaleVersion)) throw error;
      throw await this.conflict(id);
    }
    await clearAutosaveAfterSave(this.projects.manager, save.origin.user_id, autosaveSlotOf.project(id));
    await this.events.saved(before, await this.events.stateOf(id));
    return { status: 200, id };
  }

  /**
   * Stores the owner's order (`sort_order`) of every project out of the trash: `ids` names each of them once.
   * An order is no edit: no version, revision or webhook per project (`saveOrder`).
   */
  async reorder(ids: number[]): Promise<Project[]> {
    if (!(await saveOrder(this.projects.manager, 'projects', ids))) {
      throw DomainError.invalid([
        { field: 'ids', message: 'must name every project out of the trash once, and only those' },
      ]);
    }
    return this.adminList();
  }

  /**
   * Moves the project to the trash (`ProjectsTrashService` restores it or deletes it for good): it leaves
   * every public read and the admin list at once (`project.unpublished` when it was public); 404 for a
   * project unknown or already in the trash.
   */
  async remove(id: number): Promise<Ok> {
    const before = await this.events.stateOf(id);
    // Raw SQL: trashing is no edit, so `updated_at` (and the project's place in the lists once restored) stays.
    const trashed = await rowsWritten(
      this.projects,
      `UPDATE projects SET deleted_at = now() WHERE id = $1 AND ${liveProjectSql('projects')}`,
      [id],
    );
    if (!trashed) throw notFound();
    await this.events.saved(before, await this.events.stateOf(id));
    return OK;
  }

  /** The columns of a save; `comments_open` left out keeps the stored choice (the column's default, open, on create). */
  private columnsOf(fields: ProjectFields): ProjectColumns {
    const { published_at: _publishedAt, service_ids: _serviceIds, slug, comments_open, ...columns } = fields;
    return {
      ...columns,
      ...(comments_open === undefined ? {} : { comments_open }),
      slug: slug ?? this.slugFromTitle(fields.title),
    };
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

  /** The refusal of a save over a version the project no longer has: the project now and who changed it. */
  private async conflict(id: number): Promise<DomainError> {
    const changed = await lastChangeOf(this.projects.manager, 'projects', id);
    if (!changed) return notFound();
    const current = await this.get(id);
    return DomainError.versionConflict('project', current.version, { current, changed });
  }
}
