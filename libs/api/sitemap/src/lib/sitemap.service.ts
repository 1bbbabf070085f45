import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  languagePath,
  LANGUAGES,
  PORTFOLIO_PATH,
  portfolioFeedTitle,
  PREVIEW_PATH_PREFIX,
  projectPath,
  RSS_POSTS_COUNT,
  RSS_PROJECTS_COUNT,
  SERVICES_PATH,
  SITE_FEED_PATHS,
  SITEMAP_FILE_PATHS,
  sitemapPostsPath,
  UPLOAD_IMAGE_TYPES,
  uploadUrl,
  type Language,
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
import { APP_CONFIG, SiteLanguages, type AppConfig } from '@blog/api/core';
import { absoluteUrls, cdata, escapeXml } from './xml';

export interface SitemapEntry {
  /** From the site root: `/`, `/category/story`, `/{post slug}`, `/vi/{post slug}`. */
  path: string;
  lastmod: Date;
  /** Paths of the images of the page (a post's thumbnail under `/uploads`). */
  images?: string[];
  /**
   * Its `hreflang` links (`xhtml:link rel="alternate"`, Google's rules), when it has a translation the
   * public may read: each version, itself among them, then `x-default`, the default language's
   * version (else itself).
   */
  alternates?: Array<[hreflang: string, path: string]>;
}

/** One version of a page: its language and its path from the site root. */
interface Alternate {
  language: Language;
  path: string;
}

/** The languages the site runs, its default first. */
interface RunLanguages {
  defaultLanguage: Language;
  languages: Language[];
}

/** A visible post as the sitemap reads it, with its translations the public may read. */
interface PostRow extends Versioned {
  id: number;
  category_id: number;
  listed_at: Date;
  thumbnail: string | null;
}

/** Paths a crawler has no business in: sign-in, the back-office, the API doors and internal search results. */
const ROBOTS_DISALLOWED_PAGES = ['/admin', '/login', '/request-password', '/reset-password', '/search'];
const ROBOTS_DISALLOWED_FOLDERS = ['/admin/', '/api/', '/trpc/', PREVIEW_PATH_PREFIX];

/** The type of a stored upload, from the extension `/api/upload` gave it. */
const IMAGE_TYPE_OF_EXTENSION = new Map<string, string>(
  Object.entries(UPLOAD_IMAGE_TYPES).map(([type, extension]) => [extension, type]),
);

const rfc822 = (date: Date) => date.toUTCString();

/**
 * What the sitemap files read: they are kept until one of these changes, as the rendered pages are
 * (a translation hidden or trashed drops from its versions' alternates at once). General information
 * says which languages the site runs.
 */
const SITEMAP_TABLES: readonly ContentTable[] = ['posts', 'categories', 'projects', 'services', 'general_info'];
/** The site's own pages, before the categories and the posts. */
const SITE_PAGES = ['/', '/posts', '/about', '/contact'];

