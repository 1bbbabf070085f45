import { once } from 'node:events';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl from 'yauzl';
import type { SiteExport } from '@blog/contracts';
import { agentSignedInAs, eventually, expectAdminOnly, testJobsModule, trpcHttp, useTestApp } from '@blog/api/testing';
import { ExportsModule } from './exports.module';
import { SiteExportsRouter } from './site-exports.router';

/** The names of a zip's entries. */
function entriesOf(path: string): Promise<string[]> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    }),
  );
}

describe('background exports (the Export button): a job with progress, downloadable from any instance', () => {
  const t = useTestApp([testJobsModule(), ExportsModule], {
    trpc: (nest) => ({ exports: nest.get(SiteExportsRouter).router }),
    signIn: true,
  });
  const exportsTrpc = trpcHttp<SiteExportsRouter['router']>('exports');

  async function finished(id: number): Promise<SiteExport> {
    let current: SiteExport | undefined;
    await eventually(async () => {
      current = (await exportsTrpc.query(t.admin, 'byId', { id }).expect(200)).body.result.data as SiteExport;
      expect(current.state).toBe('done');
    }, 60_000);
    if (!current) throw new Error(`Export ${id} was never read`);
    return current;
  }

  beforeAll(async () => {
    await t.database.dataSource.query(`INSERT INTO categories (name, slug) VALUES ('Du lịch', 'du-lich')`);
    await t.database.dataSource.query(
      `INSERT INTO posts (category_id, title, slug, content) SELECT id, 'Đà Lạt', 'da-lat', '<p>Mưa</p>' FROM categories`,
    );
  });

  it('exports in the background, then serves the archive on another instance', async () => {
    const started = await exportsTrpc.mutation(t.admin, 'start', { include_messages: false }).expect(200);
    const id = started.body.result.data.id as number;
    const done = await finished(id);
    expect(done.progress.done).toBe(done.progress.total);
    expect(done.download_url).toBe(`/api/exports/${id}/download`);
    expect(done.file_name).toMatch(/^site-\d{4}-\d{2}-\d{2}\.zip$/);

    // Any instance: the archive is in PostgreSQL, not on the disk of the one that wrote it.
    const other = await t.appWith({ signIn: true });
    const admin = await agentSignedInAs(other, t.adminUser);
    const folder = mkdtempSync(join(tmpdir(), 'export-download-'));
    const path = join(folder, 'site.zip');
    const file = createWriteStream(path);
    const res = await admin
      .get(`/api/exports/${id}/download`)
      .buffer(true)
      .parse((response, callback) => {
        response.pipe(file);
        response.on('end', () => callback(null, null));
      })
      .expect(200);
    await once(file, 'close');
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${done.file_name}"`);
    expect(Number(res.headers['content-length'])).toBe(done.byte_size);
    expect(await entriesOf(path)).toContain('site.json');
    expect(
      (await exportsTrpc.query(t.admin, 'list').expect(200)).body.result.data.map((row: SiteExport) => row.id),
    ).toContain(id);
  });

  it('answers 404 for an unknown export and its download, and 400 for a bad id', async () => {
    await t.admin.get('/api/exports/999999').expect(404);
    await t.admin.get('/api/exports/999999/download').expect(404);
    const bad = await t.admin.get('/api/exports/abc').expect(400);
    expect(bad.body.errors[0].field).toBe('id');
  });

  it('is for administrators only, on both doors', async () => {
    await expectAdminOnly('POST /api/exports', (agent) => agent.post('/api/exports').send({}), t);
    await expectAdminOnly('GET /api/exports/{id}/download', (agent) => agent.get('/api/exports/1/download'), t);
    await expectAdminOnly('tRPC exports.start', (agent) => exportsTrpc.mutation(agent, 'start', {}), t);
    await expectAdminOnly('tRPC exports.list', (agent) => exportsTrpc.query(agent, 'list'), t);
  });
});
