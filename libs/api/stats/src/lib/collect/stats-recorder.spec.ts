import request from 'supertest';
import { STATS_BEACON_PATH, STATS_BEACON_RATE_LIMITS } from '@blog/contracts';
import { testConfig, testJobsModule, useTestApp } from '@blog/api/testing';
import { StatsModule } from '../stats.module';
import { StatsRecorder } from './stats-recorder';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const page = { method: 'GET', url: '/about', headers: { 'user-agent': BROWSER } };

describe('StatsRecorder with STATS=false', () => {
  const t = useTestApp([testJobsModule(), StatsModule], { config: () => testConfig({ STATS: 'false' }) });

  it('counts neither pages nor beacon reports', async () => {
    const stats = t.app.get(StatsRecorder);
    stats.recordPageView(page, 200, () => '192.0.2.1');
    await request(t.app.getHttpServer())
      .post(STATS_BEACON_PATH)
      .set({ 'User-Agent': BROWSER, 'Content-Type': 'text/plain' })
      .send(JSON.stringify({ kind: 'view', path: '/posts' }))
      .expect(204);
    await stats.flush();
    expect(await t.database.dataSource.query(`SELECT * FROM stats_hits`)).toEqual([]);
    expect(await t.database.dataSource.query(`SELECT * FROM stats_visitor_days`)).toEqual([]);
  });
});

describe('the beacon door', () => {
  const t = useTestApp([testJobsModule(), StatsModule]);

  it('writes a batch of hits in one statement, and limits the reports of one address (429, in memory)', async () => {
    const stats = t.app.get(StatsRecorder);
    for (let i = 0; i < 3; i++) stats.recordPageView({ ...page, url: `/about?page=${i}` }, 200, () => '192.0.2.1');
    await stats.flush();
    const rows = await t.database.dataSource.query(`SELECT path FROM stats_hits ORDER BY id`);
    expect(rows).toEqual([{ path: '/about?page=0' }, { path: '/about?page=1' }, { path: '/about?page=2' }]);

    const report = () =>
      request(t.app.getHttpServer())
        .post(STATS_BEACON_PATH)
        .set({ 'User-Agent': BROWSER, 'Content-Type': 'text/plain' })
        .send(JSON.stringify({ kind: 'engaged', path: '/about', ms: 1500 }));
    const { points } = STATS_BEACON_RATE_LIMITS.perAddress;
    for (let i = 0; i < points; i++) await report().expect(204);
    const refused = await report().expect(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(await t.database.dataSource.query(`SELECT count(*)::int AS n FROM rate_limits`)).toEqual([{ n: 0 }]);
  });
});
