import { Writable } from 'node:stream';
import { Body, Controller, Get, type INestApplication, Logger, Module, Post } from '@nestjs/common';
import { Logger as NestPinoLogger } from 'nestjs-pino';
import request from 'supertest';
import { QueryFailedError } from 'typeorm';
import { UNEXPECTED_ERROR_MESSAGE } from '@blog/api/core';
import { publicProcedure, router } from '@blog/api/http';
import { createTestDatabase, type TestDatabase } from '@blog/api/data/testing';
import { createTestApp, testConfig } from './test-app';

/** A database, its migrations and two apps: slow on a loaded machine. */
const SETUP_TIMEOUT_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** What a failed query throws: its SQL, its parameters and PostgreSQL's own words. */
const queryFailure = () =>
  new QueryFailedError(
    'SELECT password_hash FROM users WHERE email = $1',
    ['owner@example.com'],
    new Error('relation "secret_table" does not exist'),
  );
/** Text of the failure that must never reach a client. */
const LEAKS = ['secret_table', 'password_hash', 'owner@example.com', 'QueryFailedError', '    at '];

@Controller('test')
class FailingController {
  @Get('query-failure')
  fail(): never {
    throw queryFailure();
  }

  @Post('echo')
  echo(@Body() body: unknown): { received: boolean } {
    return { received: body !== undefined };
  }
}

@Module({ controllers: [FailingController] })
class FailingModule {}

const failingRouter = router({
  queryFailure: publicProcedure.query(() => {
    throw queryFailure();
  }),
  logs: publicProcedure.query(async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    new Logger('Procedure').log('logged through Nest');
    return 'ok';
  }),
});

interface LogLine {
  level: number;
  msg: string;
  context?: string;
  requestId?: string;
  where?: string;
  err?: { type: string; message: string; stack: string; parameters?: unknown };
  req?: { method: string; url: string; remoteAddress: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/** Keeps every JSON line the app logs. */
class LogCapture extends Writable {
  readonly lines: LogLine[] = [];
  readonly text: string[] = [];

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      this.text.push(line);
      this.lines.push(JSON.parse(line) as LogLine);
    }
    done();
  }

