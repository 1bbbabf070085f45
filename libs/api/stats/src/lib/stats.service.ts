import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  PORTFOLIO_PATH,
  SITE_TIME_ZONE,
  STATS_LIST_LIMIT,
  STATS_POST_VIEWS_DAYS,
  type StatsDay,
  type StatsInquiries,
  type StatsPage,
  type StatsPostViews,
  type StatsRange,
  type StatsSearch,
  type StatsSource,
  type StatsSourceRow,
  type StatsSummary,
  type StatsTotals,
} from '@blog/contracts';
import { dayStartSql, statsQuery } from './stats-sql';
import { estimateVisitorsSql } from './visitors';

/** How many rows a list answers: `STATS_LIST_LIMIT` for the dashboard, null for all (the CSV export). */
export type StatsLimit = number | null;

/*
 * Where a range's figures are read (one statement, so one snapshot of the roll-ups' marks):
 * - the days rolled up, from the daily tables;
 * - the hours rolled up since, from the hourly tables;
 * - the rest (today's last minutes, or more if the job is late), from the raw hits.
 * The marks are read as InitPlans (evaluated once), so that each part uses its table's index.
 */
const DAY_DONE = `coalesce((SELECT done_until FROM stats_rollups WHERE unit = 'day'), '-infinity'::timestamptz)`;
const HOUR_DONE = `coalesce((SELECT done_until FROM stats_rollups WHERE unit = 'hour'), '-infinity'::timestamptz)`;
const FROM_AT = dayStartSql('$from::date');
const TO_AT = dayStartSql('$to::date + 1');
const IN_DAILY = `day >= $from::date AND day <= $to::date AND day < (${DAY_DONE} AT TIME ZONE $tz)::date`;
const IN_HOURLY = `hour >= greatest(${FROM_AT}, ${DAY_DONE}) AND hour < least(${TO_AT}, ${HOUR_DONE})`;
const IN_RAW = `at >= greatest(${FROM_AT}, ${HOUR_DONE}) AND at < ${TO_AT}`;
/** Contact messages sent within the range. */
const MESSAGES_IN_RANGE = `created_at >= ${FROM_AT} AND created_at < ${TO_AT}`;

/** Page views and more, by path, over the range (`$from`, `$to`). */
const TRAFFIC_BY_PATH = `
  SELECT path, sum(views)::int AS views, sum(entries)::int AS entries, sum(engaged)::int AS engaged,
         sum(engaged_ms)::float8 AS engaged_ms, sum(outbound)::int AS outbound
    FROM (SELECT path, views, entries, engaged, engaged_ms, outbound FROM stats_daily_pages WHERE ${IN_DAILY}
          UNION ALL
          SELECT path, views, entries, engaged, engaged_ms, outbound FROM stats_hourly_pages WHERE ${IN_HOURLY}
          UNION ALL
          SELECT path, (kind = 'view')::int, (kind = 'view' AND entry)::int, (kind = 'engaged')::int,
                 CASE WHEN kind = 'engaged' THEN coalesce(engaged_ms, 0) ELSE 0 END, (kind = 'outbound')::int
            FROM stats_hits WHERE ${IN_RAW}) part
   GROUP BY path`;

/** A post's page is `/{slug}`, a project's `/portfolio/{slug}`. */
const PROJECT_PREFIX = `${PORTFOLIO_PATH}/`;

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);
const orNull = (name: string) => (name === '' ? null : name);

/** A day of the site's time zone (`YYYY-MM-DD`) of an instant. */
export function siteDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE }).format(at);
}

/** `day` moved by `days` (calendar days, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/**
 * The owner's statistics (both doors, the CSV export and the bench read them here): every range is of days
 * in the site's time zone, both ends included, today's figures live (see the parts above).
 */
@Injectable()
export class StatsService {
  constructor(private readonly dataSource: DataSource) {}

