import { z } from 'zod';
import { textInput } from './text.schema';
import { STATS_RANGE_MAX_DAYS, STATS_SOURCES } from './stats';

/** What the owner's dashboard and the REST door `/api/stats/*` answer (see `./stats` for what is counted). */

const day = textInput().pipe(z.iso.date({ error: 'must be a day (YYYY-MM-DD)' }));

/** `?from=2026-11-01&to=2026-11-30`: days in the site's time zone, both included. */
/** The range's checks run once both days are valid, so that a bad day is named alone. */
const bothDays = ({ issues }: { issues: readonly unknown[] }) => issues.length === 0;
export const statsRangeSchema = z
  .object({ from: day, to: day })
  .refine(({ from, to }) => from <= to, { error: 'must not be before from', path: ['to'], when: bothDays })
  .refine(({ from, to }) => (Date.parse(to) - Date.parse(from)) / 86_400_000 < STATS_RANGE_MAX_DAYS, {
    error: `a range is at most ${STATS_RANGE_MAX_DAYS} days`,
    path: ['to'],
    when: bothDays,
  });
export type StatsRange = z.infer<typeof statsRangeSchema>;

/** One day: page views, and visitors of that day (a visitor is counted once a day, never across days). */
export const statsDaySchema = z.object({
  day: z.string(),
  views: z.number().int(),
  visitors: z.number().int(),
});
export type StatsDay = z.infer<typeof statsDaySchema>;

export const statsTotalsSchema = z.object({
  views: z.number().int(),
  /** The mean of the days' visitors: the same person on two days is two daily visitors. */
  daily_visitors: z.number(),
  /** Visits begun from outside the site (a search engine, another site, typed). */
  entries: z.number().int(),
  inquiries: z.number().int(),
});
export type StatsTotals = z.infer<typeof statsTotalsSchema>;

/** `GET /api/stats/summary`: each day of the range and of the same number of days before it. */
export const statsSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(statsDaySchema),
  previous: z.array(statsDaySchema),
  totals: statsTotalsSchema,
  previous_totals: statsTotalsSchema,
});
export type StatsSummary = z.infer<typeof statsSummarySchema>;

/** A public page with what it brought: `kind` and `id` name the post or project it shows, when it shows one. */
export const statsPageSchema = z.object({
  path: z.string(),
  kind: z.enum(['post', 'project', 'page']),
  id: z.number().int().nullable(),
  title: z.string().nullable(),
  views: z.number().int(),
  entries: z.number().int(),
  /** Mean time on the page in seconds, as the beacon measured it; null when no beacon reported. */
  engaged_seconds: z.number().nullable(),
  /** Clicks on links to other sites, `mailto:` and `tel:`. */
  outbound: z.number().int(),
  /** Inquiries sent from this page (the contact form's source page). */
  inquiries: z.number().int(),
  /** inquiries / views, 0 to 1. */
  conversion_rate: z.number(),
});
export type StatsPage = z.infer<typeof statsPageSchema>;

export const statsSourceSchema = z.object({
  source: z.enum(STATS_SOURCES),
  /** The referrer's host, `utm_source` or `ref`; null for direct visits. */
  name: z.string().nullable(),
  entries: z.number().int(),
  inquiries: z.number().int(),
  /** inquiries / entries, 0 to 1. */
  conversion_rate: z.number(),
});
export type StatsSourceRow = z.infer<typeof statsSourceSchema>;

export const statsSearchSchema = z.object({
  term: z.string(),
  searches: z.number().int(),
  /** How many posts and projects the last search for it found. */
  results: z.number().int(),
  found_nothing: z.boolean(),
});
export type StatsSearch = z.infer<typeof statsSearchSchema>;

/** Inquiries (contact messages) counted by the page they were sent from, their topic and the visit's source. */
export const statsInquiriesSchema = z.object({
  total: z.number().int(),
  by_page: z.array(z.object({ path: z.string().nullable(), inquiries: z.number().int() })),
  by_topic: z.array(
    z.object({
      topic_kind: z.string().nullable(),
      topic_slug: z.string().nullable(),
      topic_title: z.string().nullable(),
      inquiries: z.number().int(),
    }),
  ),
  by_source: z.array(
    z.object({ source: z.enum(STATS_SOURCES).nullable(), name: z.string().nullable(), inquiries: z.number().int() }),
  ),
});
export type StatsInquiries = z.infer<typeof statsInquiriesSchema>;

/** Views of the last 30 days of each post asked for (the posts list, the post editor). */
export const statsPostViewsInputSchema = z.object({ ids: z.array(z.number().int().positive()).max(200) });
export const statsPostViewsSchema = z.array(z.object({ id: z.number().int(), views: z.number().int() }));
export type StatsPostViews = z.infer<typeof statsPostViewsSchema>;
/** The window of the posts' view counts. */
export const STATS_POST_VIEWS_DAYS = 30;

/** The CSV export's lists (`GET /api/stats/export.csv?list=pages&from=…&to=…`). */
export const STATS_EXPORT_LISTS = ['days', 'pages', 'sources', 'searches', 'inquiries'] as const;
export const statsExportInputSchema = statsRangeSchema.and(
  z.object({ list: z.enum(STATS_EXPORT_LISTS).default('days') }),
);

/** The longest page address counted (longer ones are not). */
export const STATS_PATH_MAX_LENGTH = 300;
/** The longest time on a page the beacon may report at once (a day). */
export const STATS_ENGAGED_MAX_MS = 86_400_000;
/** The largest beacon body accepted (413 above). */
export const STATS_BEACON_MAX_BYTES = 2048;

const beaconPath = z
  .string({ error: 'must be a text' })
  .max(STATS_PATH_MAX_LENGTH * 4, { error: 'is too long' })
  .regex(/^\/(?!\/)/, { error: 'must be a path on this site (/…)' });

/**
 * What the beacon posts to `STATS_BEACON_PATH` (`text/plain` JSON): a page the visitor moved to in the
 * browser (`view`), the time they saw a page (`engaged`, in ms), a link out they clicked (`outbound`:
 * its host, or `mailto` / `tel`, never the address itself).
 */
export const statsBeaconSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('view'), path: beaconPath }),
    z.object({
      kind: z.literal('engaged'),
      path: beaconPath,
      ms: z.number({ error: 'must be a number' }).int().min(0).max(STATS_ENGAGED_MAX_MS),
    }),
    z.object({
      kind: z.literal('outbound'),
      path: beaconPath,
      target: z
        .string({ error: 'must be a text' })
        .min(1)
        .max(255)
        .regex(/^(mailto|tel|[a-z0-9.-]+)$/i, { error: 'must be a host, mailto or tel' }),
    }),
  ],
  { error: 'must be view, engaged or outbound' },
);
export type StatsBeacon = z.infer<typeof statsBeaconSchema>;
