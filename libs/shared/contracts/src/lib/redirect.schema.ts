import { z } from 'zod';
import { idSchema, pageSchema } from './params.schema';
import { textInput } from './text.schema';

/** The longest `from_path` or `to_path` (the `redirects` columns). */
export const REDIRECT_PATH_MAX_LENGTH = 2000;
export const REDIRECT_STATUS_CODES = [301, 302] as const;
export type RedirectStatusCode = (typeof REDIRECT_STATUS_CODES)[number];
/** Who made a redirect: the admin's form, or an importer (WordPress WXR, Ghost JSON, our own archive). */
export const REDIRECT_SOURCES = ['manual', 'wxr', 'ghost', 'archive'] as const;
export type RedirectSource = (typeof REDIRECT_SOURCES)[number];
/**
 * The query keys an old address may be known by (WordPress's `/?p=123`, `/?page_id=2`, `/?cat=4`,
 * `/?attachment_id=9`): the first of them a `from_path` has is kept, every other query is dropped.
 */
export const REDIRECT_QUERY_KEYS = ['p', 'page_id', 'cat', 'attachment_id'] as const;
/** Paths the server answers itself, never redirected (so a redirect can never lock the owner out of the admin). */
export const UNREDIRECTED_PATH_PREFIXES = ['/api', '/trpc', '/uploads', '/admin'] as const;
export const REDIRECTS_PAGE_SIZE = 50;

/** The 404 log keeps this many paths, the most recently seen. */
export const NOT_FOUND_LOG_MAX_ROWS = 1000;
/** A path longer than this is not logged (no redirect worth making has one; a scanner's garbage does). */
export const NOT_FOUND_PATH_MAX_LENGTH = 1000;
export const NOT_FOUND_PAGE_SIZE = 50;

/** Whether `path` is under one of `UNREDIRECTED_PATH_PREFIXES` (`/api`, `/api/…`, `/api?…`). */
export function isUnredirectedPath(path: string): boolean {
  return UNREDIRECTED_PATH_PREFIXES.some(
    (prefix) => path.startsWith(prefix) && /^($|[/?#])/.test(path.slice(prefix.length)),
  );
}

/** Characters that stay percent-encoded in a normalised path: they would change what the path means, or are invisible. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const KEEP_ENCODED = /[\u0000-\u0020\u007f%/?#\\]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const ENCODE_LITERALLY = /[\u0000-\u0020\u007f\\]/g;
const ENCODED_RUN = /(?:%[0-9a-fA-F]{2})+/g;

const encodeChar = (char: string) =>
  [...new TextEncoder().encode(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/**
 * `/tin-t%E1%BB%A9c` and `/tin-tức` are one path: percent-encoded runs are decoded when they are
 * UTF-8, except the characters that would change the path's meaning (`/`, `?`, `#`, `%`) or cannot
 * be seen (spaces, controls), which stay encoded in upper case; invalid runs stay as sent.
 */
function decodeSafely(path: string): string {
  return path
    .replace(ENCODED_RUN, (run) => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(run);
      } catch {
        return run.toUpperCase();
      }
      return [...decoded].map((char) => (KEEP_ENCODED.test(char) ? encodeChar(char) : char)).join('');
    })
    .replace(ENCODE_LITERALLY, encodeChar);
}

/**
 * The one form of an old address, used both for the stored `from_path` and for the request looked
 * up, so that they meet: safely percent-decoded, without its trailing slashes (`/a/` is `/a`),
 * fragment or query, except the first of `REDIRECT_QUERY_KEYS` it has (`/?p=12`, `/archive?cat=3`).
 */
export function normaliseRedirectPath(pathWithQuery: string): string {
  const withoutFragment = pathWithQuery.split('#', 1)[0];
  const queryAt = withoutFragment.indexOf('?');
  const rawPath = queryAt === -1 ? withoutFragment : withoutFragment.slice(0, queryAt);
  const path = decodeSafely(rawPath).replace(/\/+$/, '') || '/';
  if (queryAt === -1) return path;
  const params = new URLSearchParams(withoutFragment.slice(queryAt + 1));
  for (const key of REDIRECT_QUERY_KEYS) {
    const value = params.get(key);
    if (value) return `${path}?${key}=${encodeURIComponent(value)}`;
  }
  return path;
}

/**
 * A path on this site as typed: from `/`, never `//host` or `/\host` (which browsers read as another
 * site), so a redirect can only lead within the site.
 */
const sitePath = textInput({ error: 'must be text' })
  .trim()
  .min(1, { error: 'is required' })
  .max(REDIRECT_PATH_MAX_LENGTH, { error: `must be at most ${REDIRECT_PATH_MAX_LENGTH} characters` })
  .refine((path) => path.startsWith('/'), { error: 'must be a path on this site, starting with /', abort: true })
  .refine((path) => !/^\/[/\\]/.test(path), { error: 'must be a path on this site, not another host', abort: true })
  .refine((path) => !/\s/.test(path), { error: 'must not contain spaces', abort: true });

