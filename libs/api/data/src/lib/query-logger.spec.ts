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

  it('leave a refusal by an integrity constraint to the service that answers it (a debug line, not an error)', async () => {
    const debug = jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
    try {
      await database.dataSource.query('CREATE TABLE taken (slug text CONSTRAINT "UQ_taken_slug" UNIQUE)');
      await database.dataSource.query(`INSERT INTO taken VALUES ('hanoi')`);
      await expect(database.dataSource.query(`INSERT INTO taken VALUES ('hanoi')`)).rejects.toThrow('duplicate key');
      expect(errors).not.toHaveBeenCalled();
      expect(debug).toHaveBeenCalledWith(expect.stringContaining('Query refused by UQ_taken_slug'));
    } finally {
      debug.mockRestore();
    }
  });
});
