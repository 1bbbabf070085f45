import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The site's identity in General information, with the values the code had until now as defaults (so
 * an existing site looks the same until the owner changes them). Written out here, as a migration is
 * history: a later change of `SITE_IDENTITY_DEFAULTS` is a migration of its own.
 */
const COLUMNS = [
  ['site_name', 100, "Phuong's Blog"],
  [
    'site_description',
    300,
    'Travel stories, poems and English lessons for Vietnamese readers, by Phương, a freelance web developer in Sài Gòn.',
  ],
  ['hero_greeting', 100, "Xin chào! I'm Phương"],
  ['hero_title', 100, "Phuong's Blog"],
  ['hero_text', 300, 'Travel stories, poems and English lessons, written by a freelance web developer in Sài Gòn.'],
  ['author_name', 100, 'Phương'],
  ['copyright_holder', 100, "Phuong's Blog"],
] as const;

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

export class SiteIdentity1764870000000 implements MigrationInterface {
  name = 'SiteIdentity1764870000000';

  async up(q: QueryRunner): Promise<void> {
    const texts = COLUMNS.map(
      ([column, length, value]) => `ADD COLUMN ${column} varchar(${length}) NOT NULL DEFAULT ${literal(value)}`,
    );
    await q.query(`ALTER TABLE general_info ${[...texts, 'ADD COLUMN hero_image varchar(255)'].join(', ')}`);
  }

  async down(q: QueryRunner): Promise<void> {
    const columns = [...COLUMNS.map(([column]) => column), 'hero_image'];
    await q.query(`ALTER TABLE general_info ${columns.map((column) => `DROP COLUMN ${column}`).join(', ')}`);
  }
}
