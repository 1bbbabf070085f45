import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  PORTFOLIO_PATH,
  portfolioFeedTitle,
  PREVIEW_PATH_PREFIX,
  projectPath,
  RSS_POSTS_COUNT,
  RSS_PROJECTS_COUNT,
  SERVICES_PATH,
  SITE_FEED_PATHS,
  SITE_LANGUAGE,
  SITEMAP_FILE_PATHS,
  sitemapPostsPath,
  UPLOAD_IMAGE_TYPES,
  uploadUrl,
} from '@blog/contracts';
import {
  CategoryEntity,
  PostEntity,
  ProjectEntity,
  readSiteIdentity,
  ServiceEntity,
  SharedReads,
  visiblePostSql,
  visibleProjectSql,
  type ContentTable,
} from '@blog/api/data';
import { APP_CONFIG, type AppConfig } from '@blog/api/core';
import { absoluteUrls, cdata, escapeXml } from './xml';

export interface SitemapEntry {
  /** From the site root: `/`, `/category/story`, `/{post slug}`. */
  path: string;
  lastmod: Date;
  /** Paths of the images of the page (a post's thumbnail under `/uploads`). */
  images?: string[];
}

/** Paths a crawler has no business in: sign-in, the back-office, the API doors and internal search results. */
const ROBOTS_DISALLOWED_PAGES = ['/admin', '/login', '/request-password', '/reset-password', '/search'];
const ROBOTS_DISALLOWED_FOLDERS = ['/admin/', '/api/', '/trpc/', PREVIEW_PATH_PREFIX];

/** The type of a stored upload, from the extension `/api/upload` gave it. */
const IMAGE_TYPE_OF_EXTENSION = new Map<string, string>(
  Object.entries(UPLOAD_IMAGE_TYPES).map(([type, extension]) => [extension, type]),
);

const rfc822 = (date: Date) => date.toUTCString();

/** What the sitemap files read: they are kept until one of these changes, as the rendered pages are. */
const SITEMAP_TABLES: readonly ContentTable[] = ['posts', 'categories', 'projects', 'services'];
/** The site's own pages, before the categories and the posts. */
const SITE_PAGES = ['/', '/posts', '/about', '/contact'];

/** A visible project as the sitemap and the portfolio's feed read it. */
interface ProjectRow {
  slug: string;
  title: string;
  summary: string;
  stack: string[];
  cover: string | null;
  published_at: Date;
  /** The later of its last save and its publication. */
  lastmod: Date;
}

/** One item of an RSS channel. */
interface RssItem {
  title: string;
  /** From the site root. */
  path: string;
  published: Date;
  categories: string[];
  /** HTML (a post's short content) or text (a project's summary). */
  description: string;
  /** The whole text, as HTML. */
  content?: string;
  /** A stored upload's name, the item's picture. */
  image: string | null;
}

/** An RSS channel: the site's, or one part of it. */
interface RssChannel {
  title: string;
  /** From the site root: the page the channel is of, and the feed's own address. */
  path: string;
  feedPath: string;
  description: string;
  /** The latest change of what the items show; none without items. */
  lastBuild: Date | null;
  items: RssItem[];
}

/** One file of the posts' part of a sitemap index: its number and the latest change of its posts. */
interface PostsFile {
  file: number;
  lastmod: Date;
}

/**
 * The files crawlers and feed readers read at the site root: the XML sitemap of every public URL
 * (each with the date its content last changed, and its images), `robots.txt` and the RSS feed.
 * Only visible posts appear in them (`visiblePostSql`): no hidden, draft or scheduled one.
 */
