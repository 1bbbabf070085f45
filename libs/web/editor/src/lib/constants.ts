/** The editor's limits: its undo history, code highlighting pace and the image files it takes. */

/** Edits made within this many milliseconds of the previous one undo as one step. */
export const HISTORY_MERGE_DELAY_MS = 1000;
/** The undo history keeps at most this many steps. */
export const HISTORY_MAX_STEPS = 100;
/** Code blocks are re-highlighted at most once per this many milliseconds while typing. */
export const HIGHLIGHT_INTERVAL_MS = 1000;
/**
 * File types accepted when images are dropped or pasted (the image button takes any `image/*`):
 * photos, HEIC included (the server converts it to JPEG).
 */
export const DROP_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/heic', 'image/heif'] as const;
/** HEIC photos by their extension: browsers outside Apple's systems give them no MIME type. */
export const HEIC_FILE_NAME = /\.hei[cf]$/i;
/** How many of the images chosen or dropped at once are sent together (the others wait their turn). */
export const UPLOAD_CONCURRENCY = 2;
/** The language a new code block starts with. */
export const DEFAULT_CODE_LANGUAGE = 'plain';
