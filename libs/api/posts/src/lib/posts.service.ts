import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import {
  DEFAULT_LANGUAGE,
  languagePath,
  postPath,
  HOME_POSTS_COUNT,
  POST_STATUS,
  POSTS_PAGE_SIZE,
  RECENT_POSTS_COUNT,
  RELATED_POSTS_COUNT,
  SEARCH_RESULTS_LIMIT,
  type CategoryPostsPage,
  type HomeData,
  type Language,
  type PostCard,
  type PostDetail,
  type PostLink,
  type PostsPage,
  type LanguageRedirect,
} from '@blog/contracts';
import {
  CategoryEntity,
  livePostSql,
  PostEntity,
  SharedReads,
  shownCommentSql,
  SlugHistoryEntity,
  type SlugAddress,
  toPrefixTsQuery,
  visiblePostSql,
} from '@blog/api/data';
import { DomainError, UploadedImageSizes } from '@blog/api/core';
import { withResponsiveImages } from '@blog/shared/html/responsive-images';
import {
  POST_CARD_COLUMNS,
  toPostCard,
  toPostDetail,
  toPostLink,
  type PostCardSource,
  type PostWithCategory,
} from './post-mappers';
import { RELATED_SQL, SEARCH_SQL, type PostCardRow } from './search-query';

/** Public reads of posts. Hidden, draft and scheduled posts never leave this service (`visiblePostSql`). */
@Injectable()
export class PostsService {
  constructor(
    @InjectRepository(PostEntity) private readonly posts: Repository<PostEntity>,
    @InjectRepository(CategoryEntity) private readonly categories: Repository<CategoryEntity>,
    @InjectRepository(SlugHistoryEntity) private readonly history: Repository<SlugHistoryEntity>,
    private readonly imageSizes: UploadedImageSizes,
    private readonly sharedReads: SharedReads,
  ) {}

  async home(lang?: Language): Promise<HomeData> {
    const posts = await this.newestFirst(this.cards()).limit(HOME_POSTS_COUNT).getMany();
    return { posts: await this.toCards(posts) };
  }

  async detail(slug: string, lang?: Language): Promise<PostDetail> {
    const post = await this.visible().andWhere('post.slug = :slug', { slug }).getOne();
    if (!post) throw DomainError.notFound('Post');
    return this.toDetail(post);
  }

  /** A post as its page shows it: its thumbnail's size, and the images in its text made responsive. */
  async toDetail(post: PostWithCategory): Promise<PostDetail> {
    const [thumbnailSize, content] = await Promise.all([
      this.imageSizes.of(post.thumbnail),
      withResponsiveImages(post.content, (names) => this.imageSizes.ofMany(names)),
    ]);
    return toPostDetail({ ...post, content }, thumbnailSize);
  }

  /**
   * Where an old post slug leads: the post's current slug when the post is visible; null when no
   * post left that slug, when that post is not visible, or when a post (hidden or not) has that slug now
   * (the live one wins: its own page answers, or stays a 404).
   */
  async resolvePostSlug(oldSlug: string, lang?: Language): Promise<SlugAddress | null> {
    void lang;
    const row = await this.history
      .createQueryBuilder('history')
      .innerJoin('history.post', 'post')
      .select('post.slug', 'slug')
      .addSelect('post.language', 'language')
      .where('history.slug = :oldSlug', { oldSlug })
      .andWhere('history.post_id IS NOT NULL')
      .andWhere(visiblePostSql('post'))
      .andWhere(`NOT EXISTS (SELECT 1 FROM posts live WHERE live.slug = :oldSlug AND ${livePostSql('live')})`)
      .getRawOne<SlugAddress>();
    return row ?? null;
  }

  /** `resolvePostSlug` for the tRPC door: 404 when the slug leads nowhere. */
  async redirect(oldSlug: string, lang?: Language): Promise<LanguageRedirect> {
    const target = await this.resolvePostSlug(oldSlug, lang);
    if (target === null) throw DomainError.notFound('Post');
    return { ...target, path: languagePath(postPath(target.slug), target.language, DEFAULT_LANGUAGE) };
  }

  recent(lang?: Language): Promise<PostLink[]> {
    // Every post page reads them: kept until posts change (a scheduled post's time counts as a change).
    return this.sharedReads.read('posts.recent', ['posts'], async () => {
      const posts = await this.newestFirst(
        this.posts
          .createQueryBuilder('post')
          .select(['post.id', 'post.slug', 'post.title'])
          .where(visiblePostSql('post')),
      )
        .limit(RECENT_POSTS_COUNT)
        .getMany();
      return posts.map(toPostLink);
    });
  }

  page(page: number, lang?: Language): Promise<PostsPage> {
    return this.paginate(this.cards(), page, this.visibleCount());
  }

  async byCategory(slug: string, page: number, lang?: Language): Promise<CategoryPostsPage> {
    const category = await this.categories.findOne({ where: { slug }, select: ['id', 'name', 'slug', 'language'] });
    if (!category) throw DomainError.notFound('Category');
    const result = await this.paginate(
      this.cards().andWhere('post.category_id = :categoryId', { categoryId: category.id }),
      page,
      this.visibleCount(category.id),
    );
    const { id, name, language } = category;
    return {
      category_name: [{ name }],
      ...result,
      category: { id, name, slug: category.slug, language, translations: [] },
    };
  }