/** A visible project as the sitemap and the portfolio's feed read it, with its translations the public may read. */
interface ProjectRow extends Versioned {
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
  /** What its items are written in (`<language>`). */
  language: Language;
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
    private readonly languages: SiteLanguages,
  ) {}

  private get perFile(): number {
    return this.config.sitemapUrlsPerFile;
  }

  async entries(): Promise<SitemapEntry[]> {
    const site = await this.siteLanguages();
    const listed = await this.listedLanguages(site);
    const [posts, categories, portfolio] = await Promise.all([
      this.visiblePosts(site, 'ORDER BY post.listed_at DESC, post.id DESC'),
      this.siteCategories(site),
      this.portfolioEntries(site, listed),
    ]);
    // A post's page changed when it was last saved or, later, published.
    const siteChanged = latest([
      ...posts.map((post) => post.listed_at),
      ...categories.map((category) => category.updated_at),
    ]);
    const categoryChanged = (category: CategoryRow) =>
      latest([
        category.updated_at,
        ...posts.filter((post) => post.category_id === category.id).map((post) => post.listed_at),
      ]);
    return [
      ...this.sitePages(listed, siteChanged),
      ...categories.map((category) => this.categoryEntry(site, category, categoryChanged(category))),
      ...portfolio,
      ...posts.map((post) => this.postEntry(site, post)),
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
      const site = await this.siteLanguages();
      const posts = await this.visiblePosts(site, `ORDER BY post.id ASC OFFSET $2 LIMIT $3`, [
        (file - 1) * this.perFile,
        this.perFile,
      ]);
      return this.urlset(posts.map((post) => this.postEntry(site, post)));
    });
  }

  /** The languages the site runs (`SiteLanguages`), its default first. */
  async siteLanguages(): Promise<RunLanguages> {
    const { default_language: defaultLanguage, languages } = await this.languages.settings();
    const others = LANGUAGES.filter((language) => language !== defaultLanguage && languages.includes(language));
    return { defaultLanguage, languages: [defaultLanguage, ...others] };
  }

  /**
   * The languages whose own pages (home, lists, About …) are listed: the default, and each other one
   * the site runs once it has a visible post (its lists are not listed empty).
   */
  private async listedLanguages(site: RunLanguages): Promise<RunLanguages> {
    const rows: Array<{ language: Language }> = await this.posts.query(
      `SELECT DISTINCT post.language FROM posts post WHERE ${visiblePostSql('post')} AND post.language = ANY($1)`,
      [site.languages],
    );
    const written = new Set(rows.map((row) => row.language));
    return {
      ...site,
      languages: site.languages.filter((language) => language === site.defaultLanguage || written.has(language)),
    };
  }

  /**
   * The visible posts in the languages the site runs, each with its versions in them the public may
   * read; `tail` orders and limits (SQL over the alias `post`; `$2`… are `params`).
   */
  private visiblePosts(site: RunLanguages, tail: string, params: unknown[] = []): Promise<PostRow[]> {
    return this.posts.query(
      `SELECT post.id, post.slug, post.language, post.listed_at, post.thumbnail, post.category_id,
              coalesce((SELECT json_agg(json_build_object('language', other.language, 'slug', other.slug))
                          FROM posts other
                         WHERE other.translation_group = post.translation_group AND other.id <> post.id
                           AND other.language = ANY($1) AND ${visiblePostSql('other')}), '[]') AS translations
         FROM posts post WHERE ${visiblePostSql('post')} AND post.language = ANY($1) ${tail}`,
      [site.languages, ...params],
    );
  }

  /** The categories in the languages the site runs, each with its versions in them. */
  private siteCategories(site: RunLanguages): Promise<CategoryRow[]> {
    return this.categories.query(
      `SELECT category.id, category.slug, category.language, category.updated_at,
              coalesce((SELECT json_agg(json_build_object('language', other.language, 'slug', other.slug))
                          FROM categories other
                         WHERE other.translation_group = category.translation_group AND other.id <> category.id
                           AND other.language = ANY($1)), '[]') AS translations
         FROM categories category WHERE category.language = ANY($1) ORDER BY category.id`,
      [site.languages],
    );
  }

  /** The posts' files: SITEMAP_URLS_PER_FILE visible posts each, by id, with their latest change. */
  private async postsFiles(): Promise<Array<PostsFile & { count: number }>> {
    const { languages } = await this.siteLanguages();
    const rows: Array<{ file: number; lastmod: Date; count: number }> = await this.posts.query(
      `SELECT file, max(listed_at) AS lastmod, count(*)::int AS count
       FROM (SELECT post.listed_at, (row_number() OVER (ORDER BY post.id) - 1) / $1 + 1 AS file
             FROM posts post WHERE ${visiblePostSql('post')} AND post.language = ANY($2)) AS numbered
       GROUP BY file ORDER BY file`,
      [this.perFile, languages],
    );
    return rows.map((row) => ({ file: Number(row.file), lastmod: new Date(row.lastmod), count: row.count }));
  }

  /** The site's pages, the categories and the portfolio, dated by the latest change of what they show. */
  private async pageEntries(): Promise<SitemapEntry[]> {
    const site = await this.siteLanguages();
    const listed = await this.listedLanguages(site);
    const [categories, latestByCategory, portfolio]: [
      CategoryRow[],
      Array<{ category_id: number; lastmod: Date }>,
      SitemapEntry[],
    ] = await Promise.all([
      this.siteCategories(site),
      this.posts.query(
        `SELECT post.category_id, max(post.listed_at) AS lastmod FROM posts post
           WHERE ${visiblePostSql('post')} AND post.language = ANY($1) GROUP BY post.category_id`,
        [site.languages],
      ),
      this.portfolioEntries(site, listed),
    ]);
    const postsChanged = new Map(latestByCategory.map((row) => [row.category_id, new Date(row.lastmod)]));
    const categoryChanged = (category: CategoryRow) =>
      latest([category.updated_at, ...(postsChanged.has(category.id) ? [postsChanged.get(category.id) as Date] : [])]);
    const siteChanged = latest([...postsChanged.values(), ...categories.map((category) => category.updated_at)]);
    return [
      ...this.sitePages(listed, siteChanged),
      ...categories.map((category) => this.categoryEntry(site, category, categoryChanged(category))),
      ...portfolio,
    ];
  }

  /** The site's own pages in each language `listed` (`listedLanguages`), each the others' translation. */
  private sitePages(listed: RunLanguages, lastmod: Date): SitemapEntry[] {
    return listed.languages.flatMap((language) =>
      SITE_PAGES.map((path) => this.translatedEntry(listed, { language, path }, lastmod)),
    );
  }

  /** `page` (a path of the default language's) in `language`, with its versions in every language the site runs. */
  private translatedEntry(
    site: RunLanguages,
    { language, path }: Alternate,
    lastmod: Date,
    images?: string[],
  ): SitemapEntry {
    const versions = site.languages.map((other) => ({
      language: other,
      path: languagePath(path, other, site.defaultLanguage),
    }));
    return withAlternates(
      site,
      { path: languagePath(path, language, site.defaultLanguage), lastmod, ...(images ? { images } : {}) },
      versions,
    );
  }

  private categoryEntry(site: RunLanguages, category: CategoryRow, lastmod: Date): SitemapEntry {
    return versionedEntry(site, category, (slug) => `/category/${encodeURIComponent(slug)}`, { lastmod });
  }

  /**
   * `/portfolio` dated by the latest change of its visible projects, `/services` by that of its shown
   * services (in each language `listed`), then every visible project's case study (`visibleProjectSql`:
   * never a hidden, draft or scheduled one) in the languages the site runs, at its language's address,
   * with its cover and its versions the public may read.
   */
  private async portfolioEntries(site: RunLanguages, listed: RunLanguages): Promise<SitemapEntry[]> {
    const [projects, [services]]: [ProjectRow[], Array<{ lastmod: Date | null }>] = await Promise.all([
      this.visibleProjects(site.languages, 'project.sort_order, project.id'),
      this.services.query(`SELECT max(updated_at) AS lastmod FROM services WHERE NOT hidden`),
    ]);
    const lists: Array<[string, Date]> = [
      [PORTFOLIO_PATH, latest(projects.map((project) => project.lastmod))],
      [SERVICES_PATH, services.lastmod ?? new Date(0)],
    ];
    return [
      // The lists in each language (their labels translated).
      ...listed.languages.flatMap((language) =>
        lists.map(([path, lastmod]) => this.translatedEntry(listed, { language, path }, lastmod)),
      ),
      ...projects.map((project) => this.projectEntry(site, project)),
    ];
  }

  /**
   * The visible projects in `languages`, each with its versions in them the public may read, in the
   * order `orderBy` (SQL over the alias `project`), `limit` at most.
   */
  private visibleProjects(languages: readonly Language[], orderBy: string, limit?: number): Promise<ProjectRow[]> {
    return this.projects.query(
      `SELECT project.slug, project.language, project.title, project.summary, project.stack, project.cover,
              project.published_at, greatest(project.updated_at, project.published_at) AS lastmod,
              coalesce((SELECT json_agg(json_build_object('language', other.language, 'slug', other.slug))
                          FROM projects other
                         WHERE other.translation_group = project.translation_group AND other.id <> project.id
                           AND other.language = ANY($1) AND ${visibleProjectSql('other')}), '[]') AS translations
       FROM projects project WHERE ${visibleProjectSql('project')} AND project.language = ANY($1)
       ORDER BY ${orderBy}${limit === undefined ? '' : ` LIMIT ${limit}`}`,
      [languages],
    );
  }

  /** A project's case study at its language's address, with its cover and its versions the public may read. */
  private projectEntry(site: RunLanguages, project: ProjectRow): SitemapEntry {
    const cover = uploadUrl(project.cover);
    return versionedEntry(site, project, projectPath, { lastmod: project.lastmod, ...(cover && { images: [cover] }) });
  }

  /** A post at its language's address, with its versions the public may read. */
  private postEntry(site: RunLanguages, post: PostRow): SitemapEntry {
    const thumbnail = uploadUrl(post.thumbnail);
    return versionedEntry(site, post, (slug) => `/${encodeURIComponent(slug)}`, {
      lastmod: post.listed_at,
      ...(thumbnail && { images: [thumbnail] }),
    });
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
        ...(entry.alternates ?? []).map(
          ([hreflang, path]) =>
            `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(this.absolute(path))}" />`,
        ),
        '  </url>',
      ].join('\n'),
    );
    // The namespace of the alternates, declared when there are some.
    const xhtml = entries.some((entry) => entry.alternates) ? ` xmlns:xhtml="${XHTML_NS}"` : '';
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"${xhtml}>`,
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

  /**
   * `GET /rss.xml` (the default language's) and `GET /vi/rss.xml` (another language the site runs):
   * the newest visible posts in `language` (by publication), each in full, under the site's name and
   * description; null for a language the site does not run.
   */
  async rss(language?: Language): Promise<string | null> {
    const [site, languages] = await Promise.all([readSiteIdentity(this.posts.manager), this.siteLanguages()]);
    const feedLanguage = language ?? languages.defaultLanguage;
    if (!languages.languages.includes(feedLanguage)) return null;
    const inLanguage = (path: string) => languagePath(path, feedLanguage, languages.defaultLanguage);
    const posts = (await this.posts
      .createQueryBuilder('post')
      .innerJoinAndSelect('post.category', 'category')
      .where(visiblePostSql('post'))
      .andWhere('post.language = :language', { language: feedLanguage })
      .orderBy('post.published_at', 'DESC')
      .addOrderBy('post.id', 'DESC')
      .limit(RSS_POSTS_COUNT)
      .getMany()) as Array<PostEntity & { category: CategoryEntity; published_at: Date }>;
    return this.rssXml({
      title: site.site_name,
      path: inLanguage('/'),
      feedPath: inLanguage(SITE_FEED_PATHS.rss),
      description: site.site_description,
      language: feedLanguage,
      lastBuild: posts.length ? latest(posts.map((post) => post.listed_at)) : null,
      items: posts.map((post) => ({
        title: post.title,
        path: inLanguage(`/${encodeURIComponent(post.slug)}`),
        published: post.published_at,
        categories: [post.category.name],
        description: post.short_content,
        content: post.content,
        image: post.thumbnail,
      })),
    });
  }

  /**
   * `GET /portfolio/rss.xml`: the newest visible projects in the site's default language (by
   * publication), each with its summary, its stack as categories and its cover, under the site's name
   * and description.
   */
  async portfolioRss(): Promise<string> {
    const { defaultLanguage } = await this.siteLanguages();
    const [site, projects] = await Promise.all([
      readSiteIdentity(this.projects.manager),
      this.visibleProjects([defaultLanguage], 'project.published_at DESC, project.id DESC', RSS_PROJECTS_COUNT),
    ]);
    return this.rssXml({
      title: portfolioFeedTitle(site.site_name),
      path: PORTFOLIO_PATH,
      feedPath: SITE_FEED_PATHS.portfolioRss,
      description: site.site_description,
      language: defaultLanguage,
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
      `    <language>${channel.language}</language>`,
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

/** A category as the sitemap reads it, with its versions in the languages the site runs. */
interface CategoryRow extends Versioned {
  id: number;
  updated_at: Date;
}

const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** A post, category or project in a language, with its versions (`translations`) in the languages the site runs. */
interface Versioned {
  slug: string;
  language: Language;
  translations: Array<{ language: Language; slug: string }>;
}

/**
 * `record`'s entry at its language's address (`pathOf` its slug: the default language's path), with
 * its versions as alternates.
 */
function versionedEntry(
  site: RunLanguages,
  record: Versioned,
  pathOf: (slug: string) => string,
  entry: Omit<SitemapEntry, 'path' | 'alternates'>,
): SitemapEntry {
  const path = ({ slug, language }: Omit<Versioned, 'translations'>) =>
    languagePath(pathOf(slug), language, site.defaultLanguage);
  return withAlternates(
    site,
    { path: path(record), ...entry },
    [record, ...record.translations].map((version) => ({ language: version.language, path: path(version) })),
  );
}

/** `entry` with its `versions` (itself among them) as its alternates, when it has another version. */
function withAlternates(site: RunLanguages, entry: SitemapEntry, versions: Alternate[]): SitemapEntry {
  if (versions.length < 2) return entry;
  const ordered = [...versions].sort((a, b) => site.languages.indexOf(a.language) - site.languages.indexOf(b.language));
  const xDefault = ordered.find((version) => version.language === site.defaultLanguage)?.path ?? entry.path;
  return {
    ...entry,
    alternates: [...ordered.map(({ language, path }): [string, string] => [language, path]), ['x-default', xDefault]],
  };
}

function latest(dates: Date[]): Date {
  return dates.reduce((max, date) => (date > max ? date : max), new Date(0));
}
