/**
 * The site's fixed choices. Its name, description, hero, author and copyright holder are the owner's
 * (General information): pages read them with `useSiteIdentity`.
 */
/** The footer's copyright year: a fixed business constant, not the current year. */
export const COPYRIGHT_YEAR = 2025;

/** The home page's three category tiles (spec: tieng-anh, story and poem); the name until the category's is read. */
export const HOME_TILES = [
  { slug: 'tieng-anh', name: 'Tiếng Anh' },
  { slug: 'story', name: 'Story' },
  { slug: 'poem', name: 'Poem' },
] as const;

/** Posts of these categories show no thumbnail; of the second list, no author and date line. */
export const CATEGORIES_WITHOUT_THUMBNAIL: readonly string[] = ['computing-tips', 'seo', 'wordpress'];
export const CATEGORIES_WITHOUT_BYLINE: readonly string[] = ['computing-tips', 'seo'];

/** The category page that carries BreadcrumbList structured data and the conversion event. */
export const SEO_CATEGORY_SLUG = 'seo';

/**
 * The three free courses (SEO, computing tips, English) the WebSite structured data describes on the
 * home page: each its category and its words' key in the catalogues (`courses.{key}.name`, `.description`).
 */
export const FREE_COURSES = [
  { key: 'seo', slug: 'seo' },
  { key: 'computingTips', slug: 'computing-tips' },
  { key: 'english', slug: 'tieng-anh' },
] as const;
