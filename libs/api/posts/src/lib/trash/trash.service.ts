import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  OK,
  RETENTION,
  RETENTION_SCHEDULE,
  SITE_TIME_ZONE,
  type Ok,
  type RestoredPost,
  type TrashedPost,
  type TrashEmptied,
} from '@blog/contracts';
import { PostEntity, type ChangeOrigin } from '@blog/api/data';
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
  private readonly bin: TrashBin<PostState>;

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

  /**
   * Brings the post back where it was under its slug, or a free one when a post took it meanwhile
   * (`TrashBin.restore`). 404 for a post not in the trash.
   */
  async restore(id: number, origin: ChangeOrigin): Promise<RestoredPost> {
    const restored = await this.bin.restore(id, origin);
    // Out of the trash it is public again (post.published) when it is shown and its time has come.
    await this.postEvents.saved(null, await this.postEvents.stateOf(id));
    return { status: 200, id, ...restored };
  }

  /** Deletes a trashed post for good (its slug history and preview links go with it); 404 for a post not in the trash. */
  async deleteForever(id: number): Promise<Ok> {
    await this.bin.deleteForever(id);
    return OK;
  }

  /** Deletes every trashed post for good. */
  async empty(): Promise<TrashEmptied> {
    return { status: 200, deleted: await this.bin.empty() };
  }

  /** The job's work: deletes the posts trashed more than `RETENTION.trashDays` ago; answers how many. */
  purgeExpired(): Promise<number> {
    return this.bin.purgeExpired();
  }
}
