import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, type EntityManager, type Repository } from 'typeorm';
import {
  autosaveSlotOf,
  LANGUAGE_NAMES,
  OK,
  POST_STATUS,
  PROJECT_CARD_FIELDS,
  projectPath,
  type AdminLanguageQuery,
  type Language,
  type LanguageRedirect,
  type Ok,
  type Project,
  type ProjectCard,
  type ProjectFields,
  type ProjectsQuery,
  type PublicProject,
  type Saved,
  type TranslationLink,
} from '@blog/contracts';
import {
  clearAutosaveAfterSave,
  freeSlugIn,
  groupOf,
  missingTranslationSql,
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
import {
  conflictOnUnique,
  constraintViolationOf,
  DomainError,
  PG_ERROR,
  SiteLanguages,
  linkTranslationsOrRefuse,
  unlinkTranslationOrRefuse,
} from '@blog/api/core';
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
const LANGUAGE_TAKEN = { field: 'language', message: 'Its translation group has a project in this language already' };
const NO_SLUG = { field: 'slug', message: 'Slug is required: the title has no letters or digits to make one from' };
const UNKNOWN_SERVICE = { field: 'service_ids', message: 'No service has one of these ids' };
const notFound = () => DomainError.notFound('Project');

const servicesInOtherLanguage = (language: Language) => ({
  field: 'service_ids',
  message: `must be services in ${LANGUAGE_NAMES[language]}: a project's services are in its language`,
});
const TESTIMONIALS_IN_LANGUAGE = {
  field: 'language',
  message: 'Testimonials in its language are about this project: a testimonial’s project is in its language',
};

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
    private readonly languages: SiteLanguages,
  ) {}

  /**
   * The visible projects of `lang` (else the site's default language), those tagged `stack` and those that
   * used the shown service of slug `service`, when given, each with its versions readers may read.
   */
  async list(query: ProjectsQuery = {}): Promise<PublicProject[]> {
    const records = await (await this.visibleList(query)).getMany();
    const [projects, translations] = await Promise.all([
      withServices(this.projects.manager, records, true),
      this.publicTranslationsOf(records),
    ]);
    return projects.map((project) => toPublicProject(project, translations.get(project.id) ?? []));
  }

  /** The same projects as `list`, each as its card shows it (no case study), read from those columns only. */
  async cards(query: ProjectsQuery = {}): Promise<ProjectCard[]> {
    const rows = await (
      await this.visibleList(query)
    )
      .select(PROJECT_CARD_FIELDS.map((field) => `project.${field}`))
      .getMany();
    return rows.map(
      (row) => Object.fromEntries(PROJECT_CARD_FIELDS.map((field) => [field, row[field]])) as ProjectCard,
    );
  }

  /** The visible projects of `list`'s query, in the lists' order. */
  private async visibleList({ stack, service, lang }: NonNullable<ProjectsQuery>) {
    const language = await this.languages.ofRead(lang);
    const select = this.projects
      .createQueryBuilder('project')
      .where(visibleProjectSql('project'))
      .andWhere('project.language = :language', { language });
    if (stack) select.andWhere(':stack = ANY(project.stack)', { stack });
    if (service) {
      select.andWhere(
        `EXISTS (SELECT 1 FROM project_services link JOIN services service ON service.id = link.service_id
                  WHERE link.project_id = project.id AND service.slug = :service AND NOT service.hidden
                    AND service.language = project.language)`,
        { service },
      );
    }
    for (const [column, direction] of Object.entries(LIST_ORDER)) select.addOrderBy(`project.${column}`, direction);
    return select;
  }

  /** A visible project of `lang` by its current slug, with its versions readers may read; 404 otherwise (an old slug: `redirect`). */
  async detail(slug: string, lang?: Language): Promise<PublicProject> {
    const language = await this.languages.ofRead(lang);
    const project = await this.projects
      .createQueryBuilder('project')
      .where(visibleProjectSql('project'))
      .andWhere('project.slug = :slug AND project.language = :language', { slug, language })
      .getOne();
    if (!project) throw notFound();
    const [[shown], translations] = await Promise.all([
      withServices(this.projects.manager, [project], true),
      this.publicTranslationsOf([project]),
    ]);
    return toPublicProject(shown, translations.get(project.id) ?? []);
  }

  /**
   * The other versions of each of `records` that readers may read now (visible, in a language the site
   * runs), at their addresses (`/portfolio/{slug}`, `/vi/portfolio/{slug}`).
   */
  private async publicTranslationsOf(
    records: ReadonlyArray<Pick<ProjectEntity, 'id' | 'translation_group'>>,
  ): Promise<Map<number, TranslationLink[]>> {
    const groups = [...new Set(records.map((record) => record.translation_group).filter((group) => group !== null))];
    if (groups.length === 0) return new Map();
    const { languages } = await this.languages.settings();
    const versions = await this.projects
      .createQueryBuilder('project')
      .select(['project.id', 'project.language', 'project.slug', 'project.title', 'project.translation_group'])
      .where(visibleProjectSql('project'))
      .andWhere('project.translation_group IN (:...groups) AND project.language IN (:...languages)', {
        groups,
        languages,
      })
      .orderBy('project.language')
      .getMany();
    const links = await this.languages.linksTo(versions, projectPath);
    return new Map(
      records.map((record) => [
        record.id,
        links.filter(
          (_link, index) =>
            versions[index].translation_group === record.translation_group && versions[index].id !== record.id,
        ),
      ]),
    );
  }

  /**
   * Where an old address of a visible project (`slug` in `lang`) leads now: its slug, language and
   * address, for the page's 301; 404 when nowhere.
   */
  async redirect(slug: string, lang?: Language): Promise<LanguageRedirect> {
    const language = await this.languages.ofRead(lang);
    const [row] = (await this.projects.query(
      `SELECT project.slug, project.language
         FROM slug_history history JOIN projects project ON project.id = history.project_id
        WHERE history.slug = $1 AND history.language = $2 AND ${visibleProjectSql('project')}`,
      [slug, language],
    )) as Array<{ slug: string; language: Language }>;
    if (!row) throw notFound();
    return { ...row, path: await this.languages.pathIn(projectPath(row.slug), row.language) };
  }

  /**
   * Every project out of the trash, hidden, draft and scheduled ones too, in the lists' order; those in
   * `language`, and those missing a version in another language of the site (`missing_translation`), when asked.
   */
  async adminList(filter: NonNullable<AdminLanguageQuery> = {}): Promise<Project[]> {
    const query = this.projects.createQueryBuilder('project').where('project.deleted_at IS NULL');
    if (filter.language) query.andWhere('project.language = :language', { language: filter.language });
    if (filter.missing_translation) {
      const { languages } = await this.languages.settings();
      query.andWhere(missingTranslationSql('projects', 'project', ':languages'), { languages });
    }
    for (const [column, direction] of Object.entries(LIST_ORDER)) query.addOrderBy(`project.${column}`, direction);
    return withServices(this.projects.manager, await query.getMany(), false);
  }

  /** A project out of the trash; 404 for one in it (its revisions stay readable). */
  async get(id: number): Promise<Project> {
    const record = await this.projects.findOneBy({ id, deleted_at: IsNull() });
    if (!record) throw notFound();
    const [project] = await withServices(this.projects.manager, [record], false);
    return project;
  }

  /** In `fields.language`, else the site's default; its services must be in it (400 naming `service_ids`). */
  async create(fields: ProjectFields, origin: ChangeOrigin): Promise<Saved> {
    const language = await this.languages.ofWrite(fields.language);
    await this.requireServicesIn(fields.service_ids, language);
    const project = prepareProject({
      ...this.columnsOf(fields, language),
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
    const before = await this.events.stateOf(id);
    if (!before) throw notFound();
    const language = await this.languages.ofWrite(fields.language, before.project.language);
    await this.requireServicesIn(fields.service_ids, language);
    if (language !== before.project.language) await this.requireNoTestimonialsIn(id, before.project.language);
    const columns = this.columnsOf(fields, language);
    if (fields.published_at !== undefined) columns.published_at = publishedAtColumn(fields.published_at);
    const project = prepareProject(columns);
    await this.requirePosts(fields.related_post_ids);
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

  /**
   * The columns of a save in `language`; `comments_open` left out keeps the stored choice (the column's
   * default, open, on create).
   */
  private columnsOf(fields: ProjectFields, language: Language): ProjectColumns {
    const { published_at: _publishedAt, service_ids: _serviceIds, slug, comments_open, ...columns } = fields;
    return {
      ...columns,
      ...(comments_open === undefined ? {} : { comments_open }),
      language,
      slug: slug ?? this.slugFromTitle(fields.title),
    };
  }

  /** 400 naming `service_ids` when one of them is a service in another language than `language`. */
  private async requireServicesIn(ids: number[], language: Language): Promise<void> {
    if (ids.length === 0) return;
    // An unknown id is the foreign key's to refuse (`saving`).
    const [other] = (await this.projects.query(
      `SELECT 1 FROM services WHERE id = ANY($1::int[]) AND language <> $2 LIMIT 1`,
      [ids, language],
    )) as unknown[];
    if (other) throw DomainError.invalid([servicesInOtherLanguage(language)]);
  }

  /** 409 naming `language` when testimonials in `language` are about the project `id`, whose language would change. */
  private async requireNoTestimonialsIn(id: number, language: Language): Promise<void> {
    const [about] = (await this.projects.query(
      `SELECT 1 FROM testimonials WHERE project_id = $1 AND language = $2 LIMIT 1`,
      [id, language],
    )) as unknown[];
    if (about) throw new DomainError('CONFLICT', TESTIMONIALS_IN_LANGUAGE.message, [TESTIMONIALS_IN_LANGUAGE]);
  }

  /**
   * A draft in `language` pre-filled from the project `id` (every field), linked to it (their group made
   * when it has none), under the same slug unless that language has it (then `-2`, `-3`…); its services are
   * the versions in `language` of the project's (those without one are left out), its related posts their
   * versions in `language` where there are some, else the same posts. 400 naming `language` for the project's
   * own language or one the site does not run; 409 naming `language` when the group has a version in it.
   */
  async translate(id: number, language: Language, origin: ChangeOrigin): Promise<Project> {
    const source = await this.projects.findOneBy({ id, deleted_at: IsNull() });
    if (!source) throw notFound();
    await this.languages.ofWrite(language);
    if (language === source.language) {
      throw DomainError.invalid([{ field: 'language', message: 'must be another language than the project’s own' }]);
    }
    const translationId = await conflictOnUnique(
      () =>
        this.projects.manager.transaction(async (manager) => {
          const group = await groupOf(manager, 'projects', source.id, source.translation_group);
          if (await manager.existsBy(ProjectEntity, { translation_group: group, language, deleted_at: IsNull() })) {
            throw new DomainError('CONFLICT', LANGUAGE_TAKEN.message, [LANGUAGE_TAKEN]);
          }
          const {
            id: _id,
            version: _version,
            created_at: _created,
            updated_at: _updated,
            updated_by: _by,
            updated_via: _via,
            updated_session: _session,
            deleted_at: _deleted,
            ...fields
          } = source;
          const project = prepareProject({
            ...fields,
            language,
            translation_group: group,
            slug: await freeSlugIn(manager, 'projects', source.slug, language),
            related_post_ids: await postsIn(manager, source.related_post_ids, language),
            status: POST_STATUS.visible,
            published_at: null,
          });
          return insertProject(manager, project, await servicesIn(manager, source.id, language), origin);
        }),
      { UQ_projects_translation: LANGUAGE_TAKEN, UQ_projects_slug: SLUG_TAKEN },
    );
    await this.events.saved(null, await this.events.stateOf(translationId));
    return this.get(translationId);
  }

  /**
   * Makes the projects `id` and `translationId` versions of each other (with the versions each has): 404
   * when either is missing or trashed, 409 naming `translation_id` when they share a language or a group
   * would hold two of one language.
   */
  async linkTranslation(id: number, translationId: number): Promise<Project> {
    const before = await this.events.stateOf(id);
    await linkTranslationsOrRefuse(this.projects.manager, 'projects', id, translationId, 'Project');
    await this.events.saved(before, await this.events.stateOf(id));
    return this.get(id);
  }

  /** Takes the project `id` out of its translation group (a group left with one project is dissolved). */
  async unlinkTranslation(id: number): Promise<Project> {
    const before = await this.events.stateOf(id);
    await unlinkTranslationOrRefuse(this.projects.manager, 'projects', id, 'Project');
    await this.events.saved(before, await this.events.stateOf(id));
    return this.get(id);
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
      return await conflictOnUnique(write, { UQ_projects_slug: SLUG_TAKEN, UQ_projects_translation: LANGUAGE_TAKEN });
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

/** The versions in `language` of the services the project `id` names, in its order (those without one left out). */
async function servicesIn(manager: EntityManager, id: number, language: Language): Promise<number[]> {
  const rows = (await manager.query(
    `SELECT version.id FROM project_services link
       JOIN services service ON service.id = link.service_id
       JOIN services version ON version.translation_group = service.translation_group AND version.language = $2
      WHERE link.project_id = $1 ORDER BY link.position`,
    [id, language],
  )) as Array<{ id: number }>;
  return rows.map((row) => row.id);
}

/** Each of the posts `ids`' version in `language` out of the trash where it has one, else the post itself, once each. */
async function postsIn(manager: EntityManager, ids: number[], language: Language): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = (await manager.query(
    `SELECT coalesce(version.id, given.id) AS id
       FROM unnest($1::int[]) WITH ORDINALITY AS given (id, position)
       LEFT JOIN posts post ON post.id = given.id
       LEFT JOIN posts version ON version.translation_group = post.translation_group AND version.language = $2
                              AND version.deleted_at IS NULL
      ORDER BY given.position`,
    [ids, language],
  )) as Array<{ id: number }>;
  return [...new Set(rows.map((row) => row.id))];
}