@Injectable()
export class SitemapService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(PostEntity) private readonly posts: Repository<PostEntity>,
    @InjectRepository(CategoryEntity) private readonly categories: Repository<CategoryEntity>,
    @InjectRepository(ProjectEntity) private readonly projects: Repository<ProjectEntity>,
    @InjectRepository(ServiceEntity) private readonly services: Repository<ServiceEntity>,
    private readonly sharedReads: SharedReads,
  ) {}

  private get perFile(): number {
    return this.config.sitemapUrlsPerFile;
  }

  async entries(): Promise<SitemapEntry[]> {
    const [posts, categories, portfolio] = await Promise.all([
      this.posts
        .createQueryBuilder('post')
        .select(['post.slug', 'post.listed_at', 'post.category_id', 'post.thumbnail'])
        .where(visiblePostSql('post'))
        .orderBy('post.listed_at', 'DESC')
        .addOrderBy('post.id', 'DESC')
        .getMany(),
      this.categories.find({ select: ['id', 'slug', 'updated_at'], order: { id: 'ASC' } }),
      this.portfolioEntries(),
    ]);
    // A post's page changed when it was last saved or, later, published.
    const siteChanged = latest([
      ...posts.map((post) => post.listed_at),
      ...categories.map((category) => category.updated_at),
    ]);
    const categoryChanged = (category: CategoryEntity) =>
      latest([
        category.updated_at,
        ...posts.filter((post) => post.category_id === category.id).map((post) => post.listed_at),
      ]);
    return [
      ...SITE_PAGES.map((path) => ({ path, lastmod: siteChanged })),
      ...categories.map((category) => ({
        path: `/category/${encodeURIComponent(category.slug)}`,
        lastmod: categoryChanged(category),
      })),
      ...portfolio,
      ...posts.map((post) => this.postEntry(post)),
    ];
  }

  /** `GET /api/sitemap`, tRPC `sitemap.xml` (the admin's screen): every URL in one urlset, with the image extension. */
  async xml(): Promise<string> {
    return this.urlset(await this.entries());
  }

  /**
   * `GET /sitemap.xml`: the one urlset of `xml()` up to SITEMAP_URLS_PER_FILE URLs, else an index of
   * the pages' file and the posts' files, each with its lastmod. Kept until what they list changes.
   */
  rootXml(): Promise<string> {
    return this.sharedReads.read('sitemap.root', SITEMAP_TABLES, async () => {
      const [files, pages] = await Promise.all([this.postsFiles(), this.pageEntries()]);
      const posts = files.reduce((sum, file) => sum + file.count, 0);
      if (pages.length + posts <= this.perFile) return this.xml();
      const pagesLastmod = latest(pages.map((entry) => entry.lastmod));
      return this.index([
        { path: SITEMAP_FILE_PATHS.pages, lastmod: pagesLastmod },
        ...files.map(({ file, lastmod }) => ({ path: sitemapPostsPath(file), lastmod })),
      ]);
    });
  }

  /** `GET /sitemap-pages.xml`: the site's pages, its categories and its portfolio. */
  pagesXml(): Promise<string> {
    return this.sharedReads.read('sitemap.pages', SITEMAP_TABLES, async () => this.urlset(await this.pageEntries()));
  }

  /** `GET /sitemap-posts-{file}.xml`: SITEMAP_URLS_PER_FILE visible posts, oldest first; null past the last file. */
  async postsXml(file: number): Promise<string | null> {
    const files = await this.sharedReads.read('sitemap.files', SITEMAP_TABLES, () => this.postsFiles());
    // Only files that exist are read and kept: an address made up cannot fill the memory.
    if (!files.some((existing) => existing.file === file)) return null;
    return this.sharedReads.read(`sitemap.posts.${file}`, SITEMAP_TABLES, async () => {
      const posts = await this.posts
        .createQueryBuilder('post')
        .select(['post.id', 'post.slug', 'post.listed_at', 'post.thumbnail'])
        .where(visiblePostSql('post'))
        .orderBy('post.id', 'ASC')
        .offset((file - 1) * this.perFile)
        .limit(this.perFile)
        .getMany();
      return this.urlset(posts.map((post) => this.postEntry(post)));
    });
  }

  /** The posts' files: SITEMAP_URLS_PER_FILE visible posts each, by id, with their latest change. */
  private async postsFiles(): Promise<Array<PostsFile & { count: number }>> {
    const rows: Array<{ file: number; lastmod: Date; count: number }> = await this.posts.query(
      `SELECT file, max(listed_at) AS lastmod, count(*)::int AS count
       FROM (SELECT post.listed_at, (row_number() OVER (ORDER BY post.id) - 1) / $1 + 1 AS file
             FROM posts post WHERE ${visiblePostSql('post')}) AS numbered
       GROUP BY file ORDER BY file`,
      [this.perFile],
    );
    return rows.map((row) => ({ file: Number(row.file), lastmod: new Date(row.lastmod), count: row.count }));
  }

  /** The site's pages, the categories and the portfolio, dated by the latest change of what they show. */
  private async pageEntries(): Promise<SitemapEntry[]> {
    const [categories, latestByCategory, portfolio]: [
      CategoryEntity[],
      Array<{ category_id: number; lastmod: Date }>,
      SitemapEntry[],
    ] = await Promise.all([
      this.categories.find({ select: ['id', 'slug', 'updated_at'], order: { id: 'ASC' } }),
      this.posts.query(
        `SELECT post.category_id, max(post.listed_at) AS lastmod FROM posts post
           WHERE ${visiblePostSql('post')} GROUP BY post.category_id`,
      ),
      this.portfolioEntries(),
    ]);
    const postsChanged = new Map(latestByCategory.map((row) => [row.category_id, new Date(row.lastmod)]));
    const categoryChanged = (category: CategoryEntity) =>
      latest([category.updated_at, ...(postsChanged.has(category.id) ? [postsChanged.get(category.id) as Date] : [])]);
    const siteChanged = latest([...postsChanged.values(), ...categories.map((category) => category.updated_at)]);
    return [
      ...SITE_PAGES.map((path) => ({ path, lastmod: siteChanged })),
      ...categories.map((category) => ({
        path: `/category/${encodeURIComponent(category.slug)}`,
        lastmod: categoryChanged(category),
      })),
      ...portfolio,
    ];
  }

  /**
   * `/portfolio` dated by the latest change of its visible projects, `/services` by that of its shown
   * services, then every visible project's case study (`visibleProjectSql`: never a hidden, draft or
   * scheduled one) with its cover.
   */
  private async portfolioEntries(): Promise<SitemapEntry[]> {
    const [projects, [services]]: [ProjectRow[], Array<{ lastmod: Date | null }>] = await Promise.all([
      this.visibleProjects('project.sort_order, project.id'),
      this.services.query(`SELECT max(updated_at) AS lastmod FROM services WHERE NOT hidden`),
    ]);
    return [
      { path: PORTFOLIO_PATH, lastmod: latest(projects.map((project) => project.lastmod)) },
      { path: SERVICES_PATH, lastmod: services.lastmod ?? new Date(0) },
      ...projects.map((project) => {
        const cover = uploadUrl(project.cover);
        return { path: projectPath(project.slug), lastmod: project.lastmod, ...(cover ? { images: [cover] } : {}) };
      }),
    ];
  }

  /** The visible projects in the order `orderBy` (SQL over the alias `project`), `limit` at most. */
  private visibleProjects(orderBy: string, limit?: number): Promise<ProjectRow[]> {
    return this.projects.query(
      `SELECT slug, title, summary, stack, cover, published_at, greatest(updated_at, published_at) AS lastmod
       FROM projects project WHERE ${visibleProjectSql('project')}
       ORDER BY ${orderBy}${limit === undefined ? '' : ` LIMIT ${limit}`}`,
    );
  }

  private postEntry(post: PostEntity): SitemapEntry {
    const thumbnail = uploadUrl(post.thumbnail);
    return {
      path: `/${encodeURIComponent(post.slug)}`,
      lastmod: post.listed_at,
      ...(thumbnail ? { images: [thumbnail] } : {}),
    };
  }

  private index(files: SitemapEntry[]): string {
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...files.map((file) =>
        [
          '  <sitemap>',
          `    <loc>${escapeXml(this.absolute(file.path))}</loc>`,
          `    <lastmod>${file.lastmod.toISOString()}</lastmod>`,
          '  </sitemap>',
        ].join('\n'),
      ),
      '</sitemapindex>',
      '',
    ].join('\n');
  }

  private urlset(entries: SitemapEntry[]): string {
    const urls = entries.map((entry) =>
      [
        '  <url>',
        `    <loc>${escapeXml(this.absolute(entry.path))}</loc>`,
        `    <lastmod>${entry.lastmod.toISOString()}</lastmod>`,
        ...(entry.images ?? []).map(
          (image) =>
            `    <image:image>\n      <image:loc>${escapeXml(this.absolute(image))}</image:loc>\n    </image:image>`,
        ),
        '  </url>',
      ].join('\n'),
    );
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
  }

  /**
   * `GET /robots.txt`: everything public is allowed. Robots rules match path prefixes, so the pages
   * are closed with `$` (the end of the address) and `?` (a query string) rather than as bare
   * prefixes, which would also close posts such as `/search-engine-optimization` or `/login-tips`.
   */
  robotsTxt(): string {
    return [
      'User-agent: *',
      'Allow: /',
      ...ROBOTS_DISALLOWED_PAGES.flatMap((page) => [`Disallow: ${page}$`, `Disallow: ${page}?`]),
      ...ROBOTS_DISALLOWED_FOLDERS.map((folder) => `Disallow: ${folder}`),
      '',
      `Sitemap: ${this.absolute(SITE_FEED_PATHS.sitemap)}`,
      '',
    ].join('\n');
  }

  /** `GET /rss.xml`: the newest visible posts (by publication), each in full, under the site's name and description. */
  async rss(): Promise<string> {
    const site = await readSiteIdentity(this.posts.manager);
    const posts = (await this.posts
      .createQueryBuilder('post')
      .innerJoinAndSelect('post.category', 'category')
      .where(visiblePostSql('post'))
      .orderBy('post.published_at', 'DESC')
      .addOrderBy('post.id', 'DESC')
      .limit(RSS_POSTS_COUNT)
      .getMany()) as Array<PostEntity & { category: CategoryEntity; published_at: Date }>;
    return this.rssXml({
      title: site.site_name,
      path: '/',
      feedPath: SITE_FEED_PATHS.rss,
      description: site.site_description,
      lastBuild: posts.length ? latest(posts.map((post) => post.listed_at)) : null,
      items: posts.map((post) => ({
        title: post.title,
        path: `/${encodeURIComponent(post.slug)}`,
        published: post.published_at,
        categories: [post.category.name],
        description: post.short_content,
        content: post.content,
        image: post.thumbnail,
      })),
    });
  }

  /**
   * `GET /portfolio/rss.xml`: the newest visible projects (by publication), each with its summary, its
   * stack as categories and its cover, under the site's name and description.
   */
  async portfolioRss(): Promise<string> {
    const [site, projects] = await Promise.all([
      readSiteIdentity(this.projects.manager),
      this.visibleProjects('project.published_at DESC, project.id DESC', RSS_PROJECTS_COUNT),
    ]);
    return this.rssXml({
      title: portfolioFeedTitle(site.site_name),
      path: PORTFOLIO_PATH,
      feedPath: SITE_FEED_PATHS.portfolioRss,
      description: site.site_description,
      lastBuild: projects.length ? latest(projects.map((project) => project.lastmod)) : null,
      items: projects.map((project) => ({
        title: project.title,
        path: projectPath(project.slug),
        published: project.published_at,
        categories: project.stack,
        description: project.summary,
        image: project.cover,
      })),
    });
  }

  /** An RSS 2.0 document: relative addresses in the items' HTML made absolute, the picture as `media:content`. */
  private rssXml(channel: RssChannel): string {
    const items = channel.items.map((item) => {
      const link = this.absolute(item.path);
      const image = uploadUrl(item.image);
      const imageType = item.image && IMAGE_TYPE_OF_EXTENSION.get(item.image.split('.').pop()?.toLowerCase() ?? '');
      return [
        '    <item>',
        `      <title>${escapeXml(item.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <pubDate>${rfc822(item.published)}</pubDate>`,
        ...item.categories.map((category) => `      <category>${escapeXml(category)}</category>`),
        `      <description>${escapeXml(absoluteUrls(item.description, link))}</description>`,
        ...(item.content === undefined
          ? []
          : [`      <content:encoded>${cdata(absoluteUrls(item.content, link))}</content:encoded>`]),
        ...(image
          ? [
              `      <media:content url="${escapeXml(this.absolute(image))}" medium="image"` +
                `${imageType ? ` type="${imageType}"` : ''} />`,
            ]
          : []),
        '    </item>',
      ].join('\n');
    });
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">',
      '  <channel>',
      `    <title>${escapeXml(channel.title)}</title>`,
      `    <link>${escapeXml(this.absolute(channel.path))}</link>`,
      `    <description>${escapeXml(channel.description)}</description>`,
      `    <language>${SITE_LANGUAGE}</language>`,
      ...(channel.lastBuild ? [`    <lastBuildDate>${rfc822(channel.lastBuild)}</lastBuildDate>`] : []),
      `    <atom:link href="${escapeXml(this.absolute(channel.feedPath))}" rel="self" type="application/rss+xml" />`,
      ...items,
      '  </channel>',
      '</rss>',
      '',
    ].join('\n');
  }

  private absolute(path: string): string {
    return this.config.siteUrl + path;
  }
}

function latest(dates: Date[]): Date {
  return dates.reduce((max, date) => (date > max ? date : max), new Date(0));
}
