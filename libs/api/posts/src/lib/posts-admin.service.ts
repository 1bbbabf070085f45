import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type EntityManager, type Repository } from 'typeorm';
import {
  ADMIN_POSTS_PAGE_SIZE,
  autosaveSlotOf,
  OK,
  POST_STATUS,
  type AdminPost,
  type AdminPostCounts,
  type AdminPostsPage,
  type Language,
  type Ok,
  type postInputSchema,
  type Saved,
} from '@blog/contracts';
import {
  clearAutosaveAfterSave,
  CategoryEntity,
  lastChangeOf,
  likePattern,
  livePostSql,
  PostEntity,
  publishedAtColumn,
  rowsWritten,
  StaleVersion,
  type ChangeOrigin,
} from '@blog/api/data';
import { conflictOnUnique, constraintViolationOf, DomainError, PG_ERROR } from '@blog/api/core';
import type { z } from 'zod';
import { PostEvents } from './post-events';
import { toAdminPost, toAdminPostRow, type PostWithCategory } from './post-mappers';
import { insertPost, preparePost, replacePost, type PostColumns, type PreparedPost } from './post-writer';

/** A post as `postInputSchema` parsed it. */
export type PostFields = z.output<typeof postInputSchema>;

/** How a save is made: by whom, and over which version (undefined: over whatever version is there). */
export interface PostSave {
  origin: ChangeOrigin;
  version?: number;
  /** An import's: its source's last change (`withSourceDates`); no door's schema has it. */
  sourceUpdatedAt?: string;
}

export interface AdminPostsFilter {
  /** Part of the title, accents and case ignored. */
  q?: string;
  /** 1-based; without it, every post. */
  page?: number;
  /** Only the posts in this language. */
  language?: Language;
  /** Only the posts with no version in at least one other language the site runs. */
  missing_translation?: boolean;
}

const SLUG_TAKEN = { field: 'slug', message: 'Another post already uses this slug' };
const UNKNOWN_CATEGORY = { field: 'category_id', message: 'No category has this id' };

/** Every column but the two long HTML ones, for the admin list. */
const ROW_COLUMNS = [
  'id',
  'category_id',
  'title',
  'slug',
  'thumbnail',
  'thumbnail_alt',
  'meta_title',
  'meta_description',
  'meta_keywords',
  'status',
  'published_at',
  'color',
  'price',
  'comments_open',
  'created_at',
  'updated_at',
  'version',
  'language',
].map((column) => `post.${column}`);

/**
 * The back-office side of posts: every post, hidden ones included. Its saves write through the posts'
 * one write path (`post-writer`: the rich-text policy, versions, revisions, slug history), then announce
 * the change (`PostEvents`).
 */
@Injectable()
export class PostsAdminService {
  constructor(
    @InjectRepository(PostEntity) private readonly posts: Repository<PostEntity>,
    private readonly postEvents: PostEvents,
  ) {}

  /** Newest updated first; with `total`, the count of every match (for the pager). */
  async list(filter: AdminPostsFilter = {}): Promise<AdminPostsPage> {
    const query = this.posts
      .createQueryBuilder('post')
      .select(ROW_COLUMNS)
      .innerJoin('post.category', 'category')
      .addSelect(['category.id', 'category.name'])
      .where(livePostSql('post'))
      .orderBy('post.updated_at', 'DESC')
      .addOrderBy('post.id', 'DESC');
    if (filter.q) {
      query.andWhere(`immutable_unaccent(post.title) ILIKE immutable_unaccent(:pattern)`, {
        pattern: likePattern(filter.q.normalize('NFC')),
      });
    }
    if (filter.page) query.offset((filter.page - 1) * ADMIN_POSTS_PAGE_SIZE).limit(ADMIN_POSTS_PAGE_SIZE);
    const [posts, total] = await query.getManyAndCount();
    return { rows: (posts as PostWithCategory[]).map((post) => toAdminPostRow(post)), total };
  }