  /** The posts related to a visible post (RELATED_SQL), as cards; 404 when the post is unknown or not visible. */
  async related(slug: string, lang?: Language): Promise<PostCard[]> {
    const rows: Array<{ id: number }> = await this.posts.query(RELATED_SQL, [slug, RELATED_POSTS_COUNT]);
    if (rows.length === 0) {
      // No related post, or no such visible post: only then is it worth asking which.
      const exists = await this.visible().andWhere('post.slug = :slug', { slug }).select('post.id').getExists();
      if (!exists) throw DomainError.notFound('Post');
      return [];
    }
    const ids = rows.map((row) => row.id);
    const posts = await this.cards().andWhere('post.id IN (:...ids)', { ids }).getMany();
    posts.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    return this.toCards(posts);
  }

  /** The visible posts among `ids`, as cards, in the order of `ids` (the others are left out). */
  async cardsOf(ids: readonly number[]): Promise<PostCard[]> {
    if (ids.length === 0) return [];
    const posts = await this.cards().andWhere('post.id IN (:...ids)', { ids }).getMany();
    posts.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    return this.toCards(posts);
  }

  /** Full-text search over title, short content and content, best matches first (see SEARCH_SQL). */
  async search(term: string, lang?: Language): Promise<PostCard[]> {
    const tsquery = toPrefixTsQuery(term);
    if (!tsquery) return [];
    const rows: PostCardRow[] = await this.posts.query(SEARCH_SQL, [
      tsquery,
      SEARCH_RESULTS_LIMIT,
      lang ?? DEFAULT_LANGUAGE,
    ]);
    return this.toCards(
      rows.map(({ category_slug, category_name, ...post }) => ({
        ...post,
        category: { slug: category_slug, name: category_name },
      })),
    );
  }

  /** Cards with their thumbnails' sizes and their shown comments' count (read for the whole list at once). */
  private async toCards(posts: PostCardSource[]): Promise<PostCard[]> {
    const ids = posts.map((post) => post.id);
    const [sizes, counts] = await Promise.all([
      this.imageSizes.ofMany(posts.map((post) => post.thumbnail)),
      ids.length === 0
        ? []
        : this.posts.query<Array<{ post_id: number; count: number }>>(
            `SELECT comment.post_id, count(*)::int AS count FROM comments comment
              WHERE comment.post_id = ANY($1) AND ${shownCommentSql('comment')} GROUP BY comment.post_id`,
            [ids],
          ),
    ]);
    const commentCounts = new Map(counts.map((row) => [row.post_id, row.count]));
    return posts.map((post) =>
      toPostCard(post, (post.thumbnail && sizes.get(post.thumbnail)) || null, commentCounts.get(post.id) ?? 0),
    );
  }

  private visible(): SelectQueryBuilder<PostWithCategory> {
    return this.posts
      .createQueryBuilder('post')
      .innerJoinAndSelect('post.category', 'category')
      .where(visiblePostSql('post')) as SelectQueryBuilder<PostWithCategory>;
  }

  /** Visible posts with their category, loading only what their cards show. */
  private cards(): SelectQueryBuilder<PostWithCategory> {
    const columns = POST_CARD_COLUMNS.map((column) => `post.${column}`);
    return this.visible().select([...columns, 'category.id', 'category.slug', 'category.name']);
  }

  /**
   * How many posts are visible, overall or in one category. Counting them would grow with the
   * posts; a trigger keeps the number of shown posts published or scheduled, out of the trash, per category
   * (migrations FastPublicReads1764100000000, Publication1764640000000, Trash1764710000000), less the few scheduled ones still to come.
   */
  private async visibleCount(categoryId?: number): Promise<number> {
    const rows: Array<{ total: number }> = await this.posts.query(
      `SELECT (SELECT COALESCE(sum(visible), 0) FROM category_post_counts WHERE $1::int IS NULL OR category_id = $1)::int
            - (SELECT count(*) FROM posts
               WHERE status = ${POST_STATUS.visible} AND published_at > now() AND ${livePostSql('posts')}
                 AND ($1::int IS NULL OR category_id = $1))::int AS total`,
      [categoryId ?? null],
    );
    return rows[0].total;
  }

  /** Newest first (by `listed_at`: a scheduled post comes out at the top); the id breaks ties so pages never overlap. */
  private newestFirst<T extends PostEntity>(query: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
    return query.orderBy('post.listed_at', 'DESC').addOrderBy('post.id', 'DESC');
  }

  private async paginate(
    query: SelectQueryBuilder<PostWithCategory>,
    page: number,
    count: Promise<number>,
  ): Promise<PostsPage> {
    const [posts, total] = await Promise.all([
      this.newestFirst(query)
        .offset((page - 1) * POSTS_PAGE_SIZE)
        .limit(POSTS_PAGE_SIZE)
        .getMany(),
      count,
    ]);
    return { posts: await this.toCards(posts), total };
  }
}