/** `from_path`: a site path the server does not answer itself, stored normalised (`normaliseRedirectPath`). */
export const redirectFromPathSchema = sitePath
  .refine((path) => !isUnredirectedPath(path), {
    error: `must not be under ${UNREDIRECTED_PATH_PREFIXES.join(', ')}`,
    abort: true,
  })
  .transform(normaliseRedirectPath)
  .refine((path) => path !== '/', { error: 'must not be the home page', abort: true })
  .refine((path) => path.length <= REDIRECT_PATH_MAX_LENGTH, {
    error: `must be at most ${REDIRECT_PATH_MAX_LENGTH} characters`,
  });

/** `to_path`: a site path, kept as typed (query and fragment included). */
export const redirectToPathSchema = sitePath;

export const redirectStatusCodeSchema = z.union([z.literal(301), z.literal(302)], { error: 'must be 301 or 302' });

/** A redirect as both doors answer it. */
export const redirectSchema = z.object({
  id: z.number().int(),
  from_path: z.string(),
  to_path: z.string(),
  status_code: redirectStatusCodeSchema,
  hits: z.number().int(),
  last_hit_at: z.string().nullable(),
  source: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Redirect = z.infer<typeof redirectSchema>;

const redirectFields = z.object({
  from_path: redirectFromPathSchema,
  to_path: redirectToPathSchema,
  /** 301 (moved for good) unless told: what an old address usually is. */
  status_code: redirectStatusCodeSchema.default(301),
});
/** A redirect to its own address would answer itself forever. */
const notToItself = z.refine<{ from_path: string; to_path: string }>(
  ({ from_path, to_path }) => normaliseRedirectPath(to_path) !== from_path,
  { path: ['to_path'], error: 'must differ from from_path' },
);

/** The body of `POST /api/redirects` and `PUT /api/redirects/{id}`, and tRPC `redirects.create`. */
export const redirectInputSchema = redirectFields.check(notToItself);
export type RedirectInput = z.input<typeof redirectInputSchema>;
/** The fields as the service takes them (`from_path` normalised, `status_code` given). */
export type RedirectFields = z.output<typeof redirectInputSchema>;
/** tRPC `redirects.update`: the id beside the fields of `PUT /api/redirects/{id}`. */
export const redirectUpdateInputSchema = redirectFields.extend({ id: idSchema }).check(notToItself);

/**
 * The admin list (`GET /api/redirects?q=&page=`, tRPC `redirects.list`), newest first: `q` keeps the
 * redirects whose `from_path` or `to_path` contains it (case ignored); `page` answers
 * `REDIRECTS_PAGE_SIZE` at a time, every one without it.
 */
export const redirectsQuerySchema = z
  .object({
    q: textInput({ error: 'q must be text' }).trim().max(200, { error: 'q must be at most 200 characters' }).optional(),
    page: pageSchema.optional(),
  })
  .default({});
export type RedirectsQuery = z.input<typeof redirectsQuerySchema>;
export type RedirectsFilter = z.output<typeof redirectsQuerySchema>;
/** tRPC `redirects.list`: the rows of `GET /api/redirects` and `total`, which REST sends as `X-Total-Count`. */
export const redirectsPageSchema = z.object({ rows: z.array(redirectSchema), total: z.number().int() });
export type RedirectsPage = z.infer<typeof redirectsPageSchema>;

/** What `RedirectsService.upsertMany` did with an importer's rows. */
export interface RedirectsUpsertResult {
  created: number;
  /** Their `from_path` had a redirect already (the one there is kept), or came twice. */
  skipped: number;
  /** Refused by `redirectInputSchema` (not a site path, to itself …). */
  invalid: number;
}

/** A path that answered 404, in the log (no visitor's address, agent or full referrer: only the referrer's host). */
export const notFoundHitSchema = z.object({
  id: z.number().int(),
  path: z.string(),
  hits: z.number().int(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  /** The host of the page that linked to the last hit (`www.google.com`), null when none was sent. */
  referrer_host: z.string().nullable(),
});
export type NotFoundHit = z.infer<typeof notFoundHitSchema>;

/** `GET /api/not-found?page=`, tRPC `redirects.notFoundList`: the most hit first, `NOT_FOUND_PAGE_SIZE` a page. */
export const notFoundQuerySchema = z.object({ page: pageSchema.optional() }).default({});
export type NotFoundQuery = z.input<typeof notFoundQuerySchema>;
export type NotFoundFilter = z.output<typeof notFoundQuerySchema>;
export const notFoundPageSchema = z.object({ rows: z.array(notFoundHitSchema), total: z.number().int() });
export type NotFoundPage = z.infer<typeof notFoundPageSchema>;
