// Specs only: the shared test harness builds on this library, hence the dependency the layering rule would refuse.
import { useTestDatabase } from '../../testing';
import { CategoryDescriptions1764820000000 } from './1764820000000-category-descriptions';

describe('the category descriptions migration', () => {
  const database = useTestDatabase();
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => database.dataSource.query(sql, params);

  it("gives the home page's three categories the sentences the tiles showed, and the others none", async () => {
    const migration = new CategoryDescriptions1764820000000();
    const runner = database.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      await query(`INSERT INTO categories (name, slug) VALUES ('Story', 'story'), ('Du lịch', 'du-lich')`);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await query(`SELECT slug, description FROM categories ORDER BY slug`)).toEqual([
      { slug: 'du-lich', description: '' },
      { slug: 'story', description: 'Slow trips by bus and motorbike across Vietnam.' },
    ]);
  });
});
