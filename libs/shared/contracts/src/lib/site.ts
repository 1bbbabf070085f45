/** Facts about the public site that both the API (feeds) and the web pages need. */
export const SITE_NAME = "Phuong's Blog";
export const SITE_DESCRIPTION =
  'Travel stories, poems and English lessons for Vietnamese readers, by Phương, a freelance web developer in Sài Gòn.';
/**
 * The site's time zone (Vietnam: UTC+7 all year): dates are shown as they fall there, and the owner
 * writes a scheduled post's publication time in it, wherever the browser is.
 */
export const SITE_TIME_ZONE = 'Asia/Ho_Chi_Minh';
/** The language of the public content (spec: "the public content is English"). */
export const SITE_LANGUAGE = 'en';

/**
 * The feeds served at the site root, outside the `/api` prefix (`robots.txt`, `sitemap.xml`,
 * `rss.xml`). Whatever serves the web app must let these paths through to the API.
 */
export const SITE_FEED_PATHS = {
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  rss: '/rss.xml',
} as const;
/**
 * URLs per sitemap file (the protocol allows 50 000): above it, `/sitemap.xml` is an index of the
 * site's pages and categories (`pages`) and of the posts, this many a file, oldest first
 * (`sitemapPostsPath(1)`, …), so that a new post changes only the last file. `SITEMAP_URLS_PER_FILE`
 * in the environment sets another number (tests).
 */
export const SITEMAP_URLS_PER_FILE = 10_000;
/** The sitemap index's files, served at the root as the feeds are (`posts` as an Express route). */
export const SITEMAP_FILE_PATHS = {
  pages: '/sitemap-pages.xml',
  posts: '/sitemap-posts-:file.xml',
} as const;
export const sitemapPostsPath = (file: number) => SITEMAP_FILE_PATHS.posts.replace(':file', String(file));
/** `/sitemap-posts-12.xml` → 12; anything else is no file. */
export const SITEMAP_POSTS_PATH_PATTERN = /^\/sitemap-posts-([1-9][0-9]{0,8})\.xml$/;
/** How many posts `/rss.xml` carries, newest first. */
export const RSS_POSTS_COUNT = 20;

/**
 * Where preview links lead on the site: never cached, never indexed. Here, with no schema beside it,
 * so that the public pages' routes import it without zod (whose first schema probes `eval`, which
 * their Content-Security-Policy refuses).
 */
export const PREVIEW_PATH_PREFIX = '/preview/';
/** Where a preview link leads on the site: `/preview/{token}`. */
export const previewPath = (token: string) => `${PREVIEW_PATH_PREFIX}${token}`;
