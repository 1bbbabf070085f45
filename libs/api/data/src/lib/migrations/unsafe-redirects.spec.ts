import { Logger } from '@nestjs/common';
// Specs only: the shared test harness builds on this library, hence the dependency the layering rule would refuse.
import { useTestDatabase } from '../../testing';
import { UnsafeRedirects1764813000000 } from './1764813000000-unsafe-redirects';

describe('the unsafe redirects migration', () => {
  const database = useTestDatabase();

  it('deletes the rows that lead off the site or hide a route of its own, naming each in the log', async () => {
    await database.dataSource.query(
      `INSERT INTO redirects (from_path, to_path) VALUES ('/login', 'https://evil.example/login'),
         ('/old-1', '/\\evil'), ('/about', '/about-page'), ('/old-2', '/a//b'), ('/old-3', '/posts')`,
    );
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const runner = database.dataSource.createQueryRunner();
    let lines: unknown[] = [];
    try {
      await new UnsafeRedirects1764813000000().up(runner);
      lines = warned.mock.calls.map(([line]) => line);
    } finally {
      await runner.release();
      warned.mockRestore();
    }
    expect(await database.dataSource.query(`SELECT from_path, to_path FROM redirects ORDER BY from_path`)).toEqual([
      { from_path: '/old-2', to_path: '/a//b' },
      { from_path: '/old-3', to_path: '/posts' },
    ]);
    expect(lines).toEqual([
      expect.stringMatching(
        /from \/login to https:\/\/evil\.example\/login deleted: to_path must be a path on this site/,
      ),
      expect.stringMatching(/from \/old-1 to \/\\evil deleted: to_path must be a path on this site, not another host/),
      expect.stringMatching(
        /from \/about to \/about-page deleted: from_path is an address of the site itself \(\/about\)/,
      ),
    ]);
  });
});
