import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Backup, Import } from '@blog/contracts';
import { eventually, expectAdminOnly, testConfig, testJobsModule, trpcHttp, useTestApp } from '@blog/api/testing';
import { ImportsModule } from '../imports.module';
import { BackupsRouter } from './backups.router';
import { backupNameAt } from './backups.service';

describe('backups (DATA_DIR/backups, made by the job queue, restored as an import)', () => {
  const t = useTestApp([testJobsModule(), ImportsModule], {
    config: () => testConfig({ BACKUP_KEEP: '2', BACKUP_SCHEDULE: '0 3 * * *' }),
    trpc: (nest) => ({ backups: nest.get(BackupsRouter).router }),
    signIn: true,
  });
  const backups = trpcHttp<BackupsRouter['router']>('backups');
  const titleOf = async (slug: string) =>
    (
      (await t.database.dataSource.query(`SELECT title FROM posts WHERE slug = $1`, [slug])) as Array<{ title: string }>
    )[0]?.title;

  beforeAll(async () => {
    await t.database.dataSource.query(`INSERT INTO categories (name, slug) VALUES ('Thơ', 'tho')`);
    await t.database.dataSource.query(
      `INSERT INTO posts (category_id, title, slug, content) SELECT id, 'Mưa đầu mùa', 'mua-dau-mua', '<p>Mưa</p>' FROM categories`,
    );
  });

  it('names backups so that they sort by time and match the only names it serves', () => {
    expect(backupNameAt(new Date('2026-11-25T03:00:00.123Z'))).toBe('site-backup-20261125T030000Z.zip');
  });

  it('schedules the backup job in the queue (once for every instance)', async () => {
    const rows = (await t.database.dataSource.query(
      `SELECT name, cron, timezone FROM pgboss.schedule WHERE name LIKE 'backups.%'`,
    )) as Array<{
      name: string;
      cron: string;
      timezone: string;
    }>;
    expect(rows).toEqual([{ name: 'backups.run', cron: '0 3 * * *', timezone: 'Asia/Ho_Chi_Minh' }]);
  });

  it('makes a backup now, lists it, serves it, and keeps only BACKUP_KEEP of them', async () => {
    const names: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const made = await backups.mutation(t.admin, 'createNow').set('Content-Type', 'application/json').expect(200);
      names.push(made.body.result.data.name);
      await eventually(async () => {
        const listed = (await backups.query(t.admin, 'list').expect(200)).body.result.data as Backup[];
        expect(listed.map((backup) => backup.name)).toContain(names[n]);
      }, 60_000);
      // Names are by the second.
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    const listed = (await backups.query(t.admin, 'list').expect(200)).body.result.data as Backup[];
    expect(listed.map((backup) => backup.name)).toEqual([names[2], names[1]]);
    expect(readdirSync(t.config.backupDir).sort()).toEqual([names[1], names[2]].sort());
    const download = await t.admin.get(listed[0].download_url).expect(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(Number(download.headers['content-length'])).toBe(listed[0].byte_size);
  });

  it('restores a backup after backing up the current state first', async () => {
    const [latest] = (await backups.query(t.admin, 'list').expect(200)).body.result.data as Backup[];
    await t.database.dataSource.query(`UPDATE posts SET title = 'Changed since' WHERE slug = 'mua-dau-mua'`);
    const before = readdirSync(t.config.backupDir).length;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const restore = await backups.mutation(t.admin, 'restore', { name: latest.name }).expect(200);
    const id = restore.body.result.data.id as number;
    // The state before the restore was backed up (the oldest went, BACKUP_KEEP being 2).
    expect(readdirSync(t.config.backupDir)).toHaveLength(Math.min(before + 1, 2));
    await eventually(async () => {
      const current = (await t.admin.get(`/api/imports/${id}`).expect(200)).body as Import;
      expect(current.state).toBe('done');
    }, 60_000);
    expect(await titleOf('mua-dau-mua')).toBe('Mưa đầu mùa');
  });

  it('refuses a name that is not a backup (400) and answers 404 for one that is not there', async () => {
    const bad = await t.admin.get('/api/backups/..%2Fsecrets').expect(400);
    expect(bad.body.errors[0].field).toBe('name');
    await t.admin.get('/api/backups/site-backup-20000101T000000Z.zip').expect(404);
    expect(existsSync(join(t.config.backupDir, '..', 'secrets'))).toBe(false);
  });

  it('is for administrators only, on both doors', async () => {
    await expectAdminOnly('GET /api/backups', (agent) => agent.get('/api/backups'), t);
    await expectAdminOnly('POST /api/backups', (agent) => agent.post('/api/backups'), t);
    await expectAdminOnly('tRPC backups.restore', (agent) => backups.mutation(agent, 'restore', { name: 'x' }), t);
  });
});
