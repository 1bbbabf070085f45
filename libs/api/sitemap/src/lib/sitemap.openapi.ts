import { describeRoutes } from '@blog/api/openapi';

const xml = (description: string, contentType = 'application/xml') => ({
  description,
  contentType,
  schema: { type: 'string' },
});

export const sitemapApi = describeRoutes('Feeds', {
  'GET /api/sitemap': {
    summary: 'The whole sitemap in one file (the admin screen)',
    answers: { 200: xml('The sitemap') },
  },
  'GET /sitemap.xml': {
    summary: 'The sitemap, or an index of its files on a large site',
    answers: { 200: xml('The sitemap') },
  },
  'GET /sitemap-pages.xml': { summary: 'The sitemap file of the pages', answers: { 200: xml('The sitemap file') } },
  'GET /sitemap-posts-{file}.xml': { summary: 'A sitemap file of posts', answers: { 200: xml('The sitemap file') } },
  'GET /robots.txt': { summary: 'robots.txt', answers: { 200: xml('robots.txt', 'text/plain') } },
  'GET /rss.xml': {
    summary: "The RSS feed of the site's default language",
    answers: { 200: xml('The feed', 'application/rss+xml') },
  },
  'GET /{language}/rss.xml': {
    summary: 'The RSS feed of another language the site runs (`/vi/rss.xml`)',
    description: 'The default language (its feed is `/rss.xml`) or a language the site does not run answers 404.',
    answers: { 200: xml('The feed', 'application/rss+xml') },
  },
  'GET /portfolio/rss.xml': {
    summary: "The portfolio's RSS feed: the newest visible projects",
    answers: { 200: xml('The feed', 'application/rss+xml') },
  },
});
