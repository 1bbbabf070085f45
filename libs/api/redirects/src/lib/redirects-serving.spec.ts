import { Logger, type INestApplication } from '@nestjs/common';
import express from 'express';
import { Client } from 'pg';
import request from 'supertest';
import { redirectInputSchema } from '@blog/contracts';
import { NON_HTML_CONTENT_SECURITY_POLICY } from '@blog/api/http';
import { CONTENT_CHANGED_CHANNEL, NotFoundHitEntity, RedirectEntity } from '@blog/api/data';
import { eventually } from '@blog/api/data/testing';
import { useTestApp } from '@blog/api/testing';
import { NotFoundLogService } from './not-found-log.service';
import { REDIRECT_CACHE_CONTROL, redirectsMiddleware } from './redirects.middleware';
import { RedirectsModule } from './redirects.module';
import { RedirectsService } from './redirects.service';

/**
 * One instance's public side as `createApp` mounts it: the redirects first, then a stand-in for the
 * public pages that answers every path 404 and hands it to the 404 log, as the real ones do.
 */
function publicSide(nest: INestApplication) {
  const app = express();
  app.use(redirectsMiddleware(nest.get(RedirectsService), { headers: { 'X-Content-Type-Options': 'nosniff' } }));
  app.use((req, res) => {
    nest.get(NotFoundLogService).record(req.originalUrl, req.headers.referer);
    res.status(404).send('NotFound');
  });
  return request(app);
}

