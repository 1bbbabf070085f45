/** Facts about the public site that both the API (feeds) and the web pages need. */

/** The site's name until the owner sets hers in General information (`SITE_IDENTITY_DEFAULTS`). */
export const SITE_NAME = "Phuong's Blog";
/** The site's description until the owner sets hers in General information (`SITE_IDENTITY_DEFAULTS`). */
export const SITE_DESCRIPTION =
  'Travel stories, poems and English lessons for Vietnamese readers, by Phương, a freelance web developer in Sài Gòn.';

/**
 * The site's identity, which the owner sets in General information: its name and description (titles,
 * meta and Open Graph tags, structured data, feeds, mails, the admin), the home page's hero, the author
 * named in bylines and structured data, and the footer's copyright holder. These are the values a site
 * has until she changes them (the columns' defaults); every page reads them through `siteIdentityOf`.
 */
export const SITE_IDENTITY_DEFAULTS = {
  site_name: SITE_NAME,
  site_description: SITE_DESCRIPTION,
  hero_greeting: "Xin chào! I'm Phương",
  hero_title: SITE_NAME,
  hero_text: 'Travel stories, poems and English lessons, written by a freelance web developer in Sài Gòn.',
  author_name: 'Phương',
  copyright_holder: SITE_NAME,
} as const;
export type SiteIdentityField = keyof typeof SITE_IDENTITY_DEFAULTS;
export const SITE_IDENTITY_FIELDS = Object.keys(SITE_IDENTITY_DEFAULTS) as SiteIdentityField[];

/**
 * The identity a post page shows in its own part, apart from the layout's shared parts (its title,
 * description, Open Graph tags and structured data, its byline, the hero's picture as its preview
 * image when it has none): a change of one renders the post pages again; the others leave them be.
 */
export const POST_PAGE_IDENTITY_FIELDS = [
  'site_name',
  'site_description',
  'author_name',
  'hero_image',
] as const satisfies ReadonlyArray<keyof SiteIdentity>;

/** The longest each may be (the columns' sizes). */
export const SITE_IDENTITY_MAX_LENGTH: Record<SiteIdentityField, number> = {
  site_name: 100,
  site_description: 300,
  hero_greeting: 100,
  hero_title: 100,
  hero_text: 300,
  author_name: 100,
  copyright_holder: 100,
};
/** The ones that may be left empty (the hero then leaves that line out); the others are required. */
export const SITE_IDENTITY_OPTIONAL: readonly SiteIdentityField[] = ['hero_greeting', 'hero_text'];

/**
 * The hero's picture: the upload's name, the URL it is served at and its size in pixels (for its
 * responsive variants); all null: the picture built into the site.
 */
const HERO_IMAGE_FIELDS = ['hero_image', 'hero_image_url', 'hero_image_width', 'hero_image_height'] as const;
type HeroImage = { hero_image: string | null; hero_image_url: string | null } & {
  hero_image_width: number | null;
  hero_image_height: number | null;
};

/** The identity as pages use it: the texts, and the hero's picture. */
export type SiteIdentity = Record<SiteIdentityField, string> & HeroImage;

/** The identity of a General information record, or the defaults while the site has none. */
export function siteIdentityOf(record: SiteIdentity | null | undefined): SiteIdentity {
  if (!record) return { ...SITE_IDENTITY_DEFAULTS, ...NO_HERO_IMAGE };
  const fields = [...SITE_IDENTITY_FIELDS, ...HERO_IMAGE_FIELDS];
  return Object.fromEntries(fields.map((field) => [field, record[field]])) as SiteIdentity;
}
const NO_HERO_IMAGE: HeroImage = {
  hero_image: null,
  hero_image_url: null,
  hero_image_width: null,
  hero_image_height: null,
};
/**
 * The site's time zone (Vietnam: UTC+7 all year): dates are shown as they fall there, and the owner
 * writes a scheduled post's publication time in it, wherever the browser is.
 */
export const SITE_TIME_ZONE = 'Asia/Ho_Chi_Minh';
/** The language of the public content (spec: "the public content is English"). */
export const SITE_LANGUAGE = 'en';

/** The icon served by the app at the site root, for a site without a favicon of its own (General information). */
export const DEFAULT_FAVICON_PATH = '/favicon.ico';

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
/** How many projects `/portfolio/rss.xml` carries, newest first. */
export const RSS_PROJECTS_COUNT = 20;
/** The portfolio feed's title, in the feed and in the pages' link to it. */
export const portfolioFeedTitle = (siteName: string) => `${siteName}: Portfolio`;

/**
 * Where preview links lead on the site: never cached, never indexed. Here, with no schema beside it,
 * so that the public pages' routes import it without zod (whose first schema probes `eval`, which
 * their Content-Security-Policy refuses).
 */
export const PREVIEW_PATH_PREFIX = '/preview/';
/** Where a preview link leads on the site: `/preview/{token}`. */
export const previewPath = (token: string) => `${PREVIEW_PATH_PREFIX}${token}`;
