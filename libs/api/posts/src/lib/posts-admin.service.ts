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
  LANGUAGE_NAMES,
  type Language,
  type Ok,
  type postInputSchema,
  type Saved,
} from '@blog/contracts';
import {
  clearAutosaveAfterSave,
  CategoryEntity,
  lastChangeOf,
  insertVersion,
  likePattern,
  adminTranslationsOf,
  freeSlugIn,
  groupOf,
  missingTranslationSql,
  livePostSql,
  PostEntity,
  publishedAtColumn,
  rowsWritten,
  StaleVersion,
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

const SLUG_TAKEN = { field: 'slug', message: 'Another post in this language already uses this slug' };
const LANGUAGE_TAKEN = { field: 'language', message: 'Its translation group has a post in this language already' };

const UNKNOWN_CATEGORY = { field: 'category_id', message: 'No category has this id' };
const categoryInOtherLanguage = (language: Language) => ({
  field: 'category_id',
  message: `The category is in ${LANGUAGE_NAMES[language]}: a post's category must be in its language`,
});

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
  // Not shown: the row's translations are read by it.
  'translation_group',
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
    private readonly languages: SiteLanguages,
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
    if (filter.language) query.andWhere('post.language = :language', { language: filter.language });
    if (filter.missing_translation) {
      // Some other language the site runs has no version of it out of the trash (a post in no group has none).
      const { languages } = await this.languages.settings();
      query.andWhere(missingTranslationSql('posts', 'post', ':languages'), { languages });
    }
    if (filter.page) query.offset((filter.page - 1) * ADMIN_POSTS_PAGE_SIZE).limit(ADMIN_POSTS_PAGE_SIZE);
    const [posts, total] = await query.getManyAndCount();
    const translations = await adminTranslationsOf(this.posts.manager, 'posts', posts);
    return {
      rows: (posts as PostWithCategory[]).map((post) => toAdminPostRow(post, translations.get(post.id))),
      total,
    };
  }

  /**
   * A draft in `language` pre-filled from the post `id` (title, texts, SEO fields, thumbnail and its alt),
   * linked to it (their group made when it has none), under the same slug unless that language has it
   * (then `-2`, `-3`…), in the translation of its category in `language`, made (same name, slug and
   * description) when there is none. 400 naming `language` for the post's own language or one the site does
   * not run; 409 naming `language` when the group has a version in it already.
   */
  async translate(id: number, language: Language, origin: ChangeOrigin): Promise<AdminPost> {
    const source = await this.posts.findOne({ where: { id, deleted_at: IsNull() }, relations: { category: true } });
    if (!source) throw DomainError.notFound('Post');
    await this.languages.ofWrite(language);
    if (language === source.language) {
      throw DomainError.invalid([{ field: 'language', message: 'must be another language than the post’s own' }]);
    }
    const translationId = await conflictOnUnique(
      () =>
        this.posts.manager.transaction(async (manager) => {
          const group = await groupOf(manager, 'posts', source.id, source.translation_group);
          if (await manager.existsBy(PostEntity, { translation_group: group, language, deleted_at: IsNull() })) {
            throw new DomainError('CONFLICT', LANGUAGE_TAKEN.message, [LANGUAGE_TAKEN]);
          }
          const category = await this.categoryIn(manager, (source as PostWithCategory).category, language, origin);
          const slug = await freeSlugIn(manager, 'posts', source.slug, language);
          const post = preparePost({
            category_id: category,
            language,
            translation_group: group,
            title: source.title,
            slug,
            content: source.content,
            short_content: source.short_content,
            thumbnail: source.thumbnail,
            thumbnail_alt: source.thumbnail_alt,
            meta_title: source.meta_title,
            meta_description: source.meta_description,
            meta_keywords: source.meta_keywords,
            status: POST_STATUS.visible,
            published_at: null,
            color: source.color,
            price: source.price,
            comments_open: source.comments_open,
          });
          return insertPost(manager, post, origin);
        }),
      { UQ_posts_translation: LANGUAGE_TAKEN, UQ_posts_slug: SLUG_TAKEN },
    );
    await this.postEvents.saved(null, await this.postEvents.stateOf(translationId));
    return this.get(translationId);
  }

  /** The id of the version of `category` in `language`, made (linked to it) when there is none. */
  private async categoryIn(
    manager: EntityManager,
    category: CategoryEntity,
    language: Language,
    origin: ChangeOrigin,
  ): Promise<number> {
    if (category.translation_group !== null) {
      const version = await manager.findOneBy(CategoryEntity, {
        translation_group: category.translation_group,
        language,
      });
      if (version) return version.id;
    }
    const group = await groupOf(manager, 'categories', category.id, category.translation_group);
    const taken = await manager.existsBy(CategoryEntity, { slug: category.slug, language });
    // As the categories' own write path (`insertCategory`), which a domain may not import.
    return insertVersion(
      manager,
      CategoryEntity,
      {
        name: category.name,
        slug: taken ? `${category.slug}-${language}` : category.slug,
        description: category.description,
        subscribable: category.subscribable,
        language,
        translation_group: group,
      },
      origin,
    );
  }

  /**
   * Makes the posts `id` and `translationId` versions of each other (with the versions each has): 404 when
   * either is missing or trashed, 409 naming `translation_id` when they share a language or a group would
   * hold two of one language.
   */
  async linkTranslation(id: number, translationId: number): Promise<AdminPost> {
    const before = await this.postEvents.stateOf(id);
    await linkTranslationsOrRefuse(this.posts.manager, 'posts', id, translationId, 'Post');
    await this.postEvents.saved(before, await this.postEvents.stateOf(id));
    return this.get(id);
  }

  /** Takes the post `id` out of its translation group (a group left with one post is dissolved). */
  async unlinkTranslation(id: number): Promise<AdminPost> {
    const before = await this.postEvents.stateOf(id);
    await unlinkTranslationOrRefuse(this.posts.manager, 'posts', id, 'Post');
    await this.postEvents.saved(before, await this.postEvents.stateOf(id));
    return this.get(id);
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
    return toAdminPost(
      post as PostWithCategory,
      (await adminTranslationsOf(this.posts.manager, 'posts', [post])).get(id),
    );
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
    const language = await this.languages.ofWrite(fields.language);
    const post = preparePost({
      ...this.columnsOf(fields),
      language,
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
    await this.requireCategory(fields.category_id, language, manager);
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
    const found = await transaction.findOne(PostEntity, {
      select: { id: true, created_at: true, language: true },
      where: { id, deleted_at: IsNull() },
    });
    if (!found) throw DomainError.notFound('Post');
    columns.language = await this.languages.ofWrite(fields.language, found.language);
    const post = preparePost(columns);
    await this.requireCategory(fields.category_id, columns.language, transaction);
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
    };
  }

  /** The post's category exists (400 naming `category_id`), and is in the post's `language` (400 too). */
  private async requireCategory(categoryId: number, language: Language, manager: EntityManager): Promise<void> {
    const category = await manager.findOne(CategoryEntity, { select: ['id', 'language'], where: { id: categoryId } });
    if (!category) throw DomainError.invalid([UNKNOWN_CATEGORY]);
    if (category.language !== language) throw DomainError.invalid([categoryInOtherLanguage(category.language)]);
  }

  /**
   * The constraints judge: a taken slug is a 409 (no SELECT before, which two saves could race
   * past); a category deleted since `requireCategory` is a 400, as if it never existed.
   */
  private async saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await conflictOnUnique(write, { UQ_posts_slug: SLUG_TAKEN, UQ_posts_translation: LANGUAGE_TAKEN });
    } catch (error) {
      const violation = constraintViolationOf(error);
      if (violation?.code === PG_ERROR.foreignKeyViolation && violation.constraint === 'FK_posts_category') {
        throw DomainError.invalid([UNKNOWN_CATEGORY]);
      }
      // A category that changed language since `requireCategory`.
      if (violation?.constraint === 'FK_posts_category_language') {
        throw DomainError.invalid([{ field: 'category_id', message: 'The category is in another language' }]);
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
