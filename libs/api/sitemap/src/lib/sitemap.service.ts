import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  PREVIEW_PATH_PREFIX,
  RSS_POSTS_COUNT,
  SITE_DESCRIPTION,
  SITE_FEED_PATHS,
  SITE_LANGUAGE,
  SITE_NAME,
  UPLOAD_IMAGE_TYPES,
  uploadUrl,
} from '@blog/contracts';
import { CategoryEntity, PostEntity, visiblePostSql } from '@blog/api/data';
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
  ) {}

  async entries(): Promise<SitemapEntry[]> {
    const [posts, categories] = await Promise.all([
      this.posts
        .createQueryBuilder('post')
        .select(['post.slug', 'post.listed_at', 'post.category_id', 'post.thumbnail'])
        .where(visiblePostSql('post'))
        .orderBy('post.listed_at', 'DESC')
        .addOrderBy('post.id', 'DESC')
        .getMany(),
      this.categories.find({ select: ['id', 'slug', 'updated_at'], order: { id: 'ASC' } }),
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
      { path: '/', lastmod: siteChanged },
      { path: '/posts', lastmod: siteChanged },
      { path: '/about', lastmod: siteChanged },
      { path: '/contact', lastmod: siteChanged },
      ...categories.map((category) => ({
        path: `/category/${encodeURIComponent(category.slug)}`,
        lastmod: categoryChanged(category),
      })),
      ...posts.map((post) => {
        const thumbnail = uploadUrl(post.thumbnail);
        return {
          path: `/${encodeURIComponent(post.slug)}`,
          lastmod: post.listed_at,
          ...(thumbnail ? { images: [thumbnail] } : {}),
        };
      }),
    ];
  }

  /** `GET /sitemap.xml` (and `GET /api/sitemap`, tRPC `sitemap.xml`): with the image extension. */
  async xml(): Promise<string> {
    const urls = (await this.entries()).map((entry) =>
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

  /** `GET /rss.xml`: the newest visible posts (by publication), each in full. */
  async rss(): Promise<string> {
    const posts = (await this.posts
      .createQueryBuilder('post')
      .innerJoinAndSelect('post.category', 'category')
      .where(visiblePostSql('post'))
      .orderBy('post.published_at', 'DESC')
      .addOrderBy('post.id', 'DESC')
      .limit(RSS_POSTS_COUNT)
      .getMany()) as Array<PostEntity & { category: CategoryEntity; published_at: Date }>;
    const lastBuild = posts.length ? latest(posts.map((post) => post.listed_at)) : null;
    const items = posts.map((post) => {
      const link = this.absolute(`/${encodeURIComponent(post.slug)}`);
      const thumbnail = uploadUrl(post.thumbnail);
      const imageType =
        post.thumbnail && IMAGE_TYPE_OF_EXTENSION.get(post.thumbnail.split('.').pop()?.toLowerCase() ?? '');
      return [
        '    <item>',
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <pubDate>${rfc822(post.published_at)}</pubDate>`,
        `      <category>${escapeXml(post.category.name)}</category>`,
        `      <description>${escapeXml(absoluteUrls(post.short_content, link))}</description>`,
        `      <content:encoded>${cdata(absoluteUrls(post.content, link))}</content:encoded>`,
        ...(thumbnail
          ? [
              `      <media:content url="${escapeXml(this.absolute(thumbnail))}" medium="image"` +
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
      `    <title>${escapeXml(SITE_NAME)}</title>`,
      `    <link>${escapeXml(this.absolute('/'))}</link>`,
      `    <description>${escapeXml(SITE_DESCRIPTION)}</description>`,
      `    <language>${SITE_LANGUAGE}</language>`,
      ...(lastBuild ? [`    <lastBuildDate>${rfc822(lastBuild)}</lastBuildDate>`] : []),
      `    <atom:link href="${escapeXml(this.absolute(SITE_FEED_PATHS.rss))}" rel="self" type="application/rss+xml" />`,
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
