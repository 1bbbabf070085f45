import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How far the statistics' roll-ups have gone (libs/api/stats): `hour` is the end of the last UTC hour
 * whose raw hits were added to the hourly tables, `day` the start (in the site's time zone) of the first
 * day not yet added to the daily tables. Each roll-up step locks its row and moves it in the transaction
 * that adds the figures, so that a re-run or a second instance never adds them twice; the readers add
 * to the rolled-up figures only what lies past these marks.
 */
export class StatsRollups1795800100000 implements MigrationInterface {
  name = 'StatsRollups1795800100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE stats_rollups (
         unit varchar(4) PRIMARY KEY CHECK (unit IN ('hour', 'day')),
         done_until timestamptz NOT NULL
       )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE stats_rollups`);
  }
}
