import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { RETENTION, RETENTION_SCHEDULE, SITE_TIME_ZONE, type TrashedProject } from '@blog/contracts';
import { leaveTakenTranslationSlot, ProjectEntity } from '@blog/api/data';
import { TrashBin } from '@blog/api/core';
import { JobQueue } from '@blog/api/jobs';
import { ProjectEvents, type ProjectState } from '../project-events';

/** The scheduled job that deletes for good the projects trashed more than `RETENTION.trashDays` ago. */
export const PROJECTS_TRASH_PURGE_JOB = 'projects.trash-purge';

/**
 * The trash of projects, by the posts' rules (`TrashBin`): `ProjectsService.remove` moves a project here;
 * from here it is restored (`project.published` when it is public again), deleted for good
 * (`project.deleted`, its revisions, slug history and services going with it), or purged
 * `RETENTION.trashDays` after it came by a job on `RETENTION_SCHEDULE` (none without a job queue: a spec's).
 */
@Injectable()
export class ProjectsTrashService implements OnModuleInit {
  /** Restores, deletes for good and empties (the doors call it as it is). */
  readonly bin: TrashBin<ProjectState>;

  constructor(
    @InjectRepository(ProjectEntity) private readonly projects: Repository<ProjectEntity>,
    private readonly events: ProjectEvents,
    @Optional() private readonly jobs?: JobQueue,
  ) {
    this.bin = new TrashBin(projects, {
      table: 'projects',
      slugConstraint: 'UQ_projects_slug',
      what: 'Project',
      stateOf: (id) => events.stateOf(id),
      deletedForever: (state) => events.deletedForever(state),
      restored: async (id) => events.saved(null, await events.stateOf(id)),
      restoring: (id) => leaveTakenTranslationSlot(projects.manager, 'projects', id),
    });
  }

  onModuleInit(): void {
    this.jobs?.register({
      name: PROJECTS_TRASH_PURGE_JOB,
      handler: async () => void (await this.bin.purgeExpired()),
      retryLimit: 2,
      expireInSeconds: 10 * 60,
      schedule: { cron: RETENTION_SCHEDULE, tz: SITE_TIME_ZONE },
    });
  }

  /** Every trashed project, the last deleted first. */
  async list(): Promise<TrashedProject[]> {
    const rows = (await this.projects.query(
      `SELECT id, title, slug, deleted_at, deleted_at + make_interval(days => $1) AS purge_at
         FROM projects WHERE deleted_at IS NOT NULL
        ORDER BY deleted_at DESC, id DESC`,
      [RETENTION.trashDays],
    )) as Array<Omit<TrashedProject, 'deleted_at' | 'purge_at'> & { deleted_at: Date; purge_at: Date }>;
    return rows.map((row) => ({
      ...row,
      deleted_at: row.deleted_at.toISOString(),
      purge_at: row.purge_at.toISOString(),
    }));
  }

  /** The job's work: deletes the projects trashed more than `RETENTION.trashDays` ago; answers how many. */
  purgeExpired(): Promise<number> {
    return this.bin.purgeExpired();
  }
}
