import { Controller, Get, Header } from '@nestjs/common';
import { SITE_FEED_PATHS } from '@blog/contracts';
import { SitemapService } from './sitemap.service';

/** Crawlers and feed readers may keep these five minutes; the server rebuilds them on each request. */
const FEED_CACHE_CONTROL = 'public, max-age=300';

/**
 * `GET /api/sitemap` (the admin's Sitemap screen), and the feeds at the site root, outside the `/api`
 * prefix (`configureHttpApp` excludes `SITE_FEED_PATHS` from it).
 */
@Controller()
export class SitemapController {
  constructor(private readonly sitemap: SitemapService) {}

  @Get('sitemap')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  xml() {
    return this.sitemap.xml();
  }

  @Get(SITE_FEED_PATHS.sitemap)
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', FEED_CACHE_CONTROL)
  sitemapXml() {
    return this.sitemap.xml();
  }

  @Get(SITE_FEED_PATHS.robots)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', FEED_CACHE_CONTROL)
  robotsTxt() {
    return this.sitemap.robotsTxt();
  }

  @Get(SITE_FEED_PATHS.rss)
  @Header('Content-Type', 'application/rss+xml; charset=utf-8')
  @Header('Cache-Control', FEED_CACHE_CONTROL)
  rss() {
    return this.sitemap.rss();
  }
}