  /** A draft in `language` pre-filled from post `id`, linked to it. */
  async translate(id: number, language: Language, origin: ChangeOrigin): Promise<AdminPost> {
    throw new Error(`posts.translate (${id}, ${language}, ${origin.via}) is not built yet`);
  }

  /** Puts the posts `id` and `translationId` in one translation group. */
  async linkTranslation(id: number, translationId: number): Promise<AdminPost> {
    throw new Error(`posts.linkTranslation (${id}, ${translationId}) is not built yet`);
  }

  /** Takes the post `id` out of its translation group. */
  async unlinkTranslation(id: number): Promise<AdminPost> {
    throw new Error(`posts.unlinkTranslation (${id}) is not built yet`);
  }

  /** The dashboard's counts, in one query; drafts and scheduled posts on PostgreSQL's clock; trashed posts apart. */
  async counts(): Promise<AdminPostCounts> {
    const [counts] = await this.posts.query(
      `SELECT count(*) FILTER (WHERE deleted_at IS NULL)::int AS total,
              count(*) FILTER (WHERE deleted_at IS NULL AND status = $1)::int AS hidden,
              count(*) FILTER (WHERE deleted_at IS NULL AND published_at IS NULL)::int AS drafts,
              count(*) FILTER (WHERE deleted_at IS NULL AND published_at > now())::int AS scheduled,
              count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS trashed
         FROM posts`,
      [POST_STATUS.hidden],
    );
    return counts;
  }

  async get(id: number): Promise<AdminPost> {
    const post = await this.posts.findOne({ where: { id, deleted_at: IsNull() }, relations: { category: true } });
    if (!post) throw DomainError.notFound('Post');
    return toAdminPost(post as PostWithCategory);
  }

  /**
   * `manager`: a transaction to join (an import writes a post and what it remembers of it together).
   * `sourceUpdatedAt`: an import's, as `PostSave`'s.
   */
  async create(
    fields: PostFields,
    origin: ChangeOrigin,
    manager: EntityManager = this.posts.manager,
    sourceUpdatedAt?: string,
  ): Promise<Saved> {
    const post = preparePost({
      ...this.columnsOf(fields),
      thumbnail_alt: fields.thumbnail_alt ?? '',
      color: fields.color ?? null,
      price: fields.price ?? null,
      send_to_subscribers: fields.send_to_subscribers ?? false,
      comments_open: fields.comments_open ?? true,
      // Left out or 'now': the column's default, now.
      ...(fields.published_at === undefined || fields.published_at === 'now'
        ? {}
        : { published_at: publishedAtColumn(fields.published_at) }),
    });
    await this.requireCategory(fields.category_id, manager);
    const id = await this.saving(() => insertPost(manager, withSourceDates(post, new Date(), sourceUpdatedAt), origin));
    await this.postEvents.saved(null, await this.postEvents.stateOf(id, manager));
    return { status: 200, id };
  }

  /**
   * The whole post is replaced, but for `thumbnail_alt`, `color` and `price` when left out (clients of the original REST API never send them).
   * A new slug keeps the old one in the slug history, so its address still leads to the post (`PostsService.resolvePostSlug`).
   * The version it replaces is kept as a revision, in the same transaction (none when no field changed).
   * `save.version`: the version the save started from; the UPDATE matches that version only, so of two saves
   * racing from one version exactly one is written, and the other is refused with the post as it is now
   * (`DomainError.versionConflict`). `transaction`: one to join, as `create`'s `manager`.
   */
  async update(
    id: number,
    fields: PostFields,
    save: PostSave,
    transaction: EntityManager = this.posts.manager,
  ): Promise<Saved> {
    const columns: PostColumns = this.columnsOf(fields);
    if (fields.thumbnail_alt !== undefined) columns.thumbnail_alt = fields.thumbnail_alt;
    if (fields.color !== undefined) columns.color = fields.color;
    if (fields.price !== undefined) columns.price = fields.price;
    if (fields.send_to_subscribers !== undefined) columns.send_to_subscribers = fields.send_to_subscribers;
    if (fields.comments_open !== undefined) columns.comments_open = fields.comments_open;
    if (fields.published_at !== undefined) columns.published_at = publishedAtColumn(fields.published_at);
    const post = preparePost(columns);
    const found = await transaction.findOne(PostEntity, {
      select: { id: true, created_at: true },
      where: { id, deleted_at: IsNull() },
    });
    if (!found) throw DomainError.notFound('Post');
    await this.requireCategory(fields.category_id, transaction);
    const before = await this.postEvents.stateOf(id, transaction);
    const written = withSourceDates(post, found.created_at, save.sourceUpdatedAt);
    try {
      await this.saving(() => replacePost(transaction, id, written, save.origin, save.version));
    } catch (error) {
      if (!(error instanceof StaleVersion)) throw error;
      throw await this.conflict(id, transaction);
    }
    // Saved: the saver's autosave of this post is done with.
    await clearAutosaveAfterSave(transaction, save.origin.user_id, autosaveSlotOf.post(id));
    await this.postEvents.saved(before, await this.postEvents.stateOf(id, transaction));
    return { status: 200, id };
  }

