import { Agent, get, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Controller, Get, type INestApplication, Module } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { DATABASE_CONNECT_TIMEOUT_MS } from '@blog/api/data';
import {
  createTestApp,
  createTestDatabase,
  eventually,
  startDatabaseProxy,
  useTestDatabase,
  type DatabaseProxy,
  type TestDatabase,
} from '@blog/api/testing';
import { shutDownGracefully } from './graceful-shutdown';
import { HealthModule } from './health.module';
import { READY_CHECK_TIMEOUT_MS, ReadinessService } from './readiness.service';

jest.setTimeout(60_000);

/** A request that stays in flight until the test lets it go. */
let arrived: () => void = () => undefined;
let release: () => void = () => undefined;
@Controller('slow')
class SlowController {
  @Get()
  async slow(): Promise<{ done: true }> {
    await new Promise<void>((resolve) => {
      release = resolve;
      arrived();
    });
    return { done: true };
  }
}
@Module({ controllers: [SlowController] })
class SlowModule {}

/** A cookie as a signed-in browser sends it: the probes must not look it up in the sessions table. */
const SESSION_COOKIE_HEADER = 'blog.sid=s%3Aabc.def';

describe('GET /api/health and GET /api/ready', () => {
  let database: TestDatabase;
  let proxy: DatabaseProxy;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startDatabaseProxy(database.url);
    app = await createTestApp({ ...database, url: proxy.url }, [HealthModule]);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await database?.drop();
  });

  afterEach(() => proxy.restore());

  it('answers live and ready as uncached JSON', async () => {
    const live = await http().get('/api/health').expect(200);
    expect(live.body).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    expect(live.headers['content-type']).toMatch(/^application\/json/);

    const ready = await http().get('/api/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('keeps answering live while the database is down; ready answers 503 until it is back', async () => {
    proxy.cut('down');
    const live = await http().get('/api/health').set('Cookie', SESSION_COOKIE_HEADER).expect(200);
    expect(live.body).toEqual({ status: 'ok' });
    expect(live.headers['set-cookie']).toBeUndefined();

    const ready = await http().get('/api/ready').set('Cookie', SESSION_COOKIE_HEADER).expect(503);
    expect(ready.body).toEqual({ status: 'not ready', reason: 'database unavailable' });
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.headers['cache-control']).toBe('no-store');

    proxy.restore();
    await eventually(async () => {
      await http().get('/api/ready').expect(200);
    });
  });

  it('answers 503 after its own short timeout when the database does not answer at all', async () => {
    proxy.cut('silent');
    const started = Date.now();
    const ready = await http().get('/api/ready').expect(503);
    expect(ready.body).toEqual({ status: 'not ready', reason: 'database unavailable' });
    // Its own timeout, before the pool's connection timeout would have said so.
    expect(Date.now() - started).toBeGreaterThanOrEqual(READY_CHECK_TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(DATABASE_CONNECT_TIMEOUT_MS);
    await http().get('/api/health').expect(200);
  });

  it('answers 503 while a migration this code knows is not applied', async () => {
    const [last] = await database.dataSource.query('SELECT * FROM migrations ORDER BY id DESC LIMIT 1');
    await database.dataSource.query('DELETE FROM migrations WHERE id = $1', [last.id]);
    try {
      const ready = await http().get('/api/ready').expect(503);
      expect(ready.body).toEqual({ status: 'not ready', reason: 'migrations pending' });
    } finally {
      await database.dataSource.query('INSERT INTO migrations (id, timestamp, name) VALUES ($1, $2, $3)', [
        last.id,
        last.timestamp,
        last.name,
      ]);
    }
    await http().get('/api/ready').expect(200);
  });
});

describe('shutDownGracefully', () => {
  const database = useTestDatabase();
  let app: INestApplication;

  it('says not ready at once, refuses new connections, lets the request in flight finish, then closes the database', async () => {
    app = await createTestApp(database, [HealthModule, SlowModule]);
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    const appDataSource = app.get(DataSource);

    // A request in flight on a keep-alive connection, as a browser or a proxy holds them.
    const agent = new Agent({ keepAlive: true });
    const inFlight = new Promise<{ response: IncomingMessage; body: string }>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/api/slow', agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ response, body }));
      }).on('error', reject);
    });
    await new Promise<void>((resolve) => (arrived = resolve));
    // Ready just before.
    await request(app.getHttpServer()).get('/api/ready').expect(200);

    const closing = shutDownGracefully(app);
    expect(app.get(ReadinessService).shuttingDown).toBe(true);
    expect(await app.get(ReadinessService).check()).toEqual({ ready: false, reason: 'shutting down' });
    const refused = await new Promise<unknown>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', resolve);
    });
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect(appDataSource.isInitialized).toBe(true);

    release();
    const { response, body } = await inFlight;
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(body)).toEqual({ done: true });

    await closing;
    expect(appDataSource.isInitialized).toBe(false);
    agent.destroy();
  });
});
