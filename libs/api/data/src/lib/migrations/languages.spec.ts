// Specs only: the shared test harness builds on this library, hence the dependency the layering rule would refuse.
import { queryFailureOf, useTestDatabase } from '../../testing';
import { Languages1795880000000 } from './1795880000000-languages';

describe('the languages migration', () => {
  const database = useTestDatabase();
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => database.dataSource.query(sql, params);
  const insertPost = (categoryId: number, slug: string, language: string) =>
    query(`INSERT INTO posts (category_id, title, slug, language) VALUES ($1, $2, $2, $3)`, [
      categoryId,
      slug,
      language,
    ]);

  afterEach(async () => {
    await query(`DELETE FROM slug_history`);
    await query(`DELETE FROM posts`);
    await query(`DELETE FROM categories`);
    await query(`DELETE FROM about`);
    await query(`DELETE FROM general_info`);
  });

  it("gives what exists the default language 'en', and goes down and up again", async () => {
    const migration = new Languages1795880000000();
    const runner = database.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      const [category] = await query<{ id: number }>(
        `INSERT INTO categories (name, slug) VALUES ('Travel', 'travel') RETURNING id`,
      );
      const [post] = await query<{ id: number }>(
        `INSERT INTO posts (category_id, title, slug) VALUES ($1, 'Hà Giang', 'ha-giang') RETURNING id`,
        [category.id],
      );
      await query(`INSERT INTO slug_history (slug, post_id) VALUES ('ha-giang-old', $1)`, [post.id]);
      await query(`INSERT INTO about (content) VALUES ('<p>Hi</p>')`);
      await query(`INSERT INTO general_info DEFAULT VALUES`);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await query(`SELECT language, translation_group FROM posts`)).toEqual([
      { language: 'en', translation_group: null },
    ]);
    expect(await query(`SELECT language, translation_group FROM categories`)).toEqual([
      { language: 'en', translation_group: null },
    ]);
    expect(await query(`SELECT language FROM slug_history`)).toEqual([{ language: 'en' }]);
    expect(await query(`SELECT language FROM about`)).toEqual([{ language: 'en' }]);
    expect(await query(`SELECT default_language, languages FROM general_info`)).toEqual([
      { default_language: 'en', languages: ['en', 'vi'] },
    ]);
  });

  it("keeps slugs and old slugs unique per language, a post's category in its language, and one version per language in a group", async () => {
    const [travel] = await query<{ id: number }>(
      `INSERT INTO categories (name, slug) VALUES ('T', 'travel') RETURNING id`,
    );
    const [duLich] = await query<{ id: number }>(
      `INSERT INTO categories (name, slug, language) VALUES ('T', 'travel', 'vi') RETURNING id`,
    );
    expect(
      await queryFailureOf(database, `INSERT INTO categories (name, slug, language) VALUES ('T', 'travel', 'vi')`),
    ).toMatchObject({
      constraint: 'UQ_categories_slug',
    });

    await insertPost(travel.id, 'ha-giang', 'en');
    await insertPost(duLich.id, 'ha-giang', 'vi');
    expect(
      await queryFailureOf(
        database,
        `INSERT INTO posts (category_id, title, slug, language) VALUES ($1, 'x', 'ha-giang', 'vi')`,
        [duLich.id],
      ),
    ).toMatchObject({ constraint: 'UQ_posts_slug' });

    expect(
      await queryFailureOf(
        database,
        `INSERT INTO posts (category_id, title, slug, language) VALUES ($1, 'x', 'x', 'vi')`,
        [travel.id],
      ),
    ).toMatchObject({ constraint: 'FK_posts_category_language' });

    const [en] = await query<{ id: number }>(`SELECT id FROM posts WHERE language = 'en'`);
    await query(`INSERT INTO slug_history (slug, post_id, language) VALUES ('old', $1, 'en'), ('old', $1, 'vi')`, [
      en.id,
    ]);
    expect(
      await queryFailureOf(database, `INSERT INTO slug_history (slug, post_id, language) VALUES ('old', $1, 'vi')`, [
        en.id,
      ]),
    ).toMatchObject({ constraint: 'UQ_slug_history_post_slug' });

    const group = '6f1c1f4e-8d0e-4a59-9c38-3a2f0f3b7c11';
    await query(`UPDATE posts SET translation_group = $1`, [group]);
    await insertPost(travel.id, 'another', 'en');
    expect(
      await queryFailureOf(database, `UPDATE posts SET translation_group = $1 WHERE slug = 'another'`, [group]),
    ).toMatchObject({ constraint: 'UQ_posts_translation' });
  });

  it('keeps one About page per language, and a default language the site runs', async () => {
    await query(`INSERT INTO general_info DEFAULT VALUES`);
    await query(`INSERT INTO about (content, language) VALUES ('en', 'en'), ('vi', 'vi')`);
    expect(await queryFailureOf(database, `INSERT INTO about (content, language) VALUES ('x', 'vi')`)).toMatchObject({
      constraint: 'UQ_about_language',
    });
    expect(
      await queryFailureOf(database, `UPDATE general_info SET default_language = 'vi', languages = '{en}'`),
    ).toMatchObject({ constraint: 'CHK_general_info_languages' });
  });

  it('indexes English words by their stems and Vietnamese ones without accents', async () => {
    const [travel] = await query<{ id: number }>(
      `INSERT INTO categories (name, slug) VALUES ('T', 'travel') RETURNING id`,
    );
    const [duLich] = await query<{ id: number }>(
      `INSERT INTO categories (name, slug, language) VALUES ('D', 'du-lich', 'vi') RETURNING id`,
    );
    await insertPost(travel.id, 'Travelling north', 'en');
    await insertPost(duLich.id, 'Đi Hà Giang', 'vi');
    const matches = (language: string, words: string) =>
      query(
        `SELECT slug FROM posts WHERE search_vector @@ to_tsquery(language_search_config($1), immutable_unaccent($2))`,
        [language, words],
      );
    expect(await matches('en', 'travels')).toEqual([{ slug: 'Travelling north' }]);
    expect(await matches('vi', 'ha & giang')).toEqual([{ slug: 'Đi Hà Giang' }]);
  });
});