  /** Each day of the range and of as many days before it, with their totals. */
  async summary(range: StatsRange): Promise<StatsSummary> {
    const length = daysBetween(range.from, range.to);
    const previousRange = { from: addDays(range.from, -length), to: addDays(range.from, -1) };
    const rows = await this.query<StatsDay & { entries: number }>(
      `SELECT day::text AS day, sum(views)::int AS views, sum(entries)::int AS entries, sum(visitors)::int AS visitors
         FROM (SELECT day, views, entries, visitors FROM stats_days WHERE ${IN_DAILY}
               UNION ALL
               SELECT (hour AT TIME ZONE $tz)::date, views, entries, 0 FROM stats_hourly_pages WHERE ${IN_HOURLY}
               UNION ALL
               SELECT (at AT TIME ZONE $tz)::date, 1, entry::int, 0 FROM stats_hits WHERE ${IN_RAW} AND kind = 'view'
               UNION ALL
               SELECT day, 0, 0, ${estimateVisitorsSql('count(*)')} FROM stats_visitor_marks
                WHERE day >= $from::date AND day <= $to::date AND day >= (${DAY_DONE} AT TIME ZONE $tz)::date
                GROUP BY day) part
        GROUP BY day`,
      { from: previousRange.from, to: range.to },
    );
    const [inquiries] = await this.query<{ current: number; previous: number }>(
      `SELECT count(*) FILTER (WHERE created_at >= ${dayStartSql('$middle::date')})::int AS current,
              count(*) FILTER (WHERE created_at < ${dayStartSql('$middle::date')})::int AS previous
         FROM contact_messages WHERE ${MESSAGES_IN_RANGE}`,
      { from: previousRange.from, to: range.to, middle: range.from },
    );
    const byDay = new Map(rows.map((row) => [row.day, row]));
    const today = siteDay(new Date());
    const period = ({ from }: StatsRange, inquiryCount: number) => {
      const days = Array.from({ length }, (_, i) => addDays(from, i)).map(
        (day) => byDay.get(day) ?? { day, views: 0, entries: 0, visitors: 0 },
      );
      // The mean over the days that have begun: the days to come of a range have no visitors yet.
      const begun = days.filter((day) => day.day <= today);
      const totals: StatsTotals = {
        views: days.reduce((sum, day) => sum + day.views, 0),
        daily_visitors:
          begun.length > 0
            ? Math.round((begun.reduce((sum, day) => sum + day.visitors, 0) / begun.length) * 10) / 10
            : 0,
        entries: days.reduce((sum, day) => sum + day.entries, 0),
        inquiries: inquiryCount,
      };
      return { days: days.map(({ day, views, visitors }) => ({ day, views, visitors })), totals };
    };
    const current = period(range, inquiries.current);
    const previous = period(previousRange, inquiries.previous);
    return {
      from: range.from,
      to: range.to,
      days: current.days,
      previous: previous.days,
      totals: current.totals,
      previous_totals: previous.totals,
    };
  }

  /** The pages by views, each with the post or project it shows and the inquiries sent from it. */
  async pages(range: StatsRange, limit: StatsLimit = STATS_LIST_LIMIT): Promise<StatsPage[]> {
    const rows = await this.query<{
      path: string;
      views: number;
      entries: number;
      engaged: number;
      engaged_ms: number;
      outbound: number;
      inquiries: number;
      post_id: number | null;
      post_title: string | null;
      project_id: number | null;
      project_title: string | null;
    }>(
      `WITH traffic AS (${TRAFFIC_BY_PATH}),
            sent AS (
              SELECT source_path AS path, count(*)::int AS inquiries FROM contact_messages
               WHERE ${MESSAGES_IN_RANGE} AND source_path IS NOT NULL GROUP BY source_path),
            top AS (
              SELECT coalesce(traffic.path, sent.path) AS path, coalesce(views, 0) AS views,
                     coalesce(entries, 0) AS entries, coalesce(engaged, 0) AS engaged,
                     coalesce(engaged_ms, 0) AS engaged_ms, coalesce(outbound, 0) AS outbound,
                     coalesce(inquiries, 0) AS inquiries
                FROM traffic FULL JOIN sent ON sent.path = traffic.path
               ORDER BY views DESC, inquiries DESC, path LIMIT $limit)
       SELECT top.*, post.id AS post_id, post.title AS post_title, project.id AS project_id, project.title AS project_title
         FROM top
         LEFT JOIN posts post ON post.slug = substring(top.path FROM 2) AND post.deleted_at IS NULL
         LEFT JOIN projects project
           ON starts_with(top.path, $projectPrefix) AND project.slug = substring(top.path FROM $projectSlugAt::int)
          AND project.deleted_at IS NULL
        ORDER BY views DESC, inquiries DESC, path`,
      { ...range, limit, projectPrefix: PROJECT_PREFIX, projectSlugAt: PROJECT_PREFIX.length + 1 },
    );
    return rows.map((row) => ({
      path: row.path,
      kind: row.post_id !== null ? 'post' : row.project_id !== null ? 'project' : 'page',
      id: row.post_id ?? row.project_id,
      title: row.post_title ?? row.project_title,
      views: row.views,
      entries: row.entries,
      engaged_seconds: row.engaged > 0 ? Math.round(row.engaged_ms / row.engaged / 100) / 10 : null,
      outbound: row.outbound,
      inquiries: row.inquiries,
      conversion_rate: ratio(row.inquiries, row.views),
    }));
  }

  /** Where visits began (entries), with the inquiries each source brought. */
  async sources(range: StatsRange, limit: StatsLimit = STATS_LIST_LIMIT): Promise<StatsSourceRow[]> {
    const rows = await this.query<{ source: StatsSource; name: string; entries: number; inquiries: number }>(
      `WITH traffic AS (
              SELECT source, name, sum(entries)::int AS entries
                FROM (SELECT source, source_name AS name, entries FROM stats_daily_sources WHERE ${IN_DAILY}
                      UNION ALL
                      SELECT source, source_name, entries FROM stats_hourly_sources WHERE ${IN_HOURLY}
                      UNION ALL
                      SELECT coalesce(source, 'direct'), coalesce(source_name, ''), 1 FROM stats_hits
                       WHERE ${IN_RAW} AND kind = 'view' AND entry) part
               GROUP BY source, name),
            sent AS (
              SELECT visit_source AS source, coalesce(visit_source_name, '') AS name, count(*)::int AS inquiries
                FROM contact_messages WHERE ${MESSAGES_IN_RANGE} AND visit_source IS NOT NULL
               GROUP BY 1, 2)
       SELECT source, name, coalesce(entries, 0) AS entries, coalesce(inquiries, 0) AS inquiries
         FROM traffic FULL JOIN sent USING (source, name)
        ORDER BY entries DESC, inquiries DESC, source, name LIMIT $limit`,
      { ...range, limit },
    );
    return rows.map((row) => ({
      source: row.source,
      name: orNull(row.name),
      entries: row.entries,
      inquiries: row.inquiries,
      conversion_rate: ratio(row.inquiries, row.entries),
    }));
  }

