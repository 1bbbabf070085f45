import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { Project } from '@blog/contracts';
import { liveProjectSql, ProjectEntity, visibleProjectSql } from '@blog/api/data';
import { DomainEvents } from '@blog/api/core';
import { JobQueue, PublicationJobs, type PublicationJob } from '@blog/api/jobs';
import { withServices } from './project-mappers';

/** The job that announces a scheduled project when its time comes (once across instances). */
export const PROJECT_PUBLICATION_JOB = 'projects.scheduled-publication';

/** A project as its events need it, whether the public can read it now, and its publication time still to come. */
export interface ProjectState {
  project: Project;
  public: boolean;
  scheduledAt: Date | null;
}

/**
 * The projects' domain events (`DomainEvents`), as the posts' (`PostEvents`): `project.published` when it
 * becomes public (on a save, out of the trash, or when a scheduled project's time comes: a job queued for
 * that time, `PROJECT_PUBLICATION_JOB`), `project.updated` while it stays public, `project.unpublished` when
 * it leaves (the trash included), `project.deleted` when deleted for good. Without a job queue in the app
 * (a spec's), scheduled projects are not announced.
 */
@Injectable()
export class ProjectEvents implements OnModuleInit {
  private readonly publications: PublicationJobs;

  constructor(
    @InjectRepository(ProjectEntity) private readonly projects: Repository<ProjectEntity>,
    private readonly events: DomainEvents,
    @Optional() jobs?: JobQueue,
  ) {
    this.publications = new PublicationJobs(jobs, PROJECT_PUBLICATION_JOB);
  }

  onModuleInit(): void {
    this.publications.register((job) => this.announcePublication(job));
  }

  /** The project `id` now, trashed or not; null when there is none. */
  async stateOf(id: number): Promise<ProjectState | null> {
    const record = await this.projects.findOneBy({ id });
    if (!record) return null;
    const [row] = (await this.projects.query(
      `SELECT ${visibleProjectSql('project')} AS public,
              CASE WHEN project.status = 0 AND project.published_at > now() AND ${liveProjectSql('project')}
                   THEN project.published_at END AS scheduled_at
         FROM projects project WHERE project.id = $1`,
      [id],
    )) as Array<{ public: boolean; scheduled_at: Date | null }>;
    // Deleted for good between the two reads (a trash emptied at the same moment).
    if (!row) return null;
    const [project] = await withServices(this.projects.manager, [record], false);
    return { project, public: row.public, scheduledAt: row.scheduled_at };
  }

  /** After a save, a restore or a trashing (`before`: null for a new project, or one out of the trash). */
  async saved(before: ProjectState | null, after: ProjectState | null): Promise<void> {
    if (!after) return;
    if (after.public && before?.public) {
      const previous_slug = before.project.slug === after.project.slug ? null : before.project.slug;
      await this.events.emit('project.updated', { ...after.project, previous_slug });
    } else if (after.public) await this.events.emit('project.published', after.project);
    else if (before?.public) await this.events.emit('project.unpublished', after.project);
    if (after.scheduledAt) await this.publications.queue(after.project.id, after.scheduledAt);
  }

  async deletedForever(before: ProjectState): Promise<void> {
    await this.events.emit('project.deleted', before.project);
  }

  /** The job: announces the project if it is public now at the time it was scheduled for. */
  private async announcePublication(job: PublicationJob): Promise<void> {
    const state = await this.stateOf(job.id);
    if (!state?.public || state.project.published_at !== job.published_at) return;
    await this.events.emit('project.published', state.project);
  }
}