  /** The lines of one request, once `count` of them are there (the access line follows the answer). */
  async of(requestId: string, count: number): Promise<LogLine[]> {
    // Returns as soon as they are there; the room is for a busy machine.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = this.lines.filter((line) => line.requestId === requestId);
      if (found.length >= count || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe('configureHttpApp: request ids, the access log and unexpected errors', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let behindProxy: INestApplication;
  const log = new LogCapture();

  beforeAll(async () => {
    database = await createTestDatabase();
    // Development mode, where tRPC would add the stack to an error's answer.
    app = await createTestApp(database, [FailingModule], {
      config: testConfig({ NODE_ENV: 'development', LOG_LEVEL: 'info' }),
      logDestination: log,
      trpc: () => ({ failing: failingRouter }),
    });
    behindProxy = await createTestApp(database, [FailingModule], { config: testConfig({ TRUST_PROXY: 'loopback' }) });
    // Nest's logger through pino, as the server has it (createTestApp turns Nest's logger off, for all apps).
    app.useLogger(app.get(NestPinoLogger));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await behindProxy?.close();
    await database?.drop();
  });

  describe('an unexpected error', () => {
    it('reaches a tRPC client as a generic message, without database text or stack', async () => {
      const res = await request(app.getHttpServer()).get('/trpc/failing.queryFailure').expect(500);
      expect(res.body.error.message).toBe(UNEXPECTED_ERROR_MESSAGE);
      expect(res.body.error.data).toMatchObject({
        code: 'INTERNAL_SERVER_ERROR',
        httpStatus: 500,
        path: 'failing.queryFailure',
      });
      expect(res.body.error.data.stack).toBeUndefined();
      for (const leak of LEAKS) expect(JSON.stringify(res.body)).not.toContain(leak);
    });

    it('is logged in full with the request id, the procedure and the stack (tRPC)', async () => {
      const res = await request(app.getHttpServer()).get('/trpc/failing.queryFailure').expect(500);
      const requestId = res.headers['x-request-id'];
      const [error] = (await log.of(requestId, 2)).filter((line) => line.err?.type === 'QueryFailedError');
      expect(error).toMatchObject({ level: 50, where: 'tRPC failing.queryFailure' });
      expect(error.err?.message).toBe('relation "secret_table" does not exist');
      expect(error.err?.stack).toContain('queryFailure');
      // The query's parameters (e-mails, hashes) stay out of the log.
      expect(error.err?.parameters).toBe('[Redacted]');
    });

    it('reaches a REST client as the generic 500 and is logged with the request id', async () => {
      const res = await request(app.getHttpServer()).get('/api/test/query-failure').expect(500);
      expect(res.body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: UNEXPECTED_ERROR_MESSAGE });
      for (const leak of LEAKS) expect(JSON.stringify(res.body)).not.toContain(leak);
      const lines = await log.of(res.headers['x-request-id'], 2);
      const error = lines.find((line) => line.err?.type === 'QueryFailedError');
      expect(error).toMatchObject({ level: 50, where: 'GET /api/test/query-failure' });
      expect(error?.err?.stack).toContain('queryFailure');
      // The access line says 500 at the error level; the error itself is on the line above only.
      const access = lines.find((line) => line.msg === 'GET /api/test/query-failure 500');
      expect(access).toMatchObject({ level: 50, res: { statusCode: 500 } });
      expect(access?.err).toBeUndefined();
    });
  });

  describe('request ids', () => {
    it("are on the lines Nest's Logger writes while a request is handled, in a tRPC procedure too", async () => {
      const res = await request(app.getHttpServer()).get('/trpc/failing.logs').expect(200);
      const lines = await log.of(res.headers['x-request-id'], 2);
      expect(lines.find((line) => line.msg === 'logged through Nest')).toMatchObject({
        level: 30,
        context: 'Procedure',
      });
    });

    it('gives every answer a new one in X-Request-Id', async () => {
      const first = await request(app.getHttpServer()).get('/api/nowhere').expect(404);
      const second = await request(app.getHttpServer()).get('/trpc/nowhere').expect(404);
      expect(first.headers['x-request-id']).toMatch(UUID);
      expect(second.headers['x-request-id']).toMatch(UUID);
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    });

    it("ignores a client's X-Request-Id without TRUST_PROXY", async () => {
      const res = await request(app.getHttpServer()).get('/api/nowhere').set('X-Request-Id', 'chosen-by-client');
      expect(res.headers['x-request-id']).toMatch(UUID);
    });

    it("takes a trusted proxy's X-Request-Id when it is a sane one", async () => {
      const http = () => request(behindProxy.getHttpServer()).get('/api/nowhere');
      expect((await http().set('X-Request-Id', 'edge-7f3a:42')).headers['x-request-id']).toBe('edge-7f3a:42');
      for (const insane of ['a'.repeat(129), 'two words', '"quoted"', '{"json":1}']) {
        expect((await http().set('X-Request-Id', insane)).headers['x-request-id']).toMatch(UUID);
      }
    });
  });

  describe('the access log', () => {
    it('has one line per request: method, URL, status, address and time, under the request id', async () => {
      const res = await request(app.getHttpServer()).get('/api/nowhere?page=2').expect(404);
      const [line] = await log.of(res.headers['x-request-id'], 1);
      expect(line).toMatchObject({
        level: 30,
        msg: 'GET /api/nowhere?page=2 404',
        req: { method: 'GET', url: '/api/nowhere?page=2' },
        res: { statusCode: 404 },
      });
      expect(line.req?.remoteAddress).toMatch(/127\.0\.0\.1$/);
      expect(line.responseTime).toEqual(expect.any(Number));
    });

    it('never holds cookies, credentials, bodies or tokens', async () => {
      const res = await request(app.getHttpServer())
        .post('/api/test/echo?token=reset-token-value')
        .set('Cookie', 'blog.sid=cookie-value')
        .set('Authorization', 'Bearer authorization-value')
        .send({ email: 'owner@example.com', password: 'password-value' })
        // A bearer that is no API token is refused (401): its line holds it no more than an accepted one would.
        .expect(401);
      const lines = await log.of(res.headers['x-request-id'], 1);
      expect(lines).toHaveLength(1);
      expect(lines[0].req?.url).toBe('/api/test/echo?token=[Redacted]');
      const text = log.text.filter((line) => line.includes(res.headers['x-request-id'])).join('\n');
      for (const secret of [
        'cookie-value',
        'authorization-value',
        'password-value',
        'owner@example.com',
        'reset-token-value',
      ]) {
        expect(text).not.toContain(secret);
      }
    });

    it('leaves out the health probes', async () => {
      const probes = await Promise.all(
        ['/api/health', '/api/ready'].map((path) => request(app.getHttpServer()).get(path)),
      );
      const answered = await request(app.getHttpServer()).get('/api/nowhere');
      await log.of(answered.headers['x-request-id'], 1);
      for (const probe of probes)
        expect(log.lines.filter((line) => line.requestId === probe.headers['x-request-id'])).toEqual([]);
    });
  });
});