  /** The refusal of a save over a version the post no longer has: the post now and who changed it. */
  private async conflict(id: number, manager: EntityManager): Promise<DomainError> {
    const current = await this.get(id);
    const changed = await lastChangeOf(manager, 'posts', id);
    if (!changed) return DomainError.notFound('Post');
    return DomainError.versionConflict('post', current.version, { current, changed });
  }

  /**
   * Moves the post to the trash (`TrashService` restores it or deletes it for good): it leaves every
   * public read and the admin list at once; 404 for a post unknown or already in the trash.
   */
  async remove(id: number): Promise<Ok> {
    const before = await this.postEvents.stateOf(id);
    // Raw SQL: trashing is no edit, so `updated_at` (and the post's place in the lists once restored) stays.
    const trashed = await rowsWritten(
      this.posts,
      `UPDATE posts SET deleted_at = now() WHERE id = $1 AND ${livePostSql('posts')}`,
      [id],
    );
    if (!trashed) throw DomainError.notFound('Post');
    await this.postEvents.trashed(before);
    return OK;
  }

  private columnsOf(fields: PostFields): PostColumns {
    return {
      category_id: fields.category_id,
      title: fields.title,
      slug: fields.slug,
      content: fields.content,
      short_content: fields.short_content,
      thumbnail: fields.thumbnail ?? null,
      meta_title: fields.meta_title,
      meta_description: fields.meta_description,
      meta_keywords: fields.meta_keywords,
      status: fields.status,
      // Absent: the column's default on create, kept by an update.
      ...(fields.language ? { language: fields.language } : {}),
    };
  }

  private async requireCategory(categoryId: number, manager: EntityManager): Promise<void> {
    if (!(await manager.existsBy(CategoryEntity, { id: categoryId }))) throw DomainError.invalid([UNKNOWN_CATEGORY]);
  }

  /**
   * The constraints judge: a taken slug is a 409 (no SELECT before, which two saves could race
   * past); a category deleted since `requireCategory` is a 400, as if it never existed.
   */
  private async saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await conflictOnUnique(write, { UQ_posts_slug: SLUG_TAKEN });
    } catch (error) {
      const violation = constraintViolationOf(error);
      if (violation?.code === PG_ERROR.foreignKeyViolation && violation.constraint === 'FK_posts_category') {
        throw DomainError.invalid([UNKNOWN_CATEGORY]);
      }
      throw error;
    }
  }
}

/**
 * An import keeps its source's dates, so the lists keep the old site's order (not the order of the
 * import): the source's last change becomes the post's `updated_at`, and its `created_at` (`createdAt`
 * until now) moves back to it when it is earlier. Without `sourceUpdatedAt`, `post` as it is.
 */
function withSourceDates(post: PreparedPost, createdAt: Date, sourceUpdatedAt?: string): PreparedPost {
  if (!sourceUpdatedAt) return post;
  const updatedAt = new Date(sourceUpdatedAt);
  return { ...post, updated_at: updatedAt, created_at: updatedAt < createdAt ? updatedAt : createdAt };
}
