import { Body, Controller, Get, type INestApplication, Module, Post, UseGuards } from '@nestjs/common';
import request from 'supertest';
import { z } from 'zod';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_PREFIX,
  API_TOKEN_PATTERN,
  apiTokenSchema,
  createdApiTokenSchema,
  type ApiTokenScope,
} from '@blog/contracts';
import { createRootLogger } from '@blog/api/core';
import { AdminGuard, RATE_LIMITS_TABLE, TokenScope } from '@blog/api/security';
import { adminProcedure, publicProcedure, router, tokenScope } from '@blog/api/http';
import { eventually } from '@blog/api/data/testing';
import { LogCapture, testConfig, trpcHttp, useTestApp, type TestAgent } from '@blog/api/testing';
import { ApiTokensModule } from './api-tokens.module';
import { ApiTokensRouter } from './api-tokens.router';

/** Routes of every kind a token may meet: a public read, an admin write, a session-only route. */
@Controller('token-test')
class ScopedController {
  @TokenScope('content:read')
  @Get('read')
  read() {
    return { read: true };
  }

  @TokenScope('content:write')
  @Post('write')
  @UseGuards(AdminGuard)
  write(@Body() body: { title?: string }) {
    return { written: body.title ?? null };
  }

  @Get('session-only')
  sessionOnly() {
    return { ok: true };
  }
}

@Module({ controllers: [ScopedController] })
class ScopedModule {}

const scopedRouter = router({
  read: publicProcedure.meta(tokenScope('content:read')).query(() => 'read'),
  write: adminProcedure
    .meta(tokenScope('content:write'))
    .input(z.object({ title: z.string() }))
    .mutation(({ ctx }) => ctx.user.email),
  sessionOnly: adminProcedure.query(() => 'session'),
});

/** Keeps every line the app logs. */
const tokensTrpc = trpcHttp<ApiTokensRouter['router']>('apiTokens');
const scopedTrpc = trpcHttp<typeof scopedRouter>('scoped');
const EVIL_ORIGIN = 'https://evil.example';

