// Specs only: the shared test harness builds on this library, hence the dependency the layering rule would refuse.
import { queryFailureOf, useTestDatabase } from '../../testing';
import { SubscriberLanguages1795890000500 } from './1795890000500-subscriber-languages';

describe('the subscriber languages migration', () => {
  const database = useTestDatabase();
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => database.dataSource.query(sql, params);

  afterEach(async () => {
    await query(`DELETE FROM subscribers`);
    await query(`DELETE FROM general_info`);
  });

  it("gives those who subscribed before the site's default language, and goes down and up again", async () => {
    const migration = new SubscriberLanguages1795890000500();
    const runner = database.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      await query(`INSERT INTO subscribers (email, consent_source) VALUES ('lan@example.com', 'form')`);
      await query(`INSERT INTO general_info (default_language, languages) VALUES ('vi', '{en,vi}')`);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await query(`SELECT language FROM subscribers`)).toEqual([{ language: 'vi' }]);
    const refused = await queryFailureOf(
      database,
      `INSERT INTO subscribers (email, consent_source, language) VALUES ('x@example.com', 'form', 'fr')`,
    );
    expect(refused).toMatchObject({ constraint: 'CHK_subscribers_language' });
  });
});
