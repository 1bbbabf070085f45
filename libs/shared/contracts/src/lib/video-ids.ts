/*
 * Each video host's ids (they go into URLs and attributes): the one rule for the editor, the HTML
 * policy and the API. Kept apart from the schemas: the public pages' video facade imports it, and must
 * not bring zod along.
 */
export const VIDEO_ID_PATTERNS = {
  youtube: /^[A-Za-z0-9_-]{11}$/,
  vimeo: /^[0-9]{1,12}$/,
} as const;
export type VideoProviderName = keyof typeof VIDEO_ID_PATTERNS;
export const VIDEO_PROVIDER_NAMES = Object.keys(VIDEO_ID_PATTERNS) as VideoProviderName[];
