import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import {
  categoryPath,
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
  type TranslationLink,
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
import { DomainError, SiteLanguages, UploadedImageSizes } from '@blog/api/core';
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
    private readonly languages: SiteLanguages,
  ) {}

  /** The newest visible posts in `lang` (absent: the site's default language). */
  async home(lang?: Language): Promise<HomeData> {
    const language = await this.languages.ofRead(lang);
    const posts = await this.newestFirst(this.cards(language)).limit(HOME_POSTS_COUNT).getMany();
    return { posts: await this.toCards(posts) };
  }

  /** The visible post of `slug` in `lang`, with the versions readers may read in the other languages. */
  async detail(slug: string, lang?: Language): Promise<PostDetail> {
    const language = await this.languages.ofRead(lang);
    const post = await this.visible(language).andWhere('post.slug = :slug', { slug }).getOne();
    if (!post) throw DomainError.notFound('Post');
    return this.toDetail(post);
  }

  /**
   * A post as its page shows it: its thumbnail's size, the images in its text made responsive, and its
   * translations that readers may read now (visible, in a language the site runs).
   */
  async toDetail(post: PostWithCategory): Promise<PostDetail> {
    const [thumbnailSize, content, translations] = await Promise.all([
      this.imageSizes.of(post.thumbnail),
      withResponsiveImages(post.content, (names) => this.imageSizes.ofMany(names)),
      this.translationsOf(post),
    ]);
    return toPostDetail({ ...post, content }, thumbnailSize, translations);
  }

  private async translationsOf(post: Pick<PostEntity, 'id' | 'translation_group'>): Promise<TranslationLink[]> {
    if (post.translation_group === null) return [];
    const { languages } = await this.languages.settings();
    const versions = await this.posts
      .createQueryBuilder('post')
      .select(['post.id', 'post.language', 'post.slug', 'post.title'])
      .where(visiblePostSql('post'))
      .andWhere('post.translation_group = :group AND post.id <> :id', { group: post.translation_group, id: post.id })
      .andWhere('post.language IN (:...languages)', { languages })
      .orderBy('post.language')
      .getMany();
    return this.languages.linksTo(versions, postPath);
  }

  /**
   * Where an old post address (`slug` in `lang`) leads: the post's current slug and language when the
   * post is visible; null when no post left that address, when that post is not visible, or when a post
   * (hidden or not) has that address now (the live one wins: its own page answers, or stays a 404).
   */
  async resolvePostSlug(oldSlug: string, lang?: Language): Promise<SlugAddress | null> {
    const language = await this.languages.ofRead(lang);
    const row = await this.history
      .createQueryBuilder('history')
      .innerJoin('history.post', 'post')
      .select('post.slug', 'slug')
      .addSelect('post.language', 'language')
      .where('history.slug = :oldSlug AND history.language = :language', { oldSlug, language })
      .andWhere('history.post_id IS NOT NULL')
      .andWhere(visiblePostSql('post'))
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM posts live
                      WHERE live.slug = :oldSlug AND live.language = :language AND ${livePostSql('live')})`,
      )
      .getRawOne<SlugAddress>();
    return row ?? null;
  }

  /** `resolvePostSlug` for the tRPC door, with the post's address: 404 when the old address leads nowhere. */
  async redirect(oldSlug: string, lang?: Language): Promise<LanguageRedirect> {
    const target = await this.resolvePostSlug(oldSlug, lang);
    if (target === null) throw DomainError.notFound('Post');
    return { ...target, path: await this.languages.pathIn(postPath(target.slug), target.language) };
  }

  async recent(lang?: Language): Promise<PostLink[]> {
    const language = await this.languages.ofRead(lang);
    // Every post page reads them: kept until posts change (a scheduled post's time counts as a change).
    return this.sharedReads.read(`posts.recent.${language}`, ['posts'], async () => {
      const posts = await this.newestFirst(
        this.posts
          .createQueryBuilder('post')
          .select(['post.id', 'post.slug', 'post.title'])
          .where(visiblePostSql('post'))
          .andWhere('post.language = :language', { language }),
      )
        .limit(RECENT_POSTS_COUNT)
        .getMany();
      return posts.map(toPostLink);
    });
  }

  async page(page: number, lang?: Language): Promise<PostsPage> {
    const language = await this.languages.ofRead(lang);
    return this.paginate(this.cards(language), page, this.visibleCount({ language }));
  }

  /** A page of the visible posts of the category `slug` in `lang`, with the category and its translations. */
  async byCategory(slug: string, page: number, lang?: Language): Promise<CategoryPostsPage> {
    const language = await this.languages.ofRead(lang);
    const category = await this.categories.findOne({
      where: { slug, language },
      select: ['id', 'name', 'slug', 'language', 'translation_group'],
    });
    if (!category) throw DomainError.notFound('Category');
    const [result, translations] = await Promise.all([
      this.paginate(
        this.cards(language).andWhere('post.category_id = :categoryId', { categoryId: category.id }),
        page,
        this.visibleCount({ categoryId: category.id }),
      ),
      this.categoryTranslationsOf(category),
    ]);
    const { id, name } = category;
    return { category_name: [{ name }], ...result, category: { id, name, slug, language, translations } };
  }

  private async categoryTranslationsOf(category: CategoryEntity): Promise<TranslationLink[]> {
    if (category.translation_group === null) return [];
    const { languages } = await this.languages.settings();
    const versions = await this.categories
      .createQueryBuilder('category')
      .select(['category.id', 'category.language', 'category.slug', 'category.name'])
      .where('category.translation_group = :group AND category.id <> :id', {
        group: category.translation_group,
        id: category.id,
      })
      .andWhere('category.language IN (:...languages)', { languages })
      .orderBy('category.language')
      .getMany();
    return this.languages.linksTo(
      versions.map(({ id, language, slug, name }) => ({ id, language, slug, title: name })),
      categoryPath,
    );
  }

  /** The posts related to a visible post (RELATED_SQL), as cards; 404 when the post is unknown or not visible. */
  async related(slug: string, lang?: Language): Promise<PostCard[]> {
    const language = await this.languages.ofRead(lang);
    const rows: Array<{ id: number }> = await this.posts.query(RELATED_SQL, [slug, RELATED_POSTS_COUNT, language]);
    if (rows.length === 0) {
      // No related post, or no such visible post: only then is it worth asking which.
      const exists = await this.visible(language).andWhere('post.slug = :slug', { slug }).select('post.id').getExists();
      if (!exists) throw DomainError.notFound('Post');
      return [];
    }
    const ids = rows.map((row) => row.id);
    const posts = await this.cards(language).andWhere('post.id IN (:...ids)', { ids }).getMany();
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

  /** Full-text search over the posts in `lang`, title, short content and content, best matches first (see SEARCH_SQL). */
  async search(term: string, lang?: Language): Promise<PostCard[]> {
    const language = await this.languages.ofRead(lang);
    const tsquery = toPrefixTsQuery(term);
    if (!tsquery) return [];
    const rows: PostCardRow[] = await this.posts.query(SEARCH_SQL, [tsquery, SEARCH_RESULTS_LIMIT, language]);
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

  /** Visible posts with their category; in `language` when it is given. */
  private visible(language?: Language): SelectQueryBuilder<PostWithCategory> {
    const query = this.posts
      .createQueryBuilder('post')
      .innerJoinAndSelect('post.category', 'category')
      .where(visiblePostSql('post')) as SelectQueryBuilder<PostWithCategory>;
    return language ? query.andWhere('post.language = :language', { language }) : query;
  }

  /** Visible posts with their category, loading only what their cards show; in `language` when it is given. */
  private cards(language?: Language): SelectQueryBuilder<PostWithCategory> {
    const columns = POST_CARD_COLUMNS.map((column) => `post.${column}`);
    return this.visible(language).select([...columns, 'category.id', 'category.slug', 'category.name']);
  }

  /**
   * How many posts are visible, in one language or in one category. Counting them would grow with the
   * posts; a trigger keeps the number of shown posts published or scheduled, out of the trash, per category
   * (migrations FastPublicReads1764100000000, Publication1764640000000, Trash1764710000000), less the few
   * scheduled ones still to come. A language's posts are those of its categories (a post's category is in
   * its language: migration Languages1795880000000).
   */
  private async visibleCount(of: { language: Language } | { categoryId: number }): Promise<number> {
    const categoryId = 'categoryId' in of ? of.categoryId : null;
    const language = 'language' in of ? of.language : null;
    const rows: Array<{ total: number }> = await this.posts.query(
      `SELECT (SELECT COALESCE(sum(counts.visible), 0) FROM category_post_counts counts
                JOIN categories category ON category.id = counts.category_id
               WHERE ($1::int IS NULL OR counts.category_id = $1) AND ($2::varchar IS NULL OR category.language = $2))::int
            - (SELECT count(*) FROM posts
               WHERE status = ${POST_STATUS.visible} AND published_at > now() AND ${livePostSql('posts')}
                 AND ($1::int IS NULL OR category_id = $1) AND ($2::varchar IS NULL OR language = $2))::int AS total`,
      [categoryId, language],
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
