import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { RETENTION, RETENTION_SCHEDULE, SITE_TIME_ZONE, type TrashedPost } from '@blog/contracts';
import { leaveTakenTranslationSlot, PostEntity } from '@blog/api/data';
import { TrashBin } from '@blog/api/core';
import { JobQueue } from '@blog/api/jobs';
import { PostEvents, type PostState } from '../post-events';

/** The scheduled job that deletes for good the posts trashed more than `RETENTION.trashDays` ago. */
export const TRASH_PURGE_JOB = 'trash.purge';

/**
 * The trash of posts (`TrashBin`, as the projects' trash): `PostsAdminService.remove` moves a post here
 * (`deleted_at`); from here it is restored, deleted for good, or purged `RETENTION.trashDays` after it came,
 * by a job scheduled on `RETENTION_SCHEDULE` (run once across instances). Deleting for good never touches uploads: an image
 * stays stored whatever uses it or no longer does.
 */
@Injectable()
export class TrashService implements OnModuleInit {
  /** Restores, deletes for good and empties (the doors call it as it is). */
  readonly bin: TrashBin<PostState>;

  constructor(
    @InjectRepository(PostEntity) private readonly posts: Repository<PostEntity>,
    private readonly jobs: JobQueue,
    private readonly postEvents: PostEvents,
  ) {
    this.bin = new TrashBin(posts, {
      table: 'posts',
      slugConstraint: 'UQ_posts_slug',
      what: 'Post',
      stateOf: (id) => postEvents.stateOf(id),
      // Announced as `post.deleted`, permanent.
      deletedForever: (state) => postEvents.deletedForever(state),
      restored: async (id) => postEvents.saved(null, await postEvents.stateOf(id)),
      restoring: (id) => leaveTakenTranslationSlot(posts.manager, 'posts', id),
    });
  }

  onModuleInit(): void {
    this.jobs.register({
      name: TRASH_PURGE_JOB,
      handler: async () => void (await this.purgeExpired()),
      retryLimit: 2,
      expireInSeconds: 10 * 60,
      schedule: { cron: RETENTION_SCHEDULE, tz: SITE_TIME_ZONE },
    });
  }

  /** Every trashed post, the last deleted first. */
  async list(): Promise<TrashedPost[]> {
    const rows: Array<Omit<TrashedPost, 'deleted_at' | 'purge_at'> & { deleted_at: Date; purge_at: Date }> =
      await this.posts.query(
        `SELECT post.id, post.title, post.slug, post.category_id, category.name AS category_name, post.deleted_at,
                post.deleted_at + make_interval(days => $1) AS purge_at
           FROM posts post JOIN categories category ON category.id = post.category_id
          WHERE post.deleted_at IS NOT NULL
          ORDER BY post.deleted_at DESC, post.id DESC`,
        [RETENTION.trashDays],
      );
    return rows.map((row) => ({
      ...row,
      deleted_at: row.deleted_at.toISOString(),
      purge_at: row.purge_at.toISOString(),
    }));
  }

  /** The job's work: deletes the posts trashed more than `RETENTION.trashDays` ago; answers how many. */
  purgeExpired(): Promise<number> {
    return this.bin.purgeExpired();
  }
}
