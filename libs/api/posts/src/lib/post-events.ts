import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { AdminPost } from '@blog/contracts';
import { PostEntity, visiblePostSql } from '@blog/api/data';
import { DomainEvents } from '@blog/api/core';
import { JobQueue, PublicationJobs, type PublicationJob } from '@blog/api/jobs';
import { toAdminPost, type PostWithCategory } from './post-mappers';

/** The job that announces a scheduled post when its time comes (once across instances). */
export const POST_PUBLICATION_JOB = 'posts.scheduled-publication';

/** A post as its events need it: as the admin REST API answers it, and whether the public can read it now. */
export interface PostState {
  post: AdminPost;
  public: boolean;
  /** The publication time still to come of a shown post (a scheduled post), else null. */
  scheduledAt: Date | null;
}

/**
 * The posts' domain events (`DomainEvents`), from the post before and after a write: `post.published`
 * when it becomes public, `post.updated` when it stays public, `post.unpublished` when it leaves,
 * `post.deleted` on trashing and on deleting for good. A scheduled post becomes public with no write:
 * a job queued for its time announces it (`POST_PUBLICATION_JOB`), checking that it is still due then.
 * Without a job queue in the app (a spec's), scheduled posts are not announced.
 */
@Injectable()
export class PostEvents implements OnModuleInit {
  private readonly publications: PublicationJobs;

  constructor(
    @InjectRepository(PostEntity) private readonly posts: Repository<PostEntity>,
    private readonly events: DomainEvents,
    @Optional() jobs?: JobQueue,
  ) {
    this.publications = new PublicationJobs(jobs, POST_PUBLICATION_JOB);
  }

  onModuleInit(): void {
    this.publications.register((job) => this.announcePublication(job));
  }

  /** The post `id` now, trashed or not; null when there is none. */
  async stateOf(id: number, manager: EntityManager = this.posts.manager): Promise<PostState | null> {
    const post = await manager.findOne(PostEntity, { where: { id }, relations: { category: true }, withDeleted: true });
    if (!post) return null;
    const [row] = (await manager.query(
      `SELECT ${visiblePostSql('post')} AS public,
              CASE WHEN post.status = 0 AND post.published_at > now() AND post.deleted_at IS NULL
                   THEN post.published_at END AS scheduled_at
         FROM posts post WHERE post.id = $1`,
      [id],
    )) as Array<{ public: boolean; scheduled_at: Date | null }>;
    // Deleted for good between the two reads (a trash emptied at the same moment).
    if (!row) return null;
    return { post: toAdminPost(post as PostWithCategory), public: row.public, scheduledAt: row.scheduled_at };
  }

  /** After a save (`before`: null for a new post). */
  async saved(before: PostState | null, after: PostState | null): Promise<void> {
    if (!after) return;
    if (after.public && before?.public) {
      const previous_slug = before.post.slug === after.post.slug ? null : before.post.slug;
      await this.events.emit('post.updated', { ...after.post, previous_slug });
    } else if (after.public) await this.events.emit('post.published', after.post);
    else if (before?.public) await this.events.emit('post.unpublished', after.post);
    if (after.scheduledAt) await this.publications.queue(after.post.id, after.scheduledAt);
  }

  async trashed(before: PostState | null): Promise<void> {
    if (before) await this.events.emit('post.deleted', { ...before.post, permanent: false });
  }

  async deletedForever(before: PostState): Promise<void> {
    await this.events.emit('post.deleted', { ...before.post, permanent: true });
  }

  /** The job: announces the post if it is public now at the time it was scheduled for. */
  private async announcePublication(job: PublicationJob): Promise<void> {
    const state = await this.stateOf(job.id);
    if (!state?.public || state.post.published_at !== job.published_at) return;
    await this.events.emit('post.published', state.post);
  }
}
