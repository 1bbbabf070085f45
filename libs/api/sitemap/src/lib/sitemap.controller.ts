import { Controller, Get, Header, NotFoundException, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  isLanguage,
  SITE_FEED_PATHS,
  SITEMAP_FILE_PATHS,
  SITEMAP_POSTS_PATH_PATTERN,
  sitemapPostsPath,
} from '@blog/contracts';
import { SitemapService } from './sitemap.service';
import { TokenScope } from '@blog/api/security';

/** Crawlers and feed readers may keep these five minutes; the server keeps the sitemap's files until what they list changes. */
const FEED_CACHE_CONTROL = 'public, max-age=300';

/**
 * `GET /api/sitemap` (the admin's Sitemap screen), and the feeds at the site root, outside the `/api`
 * prefix (`configureHttpApp` excludes `SITE_FEED_PATHS` from it).
 */
@Controller()
export class SitemapController {
  constructor(private readonly sitemap: SitemapService) {}

  @TokenScope('content:read')
  @Get('sitemap')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  xml() {
    return this.sitemap.xml();
  }

  @TokenScope('content:read')
  @Get(SITE_FEED_PATHS.sitemap)
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', FEED_CACHE_CONTROL)
  sitemapXml() {
    return this.sitemap.rootXml();
  }

  @TokenScope('content:read')
  @Get(SITEMAP_FILE_PATHS.pages)
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', FEED_CACHE_CONTROL)
  sitemapPagesXml() {
    return this.sitemap.pagesXml();
  }

  @TokenScope('content:read')
  @Get(SITEMAP_FILE_PATHS.posts)
  async sitemapPostsXml(@Param('file') file: string, @Res({ passthrough: true }) res: Response) {
    // `/sitemap-posts-01.xml`, `-0`, `-x`: no file, as one past the last.
    const number = Number(file);
    const xml =
      SITEMAP_POSTS_PATH_PATTERN.test(sitemapPostsPath(number)) && String(number) === file
        ? await this.sitemap.postsXml(number)
        : null;
    // A 404 is the API's JSON error, so the XML headers go on a found file only.
    if (xml === null) throw new NotFoundException('Sitemap file not found');
    res.setHeader('Content-Type', 'application/xml; charset=utf-8');
    res.setHeader('Cache-Control', FEED_CACHE_CONTROL);
    return xml;
  }

  @TokenScope('content:read')
  @Get(SITE_FEED_PATHS.robots)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', FEED_CACHE_CONTROL)
  robotsTxt() {
    return this.sitemap.robotsTxt();
  }

  @TokenScope('content:read')
  @Get(SITE_FEED_PATHS.rss)
  @Header('Content-Type', 'application/rss+xml; charset=utf-8')
  @Header('Cache-Control', FEED_CACHE_CONTROL)
  rss() {
    return this.sitemap.rss();
  }

  @TokenScope('content:read')
  @Get(SITE_FEED_PATHS.portfolioRss)
  @Header('Content-Type', 'application/rss+xml; charset=utf-8')
  @Header('Cache-Control', FEED_CACHE_CONTROL)
  portfolioRss() {
    return this.sitemap.portfolioRss();
  }

  /**
   * `GET /vi/rss.xml`: another language's feed (the default language's is `/rss.xml`; its own prefix,
   * or a language the site does not run, has none). Declared last: `/portfolio/rss.xml` is matched first.
   */
  @TokenScope('content:read')
  @Get(SITE_FEED_PATHS.languageRss)
  async languageRss(@Param('language') language: string, @Res({ passthrough: true }) res: Response) {
    const { defaultLanguage } = await this.sitemap.siteLanguages();
    const xml = isLanguage(language) && language !== defaultLanguage ? await this.sitemap.rss(language) : null;
    if (xml === null) throw new NotFoundException('Feed not found');
    res.setHeader('Content-Type', 'application/rss+xml; charset=utf-8');
    res.setHeader('Cache-Control', FEED_CACHE_CONTROL);
    return xml;
  }
}
