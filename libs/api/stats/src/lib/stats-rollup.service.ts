import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SITE_TIME_ZONE } from '@blog/contracts';
import { APP_CONFIG, type AppConfig } from '@blog/api/core';
import { JobQueue } from '@blog/api/jobs';
import { dayStartSql, statsQuery } from './stats-sql';
import { estimateVisitorsSql } from './visitors';

/** The scheduled job that rolls the raw hits up into hours and days, and applies the retention. */
export const STATS_ROLLUP_JOB = 'stats.rollup';
/** Every ten minutes: an hour is rolled up within a quarter of an hour of its end, a day's salt destroyed as soon. */
const STATS_ROLLUP_SCHEDULE = '*/10 * * * *';
/**
 * An hour is rolled up once it ended this long ago: the instances write their hits in batches a few
 * seconds late, and a hit written into an hour already rolled up would be neither counted nor shown.
 */
const STATS_ROLLUP_DELAY_MS = 5 * 60_000;

/** A page's figures in the hourly and daily tables. */
const PAGE_FIGURES = ['views', 'entries', 'engaged', 'engaged_ms', 'outbound'];
/** An upsert's `SET` that adds the new row's figures to those of the row there (aliased `t`). */
const addedUp = (columns: string[]) =>
  columns.map((column) => `${column} = t.${column} + EXCLUDED.${column}`).join(', ');

/**
 * The roll-ups of the statistics (run by `STATS_ROLLUP_JOB`, once across instances):
 * 1. the raw hits of the completed UTC hours (`stats_hits`) are added to the hourly tables;
 * 2. each day of the site's time zone whose hours are all rolled up is added to the daily tables and to
 *    `stats_days` (its visitors counted from its marks), and its salt and marks are deleted;
 * 3. what is older than its retention goes (never what is not rolled up yet).
 * Each step runs in one transaction that locks and moves its mark in `stats_rollups`: a re-run, a retry
 * or a second instance finds the work done and adds nothing twice. Days use the site's time zone as a
 * parameter; in a zone whose offset is not whole hours a day's first hour is taken whole (off by the half hour).
 */
