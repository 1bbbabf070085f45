import type { MigrationInterface, QueryRunner } from 'typeorm';

const COLUMNS = ['facebook_url', 'instagram_url', 'linkedin_url', 'youtube_url', 'zalo_url', 'tiktok_url'];

/** The owner's social profile addresses in General information: null until she sets one. */
export class SocialProfiles1764500000000 implements MigrationInterface {
  name = 'SocialProfiles1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE general_info ${COLUMNS.map((column) => `ADD COLUMN ${column} varchar(300)`).join(', ')}`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE general_info ${COLUMNS.map((column) => `DROP COLUMN ${column}`).join(', ')}`);
  }
}
