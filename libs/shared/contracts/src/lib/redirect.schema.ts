import { z } from 'zod';
import { idSchema, pageSchema } from './params.schema';
import { textInput } from './text.schema';
import { siteRouteOf, type SiteRoute } from './site-routes';

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
export const REDIRECTS_PAGE_SIZE = 50;

/** The 404 log keeps this many paths, the most recently seen. */
export const NOT_FOUND_LOG_MAX_ROWS = 1000;
/** A path longer than this is not logged (no redirect worth making has one; a scanner's garbage does). */
export const NOT_FOUND_PATH_MAX_LENGTH = 1000;
export const NOT_FOUND_PAGE_SIZE = 50;

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

const NOT_A_PATH = 'must be a path on this site, starting with /';
const ANOTHER_HOST = 'must be a path on this site, not another host';
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/;
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
/** Any origin: a path resolved against it must stay on it. */
const SOME_ORIGIN = 'https://site.invalid';

export type RedirectTargetCheck = { path: string; error?: undefined } | { path?: undefined; error: string };

/**
 * The one rule for where a redirect may lead, applied by every door that writes one (the Redirects
 * screen, REST, the importers, the archive restore) and again when serving: a path on this site,
 * answered normalised (slashes collapsed, `.` and `..` resolved, query and fragment kept). Refused:
 * anything but a path from `/` (a scheme, `https:host`, `javascript:`), `//host` and every backslash
 * (browsers read `/\host` as `//host`), spaces and control characters (browsers drop tabs and line
 * breaks from an address, so `/\t/host` is `//host`).
 */
export function redirectTargetOf(to: string): RedirectTargetCheck {
  if (SPACE_OR_CONTROL.test(to)) return { error: 'must not contain spaces or control characters' };
  if (!to.startsWith('/')) return { error: NOT_A_PATH };
  if (to.startsWith('//') || to.includes('\\')) return { error: ANOTHER_HOST };
  const end = to.search(/[?#]/);
  const [path, rest] = end === -1 ? [to, ''] : [to.slice(0, end), to.slice(end)];
  const segments: string[] = [];
  const parts = path
    .replace(/\/{2,}/g, '/')
    .split('/')
    .slice(1);
  for (const part of parts) {
    if (!DOT_SEGMENT.test(part)) segments.push(part);
    else if (part.replace(/%2e/gi, '.') === '..') segments.pop();
  }
  // `/a/b/..` and `/a/.` lead to a folder, as `/a/` does.
  const folder = DOT_SEGMENT.test(parts[parts.length - 1]) && segments.length > 0 && segments.at(-1) !== '';
  const normalised = `/${segments.join('/')}${folder ? '/' : ''}${rest}`;
  // What a browser makes of it, to be sure: the same origin.
  if (new URL(normalised, SOME_ORIGIN).origin !== SOME_ORIGIN) return { error: ANOTHER_HOST };
  return { path: normalised };
}

/**
 * The route of the site a redirect from `fromPath` (normalised) would take the place of, if any: a
 * redirect never comes from one of `SITE_ROUTES`, except a public page asked with a kept query key
 * (`/?p=12`: the home page itself stays).
 */
export function routeShadowedBy(fromPath: string): SiteRoute | undefined {
  const route = siteRouteOf(fromPath);
  return route && (route.kind !== 'pages' || !fromPath.includes('?')) ? route : undefined;
}

/**
 * Where a stored redirect leads (normalised), or why it must not be served (written before these
 * rules, or straight into the table): the rules of `checkRedirect` for where it leads and where from.
 */
export function storedRedirectTarget(row: { from_path: string; to_path: string }): RedirectTargetCheck {
  const target = redirectTargetOf(row.to_path);
  if (target.error !== undefined) return { error: `to_path ${target.error}` };
  const route = routeShadowedBy(normaliseRedirectPath(row.from_path));
  return route ? { error: `from_path is an address of the site itself (${route.route})` } : target;
}

const pathInput = textInput({ error: 'must be text' })
  .trim()
  .min(1, { error: 'is required', abort: true })
  .max(REDIRECT_PATH_MAX_LENGTH, { error: `must be at most ${REDIRECT_PATH_MAX_LENGTH} characters`, abort: true });

/** `from_path`: a path on this site that is none of its own routes, stored normalised (`normaliseRedirectPath`). */
export const redirectFromPathSchema = pathInput
  .refine((path) => !redirectTargetOf(path).error, {
    error: (issue) => redirectTargetOf(String(issue.input)).error,
    abort: true,
  })
  .transform(normaliseRedirectPath)
  .refine((path) => !routeShadowedBy(path), {
    error: (issue) =>
      `must not be an address of the site itself (${routeShadowedBy(String(issue.input))?.route}): a redirect would hide it`,
    abort: true,
  })
  .refine((path) => path.length <= REDIRECT_PATH_MAX_LENGTH, {
    error: `must be at most ${REDIRECT_PATH_MAX_LENGTH} characters`,
  });

/** `to_path`: where a redirect leads, as `redirectTargetOf` has it (normalised). */
export const redirectToPathSchema = pathInput.transform((to, context) => {
  const target = redirectTargetOf(to);
  if (target.error === undefined) return target.path;
  context.issues.push({ code: 'custom', message: target.error, input: to });
  return z.NEVER;
});

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
 * A redirect from an importer or an archive, checked as the form's: its fields, or why it is refused,
 * naming the field (`to_path: must be a path on this site, not another host`).
 */
export function checkRedirect(
  row: RedirectInput,
): { fields: RedirectFields; reason?: undefined } | { fields?: undefined; reason: string } {
  const parsed = redirectInputSchema.safeParse(row);
  if (parsed.success) return { fields: parsed.data };
  const [issue] = parsed.error.issues;
  return { reason: `${issue.path.join('.')}: ${issue.message}` };
}

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
  /** Refused by `checkRedirect` (not a path on this site, a route of the site itself …), each with why. */
  refused: Array<{ from_path: string; reason: string }>;
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
