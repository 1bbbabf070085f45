/**
 * The parts of a post page that every post page shows alike, built from the site's shared reads: the
 * favicon, the header (logo, Posts menu, social links), the sidebar (categories, recent posts) and the
 * footer. The server keeps a post page without them and puts in, as it sends the page, the parts
 * rendered since their data last changed, so that a new logo or category reaches every post page at
 * once without rendering each. Each part is one element of the rendered page, known by the start of
 * its opening tag (post content cannot hold these elements: the sanitiser drops them); the queries
 * they read travel in the page's state beside them, as a part too.
 */
export const LAYOUT_PART_ELEMENTS = [
  '<link rel="icon"',
  '<header class="site-header"',
  '<aside class="sidebar"',
  '<footer class="site-footer"',
] as const;

/** The queries the layout's parts read (what the page's own part reads besides stays with it). */
export const LAYOUT_PART_PROCEDURES: readonly string[] = ['categories.links', 'siteInfo.list', 'posts.recent'];