  /** The terms searched for on the site, the most searched first, with what the last search found. */
  async searches(range: StatsRange, limit: StatsLimit = STATS_LIST_LIMIT): Promise<StatsSearch[]> {
    const rows = await this.query<{ term: string; searches: number; results: number }>(
      `SELECT term, sum(searches)::int AS searches, (array_agg(results ORDER BY at DESC))[1] AS results
         FROM (SELECT term, searches, results, ${dayStartSql('day')} AS at FROM stats_daily_searches WHERE ${IN_DAILY}
               UNION ALL
               SELECT term, searches, results, hour FROM stats_hourly_searches WHERE ${IN_HOURLY}
               UNION ALL
               SELECT search_term, 1, coalesce(search_results, 0), at FROM stats_hits
                WHERE ${IN_RAW} AND kind = 'view' AND search_term IS NOT NULL) part
        GROUP BY term
        ORDER BY searches DESC, term LIMIT $limit`,
      { ...range, limit },
    );
    return rows.map((row) => ({ ...row, found_nothing: row.results === 0 }));
  }

  /** The contact messages of the range by the page they were sent from, their topic and the visit's source. */
  async inquiries(range: StatsRange, limit: StatsLimit = STATS_LIST_LIMIT): Promise<StatsInquiries> {
    const params = { ...range, limit };
    const [[{ total }], byPage, byTopic, bySource] = await Promise.all([
      this.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM contact_messages WHERE ${MESSAGES_IN_RANGE}`,
        params,
      ),
      this.query<StatsInquiries['by_page'][number]>(
        `SELECT source_path AS path, count(*)::int AS inquiries FROM contact_messages WHERE ${MESSAGES_IN_RANGE}
          GROUP BY source_path ORDER BY inquiries DESC, path NULLS LAST LIMIT $limit`,
        params,
      ),
      // The topic's title as the last message gave it (a project renamed since keeps one row).
      this.query<StatsInquiries['by_topic'][number]>(
        `SELECT topic_kind, topic_slug, (array_agg(topic_title ORDER BY created_at DESC))[1] AS topic_title,
                count(*)::int AS inquiries
           FROM contact_messages WHERE ${MESSAGES_IN_RANGE}
          GROUP BY topic_kind, topic_slug ORDER BY inquiries DESC, topic_kind NULLS LAST, topic_slug LIMIT $limit`,
        params,
      ),
      this.query<StatsInquiries['by_source'][number]>(
        `SELECT visit_source AS source, visit_source_name AS name, count(*)::int AS inquiries
           FROM contact_messages WHERE ${MESSAGES_IN_RANGE}
          GROUP BY visit_source, visit_source_name ORDER BY inquiries DESC, source NULLS LAST, name LIMIT $limit`,
        params,
      ),
    ]);
    return { total, by_page: byPage, by_topic: byTopic, by_source: bySource };
  }

  /** Views of each post asked for over the last `STATS_POST_VIEWS_DAYS` days, today included (0 if none). */
  async postViews(ids: number[], now = new Date()): Promise<StatsPostViews> {
    const to = siteDay(now);
    return this.query<StatsPostViews[number]>(
      `WITH paths AS (SELECT id, '/' || slug AS path FROM posts WHERE id = ANY($ids::int[]) AND deleted_at IS NULL),
            views AS (
              SELECT path, sum(views)::int AS views
                FROM (SELECT path, views FROM stats_daily_pages
                       WHERE ${IN_DAILY} AND path IN (SELECT path FROM paths)
                      UNION ALL
                      SELECT path, views FROM stats_hourly_pages
                       WHERE ${IN_HOURLY} AND path IN (SELECT path FROM paths)
                      UNION ALL
                      SELECT path, 1 FROM stats_hits
                       WHERE ${IN_RAW} AND kind = 'view' AND path IN (SELECT path FROM paths)) part
               GROUP BY path)
       SELECT paths.id, coalesce(views.views, 0) AS views FROM paths LEFT JOIN views USING (path) ORDER BY paths.id`,
      { ids, from: addDays(to, 1 - STATS_POST_VIEWS_DAYS), to },
    );
  }

  private query<T>(sql: string, params: Record<string, unknown>): Promise<T[]> {
    return statsQuery<T>(this.dataSource.manager, sql, params);
  }
}
