import { shownCommentSql, visiblePostSql } from '@blog/api/data';
import { DEFAULT_LANGUAGE, LANGUAGES, POST_PAGE_IDENTITY_FIELDS, type RenderedPage } from '@blog/contracts';
import type { DataSource } from 'typeorm';
import type { LayoutParts } from './nonced-body';
import { storedPageFromBytes, type StoredPage } from './page-cache';

/** A page read from the store. */
export interface StoreHit {
  page: StoredPage;
  /** Its post is as rendered, but a table it also read (categories, the other posts) changed since: render it again. */
  stale: boolean;
}

/**
 * A digest of what a post page's own part shows from other records than its post, as they are now:
 * the site's identity (`POST_PAGE_IDENTITY_FIELDS`: its title, tags and byline), the versions of the
 * posts it shows (every save bumps one: the related posts' cards), their categories' names and
 * addresses (the breadcrumb, the cards) and their shown comments (the post's thread, the counts on the
 * cards: how many, and the last change of one), and the post's translations the public may read (the
 * switcher and the head's alternates: one published, or linked, makes the page stale as one hidden
 * does). `postId` and `postIds` are SQL expressions of the page's post and of the other posts it shows.
 */
function shownSql(postId: string, postIds: string): string {
  const identity = POST_PAGE_IDENTITY_FIELDS.map((field) => `info."${field}"`).join(', ');
  return `md5(concat_ws('|',
    (SELECT row(${identity})::text FROM general_info info ORDER BY info.id LIMIT 1),
    (SELECT string_agg(concat_ws(':', shown.id, shown.version, category.name, category.slug,
              (SELECT concat(count(*), '@', max(comment.updated_at)) FROM comments comment
                WHERE comment.post_id = shown.id AND ${shownCommentSql('comment')})), ',' ORDER BY shown.id)
       FROM posts shown JOIN categories category ON category.id = shown.category_id
      WHERE shown.id = ${postId} OR shown.id = ANY(${postIds})),
    (SELECT string_agg(concat_ws(':', translation.id, translation.version), ',' ORDER BY translation.id)
       FROM posts post JOIN posts translation ON translation.translation_group = post.translation_group
      WHERE post.id = ${postId} AND translation.id <> post.id AND ${visiblePostSql('translation')})))`;
}

/** The page kept for `$1` by the build `$2`, while it may be served (`RenderedPageStore`). */
const SERVABLE_PAGE_SQL = `FROM rendered_pages page JOIN posts post ON post.id = page.post_id
  WHERE page.key = $1 AND page.build = $2 AND post.version = page.post_version AND ${visiblePostSql('post')}
    AND page.shown = ${shownSql('page.post_id', 'page.post_ids')}
    AND NOT EXISTS (
      SELECT FROM unnest(page.post_ids) AS shown (id)
       WHERE NOT EXISTS (SELECT FROM posts other WHERE other.id = shown.id AND ${visiblePostSql('other')}))`;

/**
 * Only a post's own address (`/{slug}`, `/vi/{slug}` in another language than the default) is kept:
 * the pages a crawler walks by the thousand.
 */
const POST_PAGE_KEY = new RegExp(`^(?:/(?:${LANGUAGES.join('|')}))?/[^/?]+$`);

/**
 * The rendered post pages, kept in PostgreSQL for every instance (migration `RenderedPages…`): the
 * second tier behind each instance's memory cache, large enough for every post of the site. A page
 * is read only while its post is visible and at the version it was rendered from, while every other
 * post it shows (related posts) is visible too, while what its own part shows from other records
 * (`shownSql`: the site's name and author, its category's name, the related posts' cards, the
 * comments) is as it
 * was, and only by the web build that rendered it. One rendered before another change of a table it
 * read (a post published elsewhere, a category added: what only the layout's parts or no part show)
 * is still served, marked stale (the pages middleware renders it again once it is read twice). Kept as
 * the memory cache keeps it: gzip in segments, a fresh nonce per answer, without the layout's shared
 * parts (header, sidebar, footer), which each answer puts in as the instance last rendered them.
 */
export class RenderedPageStore {
  /** When each table last changed, as this instance heard; until it heard, when it started (it may have missed some). */
  private readonly changedAt = new Map<string, number>();
  private readonly startedAt = Date.now();

  constructor(
    private readonly dataSource: DataSource,
    /** The web build's id (`pageRendererBuild`): the pages of another build are not read. */
    private readonly build: string,
    /** The layout's parts a page read back for a key is sent with (`PageCache.layoutOf`: its language's). */
    private readonly layout: (key: string) => LayoutParts | null,
  ) {}

  /** Whether `key` is a page the store may hold. */
  holds(key: string): boolean {
    return POST_PAGE_KEY.test(key);
  }

  /** Told of every change announced (on every instance): the pages rendered before it that read `table` are stale. */
  markChanged(table: string): void {
    this.changedAt.set(table, Date.now());
  }