@Injectable()
export class StatsRollupService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      name: STATS_ROLLUP_JOB,
      handler: async () => void (await this.run()),
      retryLimit: 2,
      expireInSeconds: 15 * 60,
      policy: 'stately',
      schedule: { cron: STATS_ROLLUP_SCHEDULE, tz: SITE_TIME_ZONE },
    });
  }

  /** The job's work at `now` (a parameter for the specs): hours, days, then retention. */
  async run(now = new Date()): Promise<void> {
    await this.startMarks(now);
    await this.rollUpHours(now);
    while (await this.rollUpNextDay()) {
      // one transaction a day, until the day whose hours are not all rolled up
    }
    await this.applyRetention(now);
  }

  /**
   * The marks' first values: from the first raw hit's hour (or the current one) and that hour's day, or
   * the first day that has a salt, if earlier: nothing before them was ever counted.
   */
  private async startMarks(now: Date): Promise<void> {
    await statsQuery(
      this.dataSource.manager,
      `INSERT INTO stats_rollups (unit, done_until)
       SELECT 'hour', coalesce(date_trunc('hour', min(at), 'UTC'), date_trunc('hour', $now::timestamptz, 'UTC'))
         FROM stats_hits
       ON CONFLICT (unit) DO NOTHING`,
      { now },
    );
    await statsQuery(
      this.dataSource.manager,
      `INSERT INTO stats_rollups (unit, done_until)
       SELECT 'day', ${dayStartSql(
         `least((done_until AT TIME ZONE $tz)::date, (SELECT min(day) FROM stats_visitor_days))`,
       )}
         FROM stats_rollups WHERE unit = 'hour'
       ON CONFLICT (unit) DO NOTHING`,
      {},
    );
  }

  /** Adds the raw hits of every completed hour since the last run to the hourly tables. */
  private async rollUpHours(now: Date): Promise<void> {
    const hour = 3_600_000;
    const to = new Date(Math.floor((now.getTime() - STATS_ROLLUP_DELAY_MS) / hour) * hour);
    await this.dataSource.transaction(async (manager) => {
      const [{ done_until: from }] = await statsQuery<{ done_until: Date }>(
        manager,
        `SELECT done_until FROM stats_rollups WHERE unit = 'hour' FOR UPDATE`,
        {},
      );
      if (to <= from) return;
      const range = { from, to };
      const hits = `FROM stats_hits WHERE at >= $from AND at < $to`;
      await statsQuery(
        manager,
        `INSERT INTO stats_hourly_pages AS t (hour, path, views, entries, engaged, engaged_ms, outbound)
         SELECT date_trunc('hour', at, 'UTC'), path,
                count(*) FILTER (WHERE kind = 'view'),
                count(*) FILTER (WHERE kind = 'view' AND entry),
                count(*) FILTER (WHERE kind = 'engaged'),
                coalesce(sum(engaged_ms) FILTER (WHERE kind = 'engaged'), 0),
                count(*) FILTER (WHERE kind = 'outbound')
           ${hits} GROUP BY 1, 2
         ON CONFLICT (hour, path) DO UPDATE SET ${addedUp(PAGE_FIGURES)}`,
        range,
      );
      await statsQuery(
        manager,
        `INSERT INTO stats_hourly_sources AS t (hour, source, source_name, campaign, entries)
         SELECT date_trunc('hour', at, 'UTC'), coalesce(source, 'direct'), coalesce(source_name, ''),
                coalesce(campaign, ''), count(*)
           ${hits} AND kind = 'view' AND entry GROUP BY 1, 2, 3, 4
         ON CONFLICT (hour, source, source_name, campaign) DO UPDATE SET entries = t.entries + EXCLUDED.entries`,
        range,
      );
      await statsQuery(
        manager,
        `INSERT INTO stats_hourly_searches AS t (hour, term, searches, results)
         SELECT date_trunc('hour', at, 'UTC'), search_term, count(*),
                coalesce((array_agg(search_results ORDER BY at DESC, id DESC))[1], 0)
           ${hits} AND kind = 'view' AND search_term IS NOT NULL GROUP BY 1, 2
         ON CONFLICT (hour, term) DO UPDATE SET searches = t.searches + EXCLUDED.searches, results = EXCLUDED.results`,
        range,
      );
      await statsQuery(manager, `UPDATE stats_rollups SET done_until = $to WHERE unit = 'hour'`, { to });
    });
  }

  /**
   * Adds the first day not rolled up yet to the daily tables, if its hours all are, and deletes its salt
   * and marks (the day has ended: its visitors can no longer be told apart). Answers whether it did.
   */
  private async rollUpNextDay(): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [next] = await statsQuery<{ day: string; from: Date; to: Date; ready: boolean }>(
        manager,
        `SELECT d.day::text AS day, ${dayStartSql('d.day')} AS from, ${dayStartSql('d.day + 1')} AS to,
                ${dayStartSql('d.day + 1')} <= (SELECT done_until FROM stats_rollups WHERE unit = 'hour') AS ready
           FROM (SELECT (done_until AT TIME ZONE $tz)::date AS day FROM stats_rollups WHERE unit = 'day' FOR UPDATE) d`,
        {},
      );
      if (!next.ready) return false;
      const day = { day: next.day, from: next.from, to: next.to };
      const hours = `WHERE hour >= $from AND hour < $to`;
      await statsQuery(
        manager,
        `INSERT INTO stats_daily_pages AS t (day, path, views, entries, engaged, engaged_ms, outbound)
         SELECT $day::date, path, sum(views), sum(entries), sum(engaged), sum(engaged_ms), sum(outbound)
           FROM stats_hourly_pages ${hours} GROUP BY path
         ON CONFLICT (day, path) DO UPDATE SET ${addedUp(PAGE_FIGURES)}`,
        day,
      );
      await statsQuery(
        manager,
        `INSERT INTO stats_daily_sources AS t (day, source, source_name, campaign, entries)
         SELECT $day::date, source, source_name, campaign, sum(entries)
           FROM stats_hourly_sources ${hours} GROUP BY source, source_name, campaign
         ON CONFLICT (day, source, source_name, campaign) DO UPDATE SET entries = t.entries + EXCLUDED.entries`,
        day,
      );
      await statsQuery(
        manager,
        `INSERT INTO stats_daily_searches AS t (day, term, searches, results)
         SELECT $day::date, term, sum(searches), (array_agg(results ORDER BY hour DESC))[1]
           FROM stats_hourly_searches ${hours} GROUP BY term
         ON CONFLICT (day, term) DO UPDATE SET searches = t.searches + EXCLUDED.searches, results = EXCLUDED.results`,
        day,
      );
      await statsQuery(
        manager,
        `INSERT INTO stats_days AS t (day, views, entries, visitors)
         SELECT $day::date, coalesce(sum(views), 0), coalesce(sum(entries), 0),
                (SELECT ${estimateVisitorsSql('count(*)')} FROM stats_visitor_marks WHERE day = $day::date)
           FROM stats_hourly_pages ${hours}
         ON CONFLICT (day) DO UPDATE SET ${addedUp(['views', 'entries', 'visitors'])}`,
        day,
      );
      // The salt and, by the cascade, the marks: "destroyed when the day ends".
      await statsQuery(manager, `DELETE FROM stats_visitor_days WHERE day <= $day::date`, day);
      await statsQuery(manager, `UPDATE stats_rollups SET done_until = $to WHERE unit = 'day'`, day);
      return true;
    });
  }

  /** Deletes what outlived its retention, never a raw hit or an hourly row that is not rolled up yet. */
  private async applyRetention(now: Date): Promise<void> {
    const { hitsHours, hourlyDays, dailyDays } = this.config.statsRetention;
    const manager = this.dataSource.manager;
    await statsQuery(
      manager,
      `DELETE FROM stats_hits
        WHERE at < least($now::timestamptz - make_interval(hours => $hours),
                         (SELECT done_until FROM stats_rollups WHERE unit = 'hour'))`,
      { now, hours: hitsHours },
    );
    for (const table of ['stats_hourly_pages', 'stats_hourly_sources', 'stats_hourly_searches']) {
      await statsQuery(
        manager,
        `DELETE FROM ${table}
          WHERE hour < least($now::timestamptz - make_interval(days => $days),
                             (SELECT done_until FROM stats_rollups WHERE unit = 'day'))`,
        { now, days: hourlyDays },
      );
    }
    // A salt left from a day already rolled up (an instance that made it late) goes too.
    await statsQuery(
      manager,
      `DELETE FROM stats_visitor_days
        WHERE day < (SELECT (done_until AT TIME ZONE $tz)::date FROM stats_rollups WHERE unit = 'day')`,
      {},
    );
    if (dailyDays === 0) return;
    for (const table of ['stats_daily_pages', 'stats_daily_sources', 'stats_daily_searches', 'stats_days']) {
      await statsQuery(
        manager,
        `DELETE FROM ${table} WHERE day < ($now::timestamptz AT TIME ZONE $tz)::date - $days::int`,
        { now, days: dailyDays },
      );
    }
  }
}
