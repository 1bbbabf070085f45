import { Logger } from '@nestjs/common';
// Specs only: the shared test harness builds on this library, hence the dependency the layering rule would refuse.
import { useTestDatabase } from '../testing';

describe('QueryLogger: the failed queries of every data source', () => {
  const database = useTestDatabase();
  let errors: jest.SpyInstance;

  beforeEach(() => {
    errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => errors.mockRestore());

  it("go through Nest's logger (so the server's), with PostgreSQL's message and the SQL but not the parameters", async () => {
    await expect(
      database.dataSource.query('SELECT * FROM missing_table WHERE email = $1', ['owner-secret@example.com']),
    ).rejects.toThrow('missing_table');
    expect(errors).toHaveBeenCalledTimes(1);
    const [message] = errors.mock.calls[0] as [string];
    expect(message).toContain('Query failed: relation "missing_table" does not exist');
    expect(message).toContain('SELECT * FROM missing_table WHERE email = $1');
    expect(message).not.toContain('owner-secret@example.com');
  });
});