  async read(key: string): Promise<StoreHit | null> {
    const rows: Array<{ etag: string; body: Buffer; tables: string[]; rendered_at: Date; post_ids: number[] }> =
      await this.dataSource.query(
        `SELECT page.etag, page.body, page.tables, page.rendered_at, page.post_ids ${SERVABLE_PAGE_SQL}`,
        [key, this.build],
      );
    const row = rows[0];
    const page = row && storedPageFromBytes(row.body, row.etag, row.tables, row.post_ids, () => this.layout(key));
    if (!page) return null;
    const renderedAt = row.rendered_at.getTime();
    // A change in the millisecond the rendering started may not be in it.
    const stale = row.tables.some((table) => renderedAt <= (this.changedAt.get(table) ?? this.startedAt));
    return { page, stale };
  }

  /**
   * Whether `page` (a stale post page kept in memory for `key`) is the rendering kept here and may
   * still be served as `read` would: a page whose own part shows what changed since is not.
   */
  async stillShows(key: string, page: StoredPage): Promise<boolean> {
    const rows = await this.dataSource.query(`SELECT 1 ${SERVABLE_PAGE_SQL} AND page.etag = $3`, [
      key,
      this.build,
      page.bodyEtag,
    ]);
    return rows.length > 0;
  }

  /**
   * Keeps `page`, rendered at `renderedAt` from `post`, unless the post changed since it was read
   * (another version is kept then by its own rendering) or a later rendering is kept already. What
   * it shows from other records is digested as it is now: a change during its rendering is served
   * once, stale, then the page is rendered again.
   */
  async write(
    key: string,
    page: StoredPage,
    post: NonNullable<RenderedPage['post']>,
    renderedAt: number,
  ): Promise<void> {
    if (!this.holds(key) || page.status !== 200) return;
    await this.dataSource.query(
      `WITH rendered AS (
         SELECT post.id, post.version FROM posts post
          WHERE post.id = $3 AND date_trunc('milliseconds', post.updated_at) = $4::timestamptz
       ), moved AS (
         -- A post has one page: its address before a change of slug is not kept.
         DELETE FROM rendered_pages WHERE post_id = $3 AND key <> $1
       )
       INSERT INTO rendered_pages (key, build, post_id, post_version, rendered_at, tables, etag, body, post_ids, shown)
       SELECT $1, $2, rendered.id, rendered.version, $5, $6, $7, $8, $9, ${shownSql('$3', '$9::int[]')} FROM rendered
       ON CONFLICT (key) DO UPDATE SET
         build = EXCLUDED.build, post_id = EXCLUDED.post_id, post_version = EXCLUDED.post_version,
         rendered_at = EXCLUDED.rendered_at, tables = EXCLUDED.tables, etag = EXCLUDED.etag, body = EXCLUDED.body,
         post_ids = EXCLUDED.post_ids, shown = EXCLUDED.shown
       WHERE rendered_pages.rendered_at <= EXCLUDED.rendered_at`,
      [
        key,
        this.build,
        post.id,
        post.updatedAt,
        new Date(renderedAt),
        [...page.tables],
        page.bodyEtag,
        page.toBytes(),
        page.postIds,
      ],
    );
  }

  /**
   * Up to `limit` visible posts whose page is not kept at their version by this build, newest first,
   * after `after`, with their page's key: `/{slug}` in the site's default language, `/{language}/{slug}`
   * in another one the site runs (a post in a language it does not run has no page).
   */
  async postsToRender(limit: number, after?: PostCursor): Promise<Array<PostCursor & { key: string }>> {
    const rows: Array<{ id: number; key: string; listed_at: Date }> = await this.dataSource.query(
      `WITH site AS (
         -- Without General information: every language, the default one's (as \`SiteLanguages\` reads it).
         SELECT coalesce(info.default_language, $5) AS default_language,
                coalesce(info.languages, $6::varchar[]) AS languages
           FROM (SELECT 1) AS one
           LEFT JOIN (SELECT default_language, languages FROM general_info ORDER BY id LIMIT 1) AS info ON true
       ), addressed AS (
         SELECT post.id, post.version, post.listed_at,
                CASE WHEN post.language = site.default_language THEN '' ELSE '/' || post.language END
                  || '/' || post.slug AS key
           FROM posts post CROSS JOIN site
          WHERE ${visiblePostSql('post')} AND post.language = ANY(site.languages)
       )
       SELECT post.id, post.key, post.listed_at FROM addressed post
         LEFT JOIN rendered_pages page ON page.key = post.key AND page.build = $1
        WHERE (page.key IS NULL OR page.post_version <> post.version)
          AND ($2::timestamptz IS NULL OR (post.listed_at, post.id) < ($2, $3))
        ORDER BY post.listed_at DESC, post.id DESC
        LIMIT $4`,
      [this.build, after?.listedAt ?? null, after?.id ?? 0, limit, DEFAULT_LANGUAGE, LANGUAGES],
    );
    return rows.map((row) => ({ id: row.id, key: row.key, listedAt: row.listed_at }));
  }

  /** The pages kept by other builds (after a deploy): they are never read again. */
  async dropOtherBuilds(): Promise<void> {
    await this.dataSource.query(`DELETE FROM rendered_pages WHERE build <> $1`, [this.build]);
  }
}

/** Where a walk of the posts, newest first, is. */
export interface PostCursor {
  id: number;
  listedAt: Date;
}