describe('serving the redirects and logging the 404s', () => {
  const t = useTestApp([RedirectsModule]);
  const redirects = () => t.database.dataSource.getRepository(RedirectEntity);
  const notFoundHits = () => t.database.dataSource.getRepository(NotFoundHitEntity);
  const service = () => t.app.get(RedirectsService);
  const site = () => publicSide(t.app);
  /** As the doors create one: through the contract, which normalises `from_path`. */
  const add = (from_path: string, to_path: string, status_code: 301 | 302 = 301) =>
    service().create(redirectInputSchema.parse({ from_path, to_path, status_code }));

  beforeEach(async () => {
    // What an earlier test counted is written before the tables are emptied.
    await service().flushHits();
    await t.app.get(NotFoundLogService).flush();
    await redirects().clear();
    await notFoundHits().clear();
    await service().reload();
  });

  it('answers a redirected path with its status and Location, headers and a bounded cache, GET and HEAD', async () => {
    await add('/old-post', '/new-post');
    await add('/for-now', '/elsewhere?key=a', 302);

    const moved = await site().get('/old-post').expect(301);
    expect(moved.headers).toMatchObject({
      location: '/new-post',
      'cache-control': REDIRECT_CACHE_CONTROL[301],
      'content-security-policy': NON_HTML_CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
    });
    await site().head('/old-post').expect(301).expect('Location', '/new-post');
    const found = await site().get('/for-now').expect(302);
    expect(found.headers).toMatchObject({ location: '/elsewhere?key=a', 'cache-control': REDIRECT_CACHE_CONTROL[302] });
    // A form sent there is no visit: it goes on.
    await site().post('/old-post').expect(404);
  });

  it('matches with or without the trailing slash, encoded or not, and keeps only the old site query keys', async () => {
    await add('/a', '/to-a');
    await add('/b/', '/to-b');
    await add('/tiếng-anh', '/english');
    await add('/?p=12', '/post-12');
    await add('/archive', '/posts');

    await site().get('/a/').expect(301).expect('Location', '/to-a');
    await site().get('/b').expect(301).expect('Location', '/to-b');
    await site().get('/b//').expect(301).expect('Location', '/to-b');
    await site().get('/ti%E1%BA%BFng-anh/').expect(301).expect('Location', '/english');
    await site().get('/?utm_source=feed&p=12').expect(301).expect('Location', '/post-12');
    await site().get('/?p=13').expect(404);
    await site().get('/archive?cat=3&utm_source=x').expect(301).expect('Location', '/posts');
    await site().get('/a/b').expect(404);
  });

  it('never redirects /api, /trpc, /uploads or /admin, even with such a row in the table', async () => {
    await t.database.dataSource.query(
      `INSERT INTO redirects (from_path, to_path) VALUES ('/api/posts', '/x'), ('/trpc', '/x'), ('/uploads/a.jpg', '/x'), ('/admin', '/x')`,
    );
    await service().reload();
    for (const path of ['/api/posts', '/trpc', '/trpc/posts.home', '/uploads/a.jpg', '/admin', '/admin/'])
      await site().get(path).expect(404);
  });

  it('never leads off the site nor hides a route of its own, even with such a row in the table, and says so once', async () => {
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      await t.database.dataSource.query(
        `INSERT INTO redirects (from_path, to_path, status_code) VALUES
           ('/off-1', 'https://evil.example/login', 302), ('/off-2', '//evil.example/x', 302),
           ('/off-3', '/\\evil', 302), ('/off-4', 'https:evil.example', 302), ('/off-5', 'javascript:alert(1)', 302),
           ('/login', '/x', 302), ('/about', '/x', 301), ('/kept', '/a//b/../c', 301)`,
      );
      await service().reload();
      await service().reload();
      for (const path of ['/off-1', '/off-2', '/off-3', '/off-4', '/off-5', '/login', '/about', '/About/'])
        await site().get(path).expect(404);
      await site().get('/kept').expect(301).expect('Location', '/a/c');
      const lines = warned.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('not served'));
      expect(lines).toHaveLength(7);
      expect(lines).toContainEqual(
        expect.stringMatching(/from \/off-2 to \/\/evil\.example\/x not served: to_path must be a path on this site/),
      );
    } finally {
      warned.mockRestore();
    }
  });

  it('counts hits in memory and writes them in one go, leaving updated_at and the other instances alone', async () => {
    const redirect = await add('/counted', '/target');
    const before = await redirects().findOneByOrFail({ id: redirect.id });
    const notifications: string[] = [];
    const listener = new Client({ connectionString: t.database.url });
    await listener.connect();
    try {
      listener.on('notification', (message) => notifications.push(message.payload ?? ''));
      await listener.query(`LISTEN ${CONTENT_CHANGED_CHANNEL}`);

      for (let i = 0; i < 3; i++) await site().get('/counted/').expect(301);
      // Nothing written by the requests themselves.
      expect(await redirects().findOneByOrFail({ id: redirect.id })).toMatchObject({ hits: 0, last_hit_at: null });

      await service().flushHits();
      const after = await redirects().findOneByOrFail({ id: redirect.id });
      expect(after).toMatchObject({ hits: 3, updated_at: before.updated_at });
      expect(after.last_hit_at).toBeInstanceOf(Date);

      // The count announces no change (every instance would reload its map): a marker sent after it
      // arrives alone.
      await t.database.dataSource.query(`SELECT pg_notify($1, 'marker')`, [CONTENT_CHANGED_CHANNEL]);
      await eventually(async () => expect(notifications).toContain('marker'));
      expect(notifications).toEqual(['marker']);
    } finally {
      await listener.end();
    }
  });

  it('serves a change made on another instance, without a restart', async () => {
    const other = await t.appWith();
    const otherService = other.get(RedirectsService);
    const created = await otherService.create({ from_path: '/made-elsewhere', to_path: '/here', status_code: 301 });
    await eventually(async () => {
      await site().get('/made-elsewhere').expect(301).expect('Location', '/here');
    });

    await otherService.update(created.id, { from_path: '/made-elsewhere', to_path: '/there', status_code: 302 });
    await eventually(async () => {
      await site().get('/made-elsewhere').expect(302).expect('Location', '/there');
    });

    await otherService.remove(created.id);
    await eventually(async () => {
      await site().get('/made-elsewhere').expect(404);
    });
  });

  it('logs a 404 with its path as a redirect would take it and only the host of the referrer', async () => {
    await site().get('/gone/?utm_source=newsletter').set('Referer', 'https://mail.example.com/inbox?id=42').expect(404);
    await site().get('/gone').expect(404);
    await t.app.get(NotFoundLogService).flush();

    const [row] = await notFoundHits().find();
    expect(row).toMatchObject({ path: '/gone', hits: 2, referrer_host: null });
    // The last hit had no referrer; the one before had only its host kept.
    await site().get('/gone').set('Referer', 'https://mail.example.com/inbox?id=42').expect(404);
    await t.app.get(NotFoundLogService).flush();
    expect(await notFoundHits().findOneByOrFail({ path: '/gone' })).toMatchObject({
      hits: 3,
      referrer_host: 'mail.example.com',
    });
    // Nothing of the referrer's path or query, nor of the page's query, is kept (the row's id and times
    // left out of the check: a time such as 15:42 is no leak).
    const kept = (await notFoundHits().find()).map(({ path, referrer_host }) => ({ path, referrer_host }));
    expect(JSON.stringify(kept)).not.toMatch(/inbox|42|newsletter/);

    // Redirected from now on: no longer a 404, and out of the log.
    await add('/gone', '/found');
    await site().get('/gone').expect(301);
    expect(await notFoundHits().count()).toBe(0);
  });
});
