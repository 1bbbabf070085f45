import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A category's description, shown under its name on the home page's tiles, editable in the admin. The
 * three tiles' categories get the sentences the home page showed until now, so a site looks the same.
 */
export class CategoryDescriptions1764820000000 implements MigrationInterface {
  name = 'CategoryDescriptions1764820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE categories ADD COLUMN description text NOT NULL DEFAULT ''`);
    await q.query(
      `UPDATE categories SET description = tile.description
         FROM (VALUES ('tieng-anh', 'Practical English lessons for Vietnamese learners.'),
                      ('story', 'Slow trips by bus and motorbike across Vietnam.'),
                      ('poem', 'Small moments, mostly written in cafés.')) AS tile (slug, description)
        WHERE categories.slug = tile.slug`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE categories DROP COLUMN description`);
  }
}
