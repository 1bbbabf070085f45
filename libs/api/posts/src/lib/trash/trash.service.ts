import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  numberedSlug,
  OK,
  RETENTION,
  RETENTION_SCHEDULE,
  SITE_TIME_ZONE,
  type Ok,
  type RestoredPost,
  type TrashedPost,
  type TrashEmptied,
} from '@blog/contracts';
import { PostEntity, rowsWritten, type ChangeOrigin } from '@blog/api/data';
import { DomainError, isUniqueViolation } from '@blog/api/core';
import { JobQueue } from '@blog/api/jobs';
import { PostEvents, type PostState } from '../post-events';

/** The scheduled job that deletes for good the posts trashed more than `RETENTION.trashDays` ago. */
export const TRASH_PURGE_JOB = 'trash.purge';

/** The trashed post `$1`, whichever the statement's table alias. */
const TRASHED_POST = 'id = $1 AND deleted_at IS NOT NULL';

/**
 * The trash of posts: `PostsAdminService.remove` moves a post here (`deleted_at`); from here it is
 * restored, deleted for good, or purged `RETENTION.trashDays` after it came, by a job scheduled on
 * `RETENTION_SCHEDULE` (run once across instances). Deleting for good never touches uploads: an image
 * stays stored whatever uses it or no longer does.
 */
@Injectable()
export class TrashService implements OnModuleInit {
  constructor(
    @InjectRepository(PostEntity) private readonly posts: Repository<PostEntity>,
    private readonly jobs: JobQueue,
    private readonly postEvents: PostEvents,
  ) {}

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
   * Brings the post back where it was (`updated_at` untouched) under its slug, or, when a post took that
   * slug meanwhile, the first free `slug-2`, `slug-3`...; the unique index decides, so a post saved at the
   * same moment never ends up with the same slug. Bumps the version, written by `origin`'s user through the
   * door 'restore'. 404 for a post not in the trash.
   */
  async restore(id: number, origin: ChangeOrigin): Promise<RestoredPost> {
    const [post] = (await this.posts.query(`SELECT slug FROM posts WHERE ${TRASHED_POST}`, [id])) as Array<{
      slug: string;
    }>;
    if (!post) throw DomainError.notFound('Post');
    for (let n = 1; ; n += 1) {
      const slug = n === 1 ? post.slug : numberedSlug(post.slug, n);
      try {
        const restored = await rowsWritten(
          this.posts,
          // A write like a save (its door 'restore'): a tab still holding the trashed version cannot save over it.
          `UPDATE posts SET deleted_at = NULL, slug = $2, version = version + 1, updated_by = $3, updated_via = $4,
                  updated_session = $5
            WHERE ${TRASHED_POST}`,
          [id, slug, origin.user_id, 'restore' satisfies ChangeOrigin['via'], origin.session],
        );
        if (!restored) throw DomainError.notFound('Post');
        // Out of the trash it is public again (post.published) when it is shown and its time has come.
        await this.postEvents.saved(null, await this.postEvents.stateOf(id));
        return { status: 200, id, slug, slug_changed: slug !== post.slug };
      } catch (error) {
        if (!isUniqueViolation(error, 'UQ_posts_slug')) throw error;
      }
    }
  }

  /** Deletes a trashed post for good (its slug history and preview links go with it); 404 for a post not in the trash. */
  async deleteForever(id: number): Promise<Ok> {
    const deleted = await this.deleteAnnounced(TRASHED_POST, [id]);
    if (!deleted) throw DomainError.notFound('Post');
    return OK;
  }

  /** Deletes every trashed post for good. */
  async empty(): Promise<TrashEmptied> {
    const deleted = await this.deleteAnnounced(`deleted_at IS NOT NULL`, []);
    return { status: 200, deleted };
  }

  /** The job's work: deletes the posts trashed more than `RETENTION.trashDays` ago; answers how many. */
  purgeExpired(): Promise<number> {
    return this.deleteAnnounced(`deleted_at < now() - make_interval(days => $1)`, [RETENTION.trashDays]);
  }

  /**
   * Deletes the posts `where` picks, each announced (`post.deleted`, permanent) as it was: read first,
   * announced only when its DELETE went through. Answers how many were deleted.
   */
  private async deleteAnnounced(where: string, parameters: unknown[]): Promise<number> {
    const ids = (
      (await this.posts.query(`SELECT id FROM posts WHERE ${where}`, parameters)) as Array<{ id: number }>
    ).map((row) => row.id);
    const states = new Map<number, PostState>();
    for (const id of ids) {
      const state = await this.postEvents.stateOf(id);
      if (state) states.set(id, state);
    }
    // As a SELECT of the returned rows: TypeORM answers a raw DELETE in a shape of its own.
    const deleted = (await this.posts.query(
      `WITH written AS (DELETE FROM posts WHERE ${where} RETURNING id) SELECT id FROM written`,
      parameters,
    )) as Array<{ id: number }>;
    for (const { id } of deleted) {
      const state = states.get(id);
      if (state) await this.postEvents.deletedForever(state);
    }
    return deleted.length;
  }
}
