/** The product's business constants, shared by the API and the web client. */
export const POSTS_PAGE_SIZE = 6;
/** How many posts the home page's Recent posts grid shows: the server decides it, not the client. */
export const HOME_POSTS_COUNT = 8;
/** How many posts the sidebar's Recent Posts list shows. */
export const RECENT_POSTS_COUNT = 5;
/** How many related posts the end of a post shows. */
export const RELATED_POSTS_COUNT = 3;
/** Search answers are not paginated, so they are capped. */
export const SEARCH_RESULTS_LIMIT = 50;
export const SEARCH_TERM_MAX_LENGTH = 200;
export const SLUG_MAX_LENGTH = 200;
/** Category and post slugs: lower-case letters, digits and single inner hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Post visibility as stored and sent on the wire: 1 = hidden, 0 = visible. */
export const POST_STATUS = { visible: 0, hidden: 1 } as const;
export type PostStatus = (typeof POST_STATUS)[keyof typeof POST_STATUS];

/** Public path under which uploaded files are served. */
export const UPLOADS_PATH = '/uploads';

export function uploadUrl(fileName: string | null | undefined): string | null {
  return fileName ? `${UPLOADS_PATH}/${encodeURIComponent(fileName)}` : null;
}

/** Number of pages for a list of `total` items (never below 1 so page 1 always exists). */
export function pageCount(total: number, pageSize = POSTS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
