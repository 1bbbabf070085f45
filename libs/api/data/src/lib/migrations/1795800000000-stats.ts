import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * First-party analytics (libs/api/stats). No table holds a client's address, user agent or a visitor id:
 * - `stats_hits`: the raw hits (page views the server answered or the beacon reported, time on page,
 *   clicks out), kept a short time, then rolled up;
 * - `stats_hourly_*` / `stats_daily_*`: the roll-ups by page, by source and by search term (hours are
 *   UTC hours, days are the site's time zone's);
 * - `stats_days`: each past day's page views and visitors;
 * - `stats_visitor_days`: today's random salt, shared by the instances, and `stats_visitor_marks` the marks
 *   (a few bits of each visitor's salted hash, shared by many) that count today's visitors; both go when
 *   their day has ended and is counted.
 * Contact messages record the source of the visit that sent them (its group and name), never the visitor.
 */
export class Stats1795800000000 implements MigrationInterface {
  name = 'Stats1795800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE stats_hits (
         id bigserial PRIMARY KEY,
         at timestamptz NOT NULL,
         kind varchar(12) NOT NULL CHECK (kind IN ('view', 'engaged', 'outbound')),
         path varchar(300) NOT NULL,
         entry boolean NOT NULL DEFAULT false,
         source varchar(12),
         source_name varchar(255),
         campaign varchar(255),
         search_term varchar(200),
         search_results int,
         engaged_ms int,
         target varchar(255)
       )`,
    );
    await q.query(`CREATE INDEX "IDX_stats_hits_at" ON stats_hits (at)`);
    for (const [unit, column] of [
      ['hourly', 'hour timestamptz'],
      ['daily', 'day date'],
    ]) {
      const key = column.split(' ')[0];
      await q.query(
        `CREATE TABLE stats_${unit}_pages (
           ${column} NOT NULL,
           path varchar(300) NOT NULL,
           views int NOT NULL DEFAULT 0,
           entries int NOT NULL DEFAULT 0,
           engaged int NOT NULL DEFAULT 0,
           engaged_ms bigint NOT NULL DEFAULT 0,
           outbound int NOT NULL DEFAULT 0,
           PRIMARY KEY (${key}, path)
         )`,
      );
      // '' rather than null in the keys: a primary key takes no null.
      await q.query(
        `CREATE TABLE stats_${unit}_sources (
           ${column} NOT NULL,
           source varchar(12) NOT NULL,
           source_name varchar(255) NOT NULL DEFAULT '',
           campaign varchar(255) NOT NULL DEFAULT '',
           entries int NOT NULL DEFAULT 0,
           PRIMARY KEY (${key}, source, source_name, campaign)
         )`,
      );
      await q.query(
        `CREATE TABLE stats_${unit}_searches (
           ${column} NOT NULL,
           term varchar(200) NOT NULL,
           searches int NOT NULL DEFAULT 0,
           results int NOT NULL DEFAULT 0,
           PRIMARY KEY (${key}, term)
         )`,
      );
    }
    await q.query(
      `CREATE TABLE stats_days (
         day date PRIMARY KEY,
         views int NOT NULL DEFAULT 0,
         visitors int NOT NULL DEFAULT 0,
         entries int NOT NULL DEFAULT 0
       )`,
    );
    await q.query(
      `CREATE TABLE stats_visitor_days (
         day date PRIMARY KEY,
         salt bytea NOT NULL
       )`,
    );
    await q.query(
      `CREATE TABLE stats_visitor_marks (
         day date NOT NULL REFERENCES stats_visitor_days (day) ON DELETE CASCADE,
         mark int NOT NULL,
         PRIMARY KEY (day, mark)
       )`,
    );
    await q.query(
      `ALTER TABLE contact_messages
         ADD COLUMN visit_source varchar(12),
         ADD COLUMN visit_source_name varchar(255)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contact_messages DROP COLUMN visit_source, DROP COLUMN visit_source_name`);
    await q.query(`DROP TABLE stats_visitor_marks, stats_visitor_days, stats_days, stats_hits`);
    for (const unit of ['hourly', 'daily']) {
      await q.query(`DROP TABLE stats_${unit}_pages, stats_${unit}_sources, stats_${unit}_searches`);
    }
  }
}