describe('API tokens', () => {
  const log = new LogCapture();
  const trpc = (nest: INestApplication) => ({ apiTokens: nest.get(ApiTokensRouter).router, scoped: scopedRouter });
  const t = useTestApp([ApiTokensModule, ScopedModule], {
    trpc,
    signIn: true,
    config: () => testConfig({ LOG_LEVEL: 'info' }),
    logDestination: log,
  });
  const server = () => t.app.getHttpServer();
  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });
  /** An agent without a session that sends the token on every request. */
  const withToken = (secret: string, app: INestApplication = t.app) =>
    request.agent(app.getHttpServer()).set(bearer(secret)) as unknown as TestAgent;

  async function createToken(scopes: ApiTokenScope[], extra: { expires_at?: string | null; name?: string } = {}) {
    const res = await tokensTrpc.mutation(t.admin, 'create', { name: extra.name ?? 'Script', scopes, ...extra });
    expect(res.status).toBe(200);
    return createdApiTokenSchema.parse(res.body.result.data);
  }

  describe('management (tRPC apiTokens.*, administrators only)', () => {
    it('creates a token whose secret is shown once, stored only as its hash, and lists it without the secret', async () => {
      const { token, secret } = await createToken(['content:read', 'content:write'], { name: 'Publisher' });
      expect(secret).toMatch(API_TOKEN_PATTERN);
      expect(token).toMatchObject({ name: 'Publisher', scopes: ['content:read', 'content:write'], revoked_at: null });
      expect(secret.startsWith(token.hint)).toBe(true);
      const [row] = await t.database.dataSource.query(`SELECT * FROM api_tokens WHERE id = $1`, [token.id]);
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);

      const list = await tokensTrpc.query(t.admin, 'list').expect(200);
      const listed = apiTokenSchema.array().parse(list.body.result.data);
      expect(listed.find((item) => item.id === token.id)).toEqual(token);
      expect(JSON.stringify(list.body)).not.toContain(secret);
    });

    it('refuses anonymous callers, non-administrators and bad input (400 naming the field)', async () => {
      await tokensTrpc.query(t.anonymous, 'list').expect(401);
      await tokensTrpc.mutation(t.reader, 'create', { name: 'x', scopes: ['content:read'] }).expect(403);
      const res = await tokensTrpc.mutation(t.admin, 'create', {
        name: '',
        scopes: [],
        expires_at: '2001-01-01T00:00:00Z',
      });
      expect(res.status).toBe(400);
      const fields = (res.body.error.data.fieldErrors as Array<{ field: string }>).map((error) => error.field);
      expect(fields).toEqual(expect.arrayContaining(['name', 'scopes', 'expires_at']));
    });

    it('is not reachable with a token, whatever its scopes', async () => {
      const { secret } = await createToken(['content:read', 'content:write', 'uploads:write', 'messages:read']);
      const res = await tokensTrpc.query(withToken(secret), 'list');
      expect(res.status).toBe(403);
      expect(res.body.error.message).toContain('signed-in session');
    });
  });

  describe('authentication by Authorization: Bearer', () => {
    it('acts as the owner within its scopes on REST; 403 naming the scope outside them', async () => {
      const { secret } = await createToken(['content:read']);
      const read = await request(server()).get('/api/token-test/read').set(bearer(secret)).expect(200, { read: true });
      // The owner's answer: no cache keeps it.
      expect(read.headers['cache-control']).toBe('no-store');
      const refused = await request(server())
        .post('/api/token-test/write')
        .set(bearer(secret))
        .send({ title: 'x' })
        .expect(403);
      expect(refused.body.message).toBe('This API token lacks the scope content:write');
      expect(refused.headers['www-authenticate']).toContain('scope="content:write"');

      const writer = await createToken(['content:write']);
      await request(server())
        .post('/api/token-test/write')
        .set(bearer(writer.secret))
        .send({ title: 'From a script' })
        .expect(201, { written: 'From a script' });
    });

    it('is refused (403) on a route that names no scope, which a session may call', async () => {
      const { secret } = await createToken(['content:read', 'content:write']);
      const res = await request(server()).get('/api/token-test/session-only').set(bearer(secret)).expect(403);
      expect(res.body.message).toContain('signed-in session');
      await t.admin.get('/api/token-test/session-only').expect(200);
    });

    it('works on tRPC with the same rule: the scope in the procedure meta, one check per procedure', async () => {
      const { secret } = await createToken(['content:write']);
      const agent = withToken(secret);
      const written = await scopedTrpc.mutation(agent, 'write', { title: 'x' }).expect(200);
      expect(written.body.result.data).toBe('admin@example.com');
      const read = await scopedTrpc.query(agent, 'read').expect(403);
      expect(read.body.error.message).toBe('This API token lacks the scope content:read');
      await scopedTrpc.query(agent, 'sessionOnly').expect(403);
    });

    it('answers 401 with the reason and a Bearer challenge for unknown, malformed, expired and revoked tokens', async () => {
      const unknown = await request(server())
        .get('/api/token-test/read')
        .set(bearer(`blog_${'A'.repeat(43)}`))
        .expect(401);
      expect(unknown.body).toMatchObject({ statusCode: 401, message: 'Unknown API token' });
      expect(unknown.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);

      const malformed = await request(server()).get('/api/token-test/read').set(bearer('nope')).expect(401);
      expect(malformed.body.message).toContain('malformed');

      const expiring = await createToken(['content:read'], {
        expires_at: new Date(Date.now() + 60 * 60_000).toISOString(),
      });
      await request(server()).get('/api/token-test/read').set(bearer(expiring.secret)).expect(200);
      await t.database.dataSource.query(
        `UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`,
        [expiring.token.id],
      );
      const expired = await request(server()).get('/api/token-test/read').set(bearer(expiring.secret)).expect(401);
      expect(expired.body.message).toMatch(/^This API token expired on /);
      // tRPC says it in its own shape, with the same challenge.
      const trpcExpired = await scopedTrpc.query(withToken(expiring.secret), 'read').expect(401);
      expect(trpcExpired.body.error.message).toMatch(/^This API token expired on /);
      expect(trpcExpired.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
    });

    it('stops working at once on another instance when revoked', async () => {
      const other = await t.appWith({ trpc, config: testConfig() });
      const { token, secret } = await createToken(['content:read']);
      await request(other.getHttpServer()).get('/api/token-test/read').set(bearer(secret)).expect(200);
      const revoked = await tokensTrpc.mutation(t.admin, 'revoke', { id: token.id }).expect(200);
      expect(revoked.body.result.data.revoked_at).not.toBeNull();
      const res = await request(other.getHttpServer()).get('/api/token-test/read').set(bearer(secret)).expect(401);
      expect(res.body.message).toBe('This API token was revoked');
      await scopedTrpc.query(withToken(secret, other), 'read').expect(401);
    });

    it('works while the owner has two-factor sign-in on', async () => {
      const { secret } = await createToken(['content:write']);
      await t.database.dataSource.query(
        `INSERT INTO user_two_factor (user_id, secret, enabled_at) VALUES ($1, 'not-used', now())
         ON CONFLICT (user_id) DO UPDATE SET enabled_at = now()`,
        [t.adminUser.id],
      );
      try {
        await request(server()).post('/api/token-test/write').set(bearer(secret)).send({ title: '2fa' }).expect(201);
      } finally {
        await t.database.dataSource.query(`DELETE FROM user_two_factor WHERE user_id = $1`, [t.adminUser.id]);
      }
    });

    it("acts as its owner: a non-administrator's token is refused by admin routes", async () => {
      const readerAdminToken = await createToken(['content:write']);
      await t.database.dataSource.query(`UPDATE api_tokens SET user_id = $1 WHERE id = $2`, [
        t.readerUser.id,
        readerAdminToken.token.id,
      ]);
      await request(server())
        .post('/api/token-test/write')
        .set(bearer(readerAdminToken.secret))
        .send({})
        .expect(403, { statusCode: 403, error: 'Forbidden', message: 'Administrators only' });
    });

    it('writes "last used" on use, and at most once a minute', async () => {
      const { token, secret } = await createToken(['content:read']);
      const lastUsed = async () =>
        (
          await t.database.dataSource.query<Array<{ last_used_at: Date | null }>>(
            `SELECT last_used_at FROM api_tokens WHERE id = $1`,
            [token.id],
          )
        )[0].last_used_at;
      expect(await lastUsed()).toBeNull();
      await request(server()).get('/api/token-test/read').set(bearer(secret)).expect(200);
      const first = await lastUsed();
      expect(first).not.toBeNull();
      await request(server()).get('/api/token-test/read').set(bearer(secret)).expect(200);
      expect(await lastUsed()).toEqual(first);
    });
  });

  describe('cross-site writes', () => {
    it('need no Origin check for a bearer request without a session cookie', async () => {
      const { secret } = await createToken(['content:write']);
      await request(server())
        .post('/api/token-test/write')
        .set(bearer(secret))
        .set('Origin', EVIL_ORIGIN)
        .send({ title: 'scripted' })
        .expect(201);
    });

    it('are still refused when the request carries the session cookie as well as a token', async () => {
      const { secret } = await createToken(['content:write']);
      const res = await t.admin
        .post('/api/token-test/write')
        .set(bearer(secret))
        .set('Origin', EVIL_ORIGIN)
        .send({ title: 'riding on the cookie' })
        .expect(403);
      expect(res.body.message).toContain('Cross-site request refused');
    });
  });

  describe('rate limit per token', () => {
    it('answers 429 with Retry-After once the token used up its requests, other tokens unaffected', async () => {
      const busy = await createToken(['content:read']);
      const calm = await createToken(['content:read']);
      await request(server()).get('/api/token-test/read').set(bearer(busy.secret)).expect(200);
      // The counter as the limiter keeps it, used up (rather than hundreds of requests).
      await t.database.dataSource.query(`UPDATE ${RATE_LIMITS_TABLE} SET points = $1 WHERE key = $2`, [
        API_TOKEN_LIMITS.perToken.points,
        `api-token-perToken:${busy.token.id}`,
      ]);
      const refused = await request(server()).get('/api/token-test/read').set(bearer(busy.secret)).expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body.message).toContain('Too many requests with this API token');
      const trpcRefused = await scopedTrpc.query(withToken(busy.secret), 'read').expect(429);
      expect(Number(trpcRefused.headers['retry-after'])).toBeGreaterThan(0);
      await request(server()).get('/api/token-test/read').set(bearer(calm.secret)).expect(200);
    });
  });

  describe('logs', () => {
    it('never contain a token: not from requests, not from an error, and the header is redacted', async () => {
      const { secret } = await createToken(['content:read']);
      await request(server()).get('/api/token-test/read').set(bearer(secret)).expect(200);
      await request(server()).get('/api/token-test/session-only').set(bearer(secret)).expect(403);
      await request(server()).get(`/api/token-test/read?token=${secret}`).set(bearer(secret)).expect(200);
      // A token sent in the query by a script, under any of the usual names.
      for (const name of ['api_key', 'apikey', 'key', 'auth', 'bearer', 'access_token']) {
        await request(server()).get(`/api/token-test/read?${name}=${secret}`).set(bearer(secret)).expect(200);
      }
      await request(server()).get(`/api/token-test/read?q=${secret}`).set(bearer(secret)).expect(200);
      await scopedTrpc.query(withToken(secret), 'read').expect(200);
      const created = await tokensTrpc.mutation(t.admin, 'create', { name: 'Logged?', scopes: ['content:read'] });
      // The access line follows the answer: wait for the last one.
      await eventually(async () => expect(log.text.join('')).toContain(created.headers['x-request-id']));
      for (const line of log.text) {
        expect(line).not.toContain(secret);
        expect(line).not.toContain(created.body.result.data.secret);
      }
      expect(log.text.join('')).toContain('api_key=[Redacted]');
      expect(log.text.join('')).toContain(`q=${API_TOKEN_PREFIX}[Redacted]`);

      // Whoever logs a request's headers gets the Authorization header redacted.
      const captured = new LogCapture();
      createRootLogger({ logLevel: 'info', logFormat: 'json' }, captured).info(
        { req: { headers: { authorization: `Bearer ${secret}` } } },
        'a request',
      );
      expect(captured.text.join('')).not.toContain(secret);
      expect(captured.text.join('')).toContain('[Redacted]');
    });
  });
});
