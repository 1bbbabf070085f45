import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether the owner takes work, in General information: a state, the booking's last day (which a
 * booking must have) and her line. An existing site is available, with no line, until she sets it.
 */
export class Availability1764885000000 implements MigrationInterface {
  name = 'Availability1764885000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE general_info
         ADD COLUMN availability varchar(20) NOT NULL DEFAULT 'available',
         ADD COLUMN booked_until date,
         ADD COLUMN availability_note varchar(160) NOT NULL DEFAULT '',
         ADD CONSTRAINT "CHK_general_info_availability"
           CHECK (availability IN ('available', 'booked', 'not_taking_work')),
         ADD CONSTRAINT "CHK_general_info_booked_until" CHECK (availability <> 'booked' OR booked_until IS NOT NULL)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE general_info DROP COLUMN availability, DROP COLUMN booked_until, DROP COLUMN availability_note`,
    );
  }
}
