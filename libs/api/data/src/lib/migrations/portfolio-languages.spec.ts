// Specs only: the shared test harness builds on this library, hence the dependency the layering rule would refuse.
import { queryFailureOf, useTestDatabase } from '../../testing';
import { PortfolioLanguages1795890000000 } from './1795890000000-portfolio-languages';

describe('the portfolio languages migration', () => {
  const database = useTestDatabase();
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => database.dataSource.query(sql, params);
  const GROUP = '0b7d5a52-3f0e-4d6c-9a51-2f1a0c9e7d11';

  afterEach(async () => {
    await query(`DELETE FROM testimonials`);
    await query(`DELETE FROM projects`);
    await query(`DELETE FROM services`);
  });

  it("gives what exists the default language 'en', and goes down and up again", async () => {
    const migration = new PortfolioLanguages1795890000000();
    const runner = database.dataSource.createQueryRunner();
    try {
      await query(`INSERT INTO projects (title, slug, year_from, language) VALUES ('Nhà', 'nha', 2024, 'vi')`);
      await query(`INSERT INTO projects (title, slug, year_from) VALUES ('Home', 'nha', 2024)`);
      await migration.down(runner);
      // One language again: the Vietnamese project sharing an English slug took `-vi`.
      expect(await query(`SELECT slug FROM projects ORDER BY slug`)).toEqual([{ slug: 'nha' }, { slug: 'nha-vi' }]);
      await query(`INSERT INTO services (name, slug) VALUES ('Web', 'web')`);
      await query(`INSERT INTO testimonials (name, quote, consented_on) VALUES ('Lan', 'Good', '2026-01-01')`);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    for (const table of ['projects', 'services', 'testimonials']) {
      expect(await query(`SELECT DISTINCT language, translation_group FROM ${table}`)).toEqual([
        { language: 'en', translation_group: null },
      ]);
    }
  });

  it('keeps slugs unique per language, one version per language in a group, and dissolves a group left alone', async () => {
    const project = (slug: string, language: string, group: string | null = null) =>
      `INSERT INTO projects (title, slug, year_from, language, translation_group)
       VALUES ('P', '${slug}', 2024, '${language}', ${group ? `'${group}'` : 'NULL'})`;
    await query(project('nha', 'en', GROUP));
    await query(project('nha', 'vi', GROUP));
    expect(await queryFailureOf(database, project('nha', 'vi'))).toMatchObject({ constraint: 'UQ_projects_slug' });
    expect(await queryFailureOf(database, project('other', 'vi', GROUP))).toMatchObject({
      constraint: 'UQ_projects_translation',
    });
    await query(`INSERT INTO services (name, slug, language) VALUES ('W', 'web', 'en'), ('W', 'web', 'vi')`);
    expect(
      await queryFailureOf(database, `INSERT INTO services (name, slug, language) VALUES ('W', 'web', 'vi')`),
    ).toMatchObject({ constraint: 'UQ_services_slug' });

    await query(`DELETE FROM projects WHERE language = 'vi'`);
    expect(await query(`SELECT translation_group FROM projects`)).toEqual([{ translation_group: null }]);
  });
});
