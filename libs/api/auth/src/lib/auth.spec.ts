import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { LOGIN_LIMITS, loginResponseSchema } from '@blog/contracts';
import { hashPassword, SESSION_COOKIE } from '@blog/api/security';
import { PasswordResetTokenEntity, SessionEntity, UserEntity } from '@blog/api/data';
import { createTestApp, createTestDatabase, mailboxOf, TEST_SITE_URL, testConfig, useTestApp } from '@blog/api/testing';
import { AuthModule } from './auth.module';
import { AuthRouter } from './auth.router';

const ADMIN = { email: 'owner@example.com', password: 'owner-password-1', name: 'Phương' };
const READER = { email: 'reader@example.com', password: 'reader-password-1', name: 'Reader' };

let addressCounter = 0;
/** Each test signs in from an address of its own, so the per-address counter never leaks between tests. */
const newAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

function sessionCookie(res: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

describe('auth: sessions, sign-in, admin check, CSRF, password reset', () => {
  /** The app of the moment: a test restarts it. Closed before the set-up's own hooks drop the database. */
  let app: INestApplication;
  afterAll(async () => {
    await app?.close();
  });
  // The tests sign in through a proxy on loopback that names each one's own client address.
  const t = useTestApp([AuthModule], { app: false, config: testConfig({ TRUST_PROXY: 'loopback' }) });

  const createApp = () =>
    createTestApp(t.database, [AuthModule], {
      config: t.config,
      trpc: (nest) => ({ auth: nest.get(AuthRouter).router }),
    });

  async function signIn(credentials: { email: string; password: string }, address = newAddress()) {
    const agent = request.agent(app.getHttpServer());
    const res = await agent.post('/api/auth/login').set('X-Forwarded-For', address).send(credentials);
    return { agent, res };
  }

  beforeAll(async () => {
    const users = t.database.dataSource.getRepository(UserEntity);
    await users.insert([
      { email: ADMIN.email, name: ADMIN.name, password_hash: await hashPassword(ADMIN.password), is_admin: true },
      { email: READER.email, name: READER.name, password_hash: await hashPassword(READER.password), is_admin: false },
    ]);
    app = await createApp();
  });

  describe('POST /api/auth/login', () => {
    it('signs an administrator in with an httpOnly, SameSite=Lax session cookie', async () => {
      const { res } = await signIn(ADMIN);
      expect(res.status).toBe(200);
      expect(loginResponseSchema.strict().parse(res.body)).toEqual({
        status: 200,
        email: ADMIN.email,
        is_admin: 1,
        name: ADMIN.name,
      });
      const cookie = sessionCookie(res);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);
    });

    it('answers is_admin 0 for a user who is not an administrator, and trims/lower-cases the e-mail', async () => {
      const { res } = await signIn({ email: `  ${READER.email.toUpperCase()} `, password: READER.password });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ is_admin: 0, email: READER.email });
    });

    it('gives a new session id at every sign-in', async () => {
      const address = newAddress();
      const agent = request.agent(app.getHttpServer());
      const first = sessionCookie(await agent.post('/api/auth/login').set('X-Forwarded-For', address).send(ADMIN));
      const second = sessionCookie(await agent.post('/api/auth/login').set('X-Forwarded-For', address).send(ADMIN));
      expect(first).toBeDefined();
      expect(second).toBeDefined();
      expect(second?.split(';')[0]).not.toBe(first?.split(';')[0]);
    });

    it('refuses wrong credentials with 401 and one message that does not tell whether the e-mail exists', async () => {
      const wrongPassword = (await signIn({ email: ADMIN.email, password: 'nope-nope' })).res;
      const unknownEmail = (await signIn({ email: 'ghost@example.com', password: 'nope-nope' })).res;
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(401);
      expect(wrongPassword.body.message).toBe(unknownEmail.body.message);
      expect(sessionCookie(wrongPassword)).toBeUndefined();
    });

    it('answers 400 naming the field for a missing or malformed e-mail', async () => {
      const res = await request(app.getHttpServer())
        .post('/api/auth/login')
        .send({ email: 'not-an-email', password: '' });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['email', 'password']);
    });

    it('sends a Secure cookie when the site is served over https', async () => {
      const secureDb = await createTestDatabase();
      await secureDb.dataSource.getRepository(UserEntity).insert({
        email: ADMIN.email,
        name: ADMIN.name,
        password_hash: await hashPassword(ADMIN.password),
        is_admin: true,
      });
      const secureApp = await createTestApp(secureDb, [AuthModule], {
        config: testConfig({ SITE_URL: 'https://blog.test', TRUST_PROXY: 'loopback' }),
      });
      try {
        const res = await request(secureApp.getHttpServer())
          .post('/api/auth/login')
          .set('X-Forwarded-Proto', 'https')
          .send(ADMIN);
        expect(res.status).toBe(200);
        expect(sessionCookie(res)).toMatch(/; Secure/i);
      } finally {
        await secureApp.close();
        await secureDb.drop();
      }
    });
  });

  describe('brute-force protection', () => {
    it(`refuses a ${LOGIN_LIMITS.perEmail.points + 1}th attempt for one e-mail with 429 and Retry-After, even with the right password`, async () => {
      const email = 'victim@example.com';
      await t.database.dataSource.getRepository(UserEntity).insert({
        email,
        name: 'Victim',
        password_hash: await hashPassword('victim-password'),
        is_admin: false,
      });
      for (let attempt = 1; attempt <= LOGIN_LIMITS.perEmail.points; attempt++) {
        expect((await signIn({ email, password: `wrong-${attempt}` })).res.status).toBe(401);
      }
      const locked = (await signIn({ email, password: 'victim-password' })).res;
      expect(locked.status).toBe(429);
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.perEmail.windowSeconds);
      expect(sessionCookie(locked)).toBeUndefined();
      // Other accounts are not affected.
      expect((await signIn(READER)).res.status).toBe(200);
    });

    it(`refuses every e-mail from an address after ${LOGIN_LIMITS.perAddress.points} failures`, async () => {
      const address = newAddress();
      for (let attempt = 1; attempt <= LOGIN_LIMITS.perAddress.points; attempt++) {
        const res = (await signIn({ email: `nobody${attempt}@example.com`, password: 'wrong-password' }, address)).res;
        expect(res.status).toBe(401);
      }
      const blocked = (await signIn(ADMIN, address)).res;
      expect(blocked.status).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      expect((await signIn(ADMIN)).res.status).toBe(200);
    }, 60_000);

    it('applies the same lock to the tRPC door', async () => {
      const email = 'trpc-victim@example.com';
      const address = newAddress();
      for (let attempt = 1; attempt <= LOGIN_LIMITS.perEmail.points; attempt++) {
        await request(app.getHttpServer())
          .post('/trpc/auth.login')
          .set('X-Forwarded-For', address)
          .send({ email, password: 'x' });
      }
      const res = await request(app.getHttpServer())
        .post('/trpc/auth.login')
        .set('X-Forwarded-For', address)
        .send({ email, password: 'x' });
      expect(res.status).toBe(429);
      expect(res.body.error.data.code).toBe('TOO_MANY_REQUESTS');
      expect(res.headers['retry-after']).toBeDefined();
    });

    describe('the address the limit counts', () => {
      /** A failed sign-in with an e-mail of its own, so that only the address counter grows. */
      let failures = 0;
      const failFrom = (target: INestApplication, forwardedFor: string) =>
        request(target.getHttpServer())
          .post('/api/auth/login')
          .set('X-Forwarded-For', forwardedFor)
          .send({ email: `spoofer${++failures}@example.com`, password: 'wrong-password' });

      it("is the connection's without TRUST_PROXY: a new X-Forwarded-For at every attempt does not dodge the lock", async () => {
        const direct = await createTestApp(t.database, [AuthModule], { config: testConfig() });
        try {
          for (let attempt = 1; attempt <= LOGIN_LIMITS.perAddress.points; attempt++) {
            expect((await failFrom(direct, newAddress())).status).toBe(401);
          }
          const res = await request(direct.getHttpServer())
            .post('/api/auth/login')
            .set('X-Forwarded-For', newAddress())
            .send(ADMIN);
          expect(res.status).toBe(429);
        } finally {
          await direct.close();
        }
      }, 60_000);

      it("is the last hop's with TRUST_PROXY=1: hops the client prepends change nothing", async () => {
        const behindProxy = await createTestApp(t.database, [AuthModule], { config: testConfig({ TRUST_PROXY: '1' }) });
        try {
          const client = newAddress();
          for (let attempt = 1; attempt <= LOGIN_LIMITS.perAddress.points; attempt++) {
            expect((await failFrom(behindProxy, `${newAddress()}, ${client}`)).status).toBe(401);
          }
          const signIn = (forwardedFor: string) =>
            request(behindProxy.getHttpServer())
              .post('/api/auth/login')
              .set('X-Forwarded-For', forwardedFor)
              .send(ADMIN);
          expect((await signIn(`${newAddress()}, ${client}`)).status).toBe(429);
          // The proxy reporting another client: that one is not locked out.
          expect((await signIn(`${client}, ${newAddress()}`)).status).toBe(200);
        } finally {
          await behindProxy.close();
        }
      }, 60_000);
    });
  });

  describe('POST /api/auth/isAdmin', () => {
    it('decides from the session only, ignoring the e-mail the client sends', async () => {
      const anonymous = await request(app.getHttpServer()).post('/api/auth/isAdmin').send({ email: ADMIN.email });
      expect(anonymous.status).toBe(200);
      expect(anonymous.body).toEqual({ is_admin: 0, name: '' });

      const reader = (await signIn(READER)).agent;
      expect((await reader.post('/api/auth/isAdmin').send({ email: ADMIN.email })).body).toEqual({
        is_admin: 0,
        name: READER.name,
      });

      const admin = (await signIn(ADMIN)).agent;
      expect((await admin.post('/api/auth/isAdmin').send({ email: 'someone@else.example' })).body).toEqual({
        is_admin: 1,
        name: ADMIN.name,
      });
      expect((await admin.get('/trpc/auth.adminCheck')).body.result.data).toEqual({ is_admin: 1, name: ADMIN.name });
    });
  });

  describe('POST /api/auth/logout', () => {
    it('ends the session: the cookie no longer signs anyone in and its row is gone', async () => {
      const { agent, res } = await signIn(ADMIN);
      const sid = decodeURIComponent(sessionCookie(res)?.split(';')[0].split('=')[1] ?? '')
        .slice(2)
        .split('.')[0];
      const sessions = t.database.dataSource.getRepository(SessionEntity);
      expect(await sessions.existsBy({ sid })).toBe(true);
      expect((await agent.post('/api/auth/logout')).status).toBe(200);
      expect(await sessions.existsBy({ sid })).toBe(false);
      expect((await agent.post('/api/auth/isAdmin')).body.is_admin).toBe(0);
      expect((await agent.get('/api/auth/me')).status).toBe(401);
    });

    it('works over tRPC too', async () => {
      const { agent } = await signIn(ADMIN);
      expect((await agent.post('/trpc/auth.logout').send({})).status).toBe(200);
      expect((await agent.get('/trpc/auth.adminCheck')).body.result.data.is_admin).toBe(0);
    });

    it('takes the session changes of one tRPC batch in turn (two sign-outs raced inside Passport and crashed the server)', async () => {
      const { agent } = await signIn(ADMIN);
      const twice = await agent.post('/trpc/auth.logout,auth.logout?batch=1').send({});
      expect(twice.status).toBe(200);
      expect(twice.body).toEqual([{ result: { data: { status: 200 } } }, { result: { data: { status: 200 } } }]);
      expect((await agent.get('/api/auth/me')).status).toBe(401);

      const { agent: again } = await signIn(ADMIN);
      const credentials = JSON.stringify(ADMIN);
      const outThenIn = await again
        .post('/trpc/auth.logout,auth.login?batch=1')
        .set('X-Forwarded-For', newAddress())
        .send(`{"1":${credentials}}`)
        .set('Content-Type', 'application/json');
      expect(outThenIn.body[0]).toEqual({ result: { data: { status: 200 } } });
      expect(outThenIn.body[1].error?.data).toMatchObject({ httpStatus: 409 });
      expect((await again.get('/api/auth/me')).status).toBe(401);
    });
  });

  describe('sign-in over tRPC', () => {
    it('answers the same shape and sets the same session', async () => {
      const agent = request.agent(app.getHttpServer());
      const res = await agent.post('/trpc/auth.login').set('X-Forwarded-For', newAddress()).send(ADMIN);
      expect(res.status).toBe(200);
      expect(res.body.result.data).toEqual({ status: 200, email: ADMIN.email, is_admin: 1, name: ADMIN.name });
      expect((await agent.get('/api/auth/me')).body).toEqual({
        id: expect.any(Number),
        email: ADMIN.email,
        name: ADMIN.name,
        is_admin: 1,
      });
      const wrong = await request(app.getHttpServer())
        .post('/trpc/auth.login')
        .set('X-Forwarded-For', newAddress())
        .send({ email: ADMIN.email, password: 'bad-password' });
      expect(wrong.status).toBe(401);
    });

    it('answers 401 to me without a session, on both doors', async () => {
      expect((await request(app.getHttpServer()).get('/api/auth/me')).status).toBe(401);
      const res = await request(app.getHttpServer()).get('/trpc/auth.me');
      expect(res.status).toBe(401);
      expect(res.body.error.data.code).toBe('UNAUTHORIZED');
    });
  });

  describe('cross-site requests (CSRF)', () => {
    it('refuses a state-changing request from another origin even with a valid session', async () => {
      const { agent } = await signIn(ADMIN);
      const fromEvil = await agent.post('/api/auth/logout').set('Origin', 'https://evil.example');
      expect(fromEvil.status).toBe(403);
      expect(fromEvil.body.message).toMatch(/Cross-site request refused/);
      const refererEvil = await agent.post('/api/auth/logout').set('Referer', 'https://evil.example/page');
      expect(refererEvil.status).toBe(403);
      const trpcEvil = await agent.post('/trpc/auth.logout').set('Origin', 'https://evil.example').send({});
      expect(trpcEvil.status).toBe(403);
      const nullOrigin = await agent.post('/api/auth/logout').set('Origin', 'null');
      expect(nullOrigin.status).toBe(403);
      // Still signed in: none of them got through.
      expect((await agent.post('/api/auth/isAdmin')).body.is_admin).toBe(1);
    });

    it("accepts the site's own origin and the request's own host", async () => {
      const { agent } = await signIn(ADMIN);
      expect((await agent.post('/api/auth/isAdmin').set('Origin', TEST_SITE_URL)).status).toBe(200);
      // Served under another name than SITE_URL (http://127.0.0.1:3000 while SITE_URL says localhost).
      const ownHost = agent.post('/api/auth/isAdmin').set('Host', 'blog.local:8080');
      expect((await ownHost.set('Origin', 'http://blog.local:8080')).status).toBe(200);
      const otherPort = agent.post('/api/auth/isAdmin').set('Host', 'blog.local:8080');
      expect((await otherPort.set('Origin', 'http://blog.local:9090')).status).toBe(403);
      expect((await agent.post('/api/auth/logout').set('Origin', TEST_SITE_URL)).status).toBe(200);
    });

    it('lets reads through from anywhere', async () => {
      expect(
        (await request(app.getHttpServer()).get('/trpc/auth.adminCheck').set('Origin', 'https://evil.example')).status,
      ).toBe(200);
    });
  });

  describe('sessions survive an app restart', () => {
    it('keeps a signed-in user signed in with the same cookie on a new app instance', async () => {
      const { res } = await signIn(ADMIN);
      const cookie = sessionCookie(res)?.split(';')[0] ?? '';
      await app.close();
      app = await createApp();
      const check = await request(app.getHttpServer()).post('/api/auth/isAdmin').set('Cookie', cookie);
      expect(check.body).toEqual({ is_admin: 1, name: ADMIN.name });
    });
  });

  describe('password reset', () => {
    const OWNER = { email: 'forgetful@example.com', password: 'first-password-1', name: 'Forgetful' };
    let ownerId: number;

    beforeAll(async () => {
      const { identifiers } = await t.database.dataSource.getRepository(UserEntity).insert({
        email: OWNER.email,
        name: OWNER.name,
        password_hash: await hashPassword(OWNER.password),
        is_admin: true,
      });
      ownerId = identifiers[0]['id'];
    });

    const mailbox = () => mailboxOf(app);
    const tokenFromMail = () => {
      const mail = mailbox().sent.at(-1);
      const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
      if (!match) throw new Error('no reset link in the last mail');
      return match[1];
    };

    it('answers 200 for any e-mail but mails a link only to a known one', async () => {
      const before = mailbox().sent.length;
      const unknown = await request(app.getHttpServer())
        .post('/api/auth/request-password')
        .send({ email: 'nobody@example.com' });
      expect(unknown.status).toBe(200);
      expect(mailbox().sent.length).toBe(before);

      const known = await request(app.getHttpServer()).post('/api/auth/request-password').send({ email: OWNER.email });
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      const mail = mailbox().sent.at(-1);
      expect(mail?.to).toBe(OWNER.email);
      expect(mail?.text).toContain(`${TEST_SITE_URL}/reset-password?token=`);
      // Only a hash of the token is stored.
      const stored = await t.database.dataSource
        .getRepository(PasswordResetTokenEntity)
        .findOneByOrFail({ user_id: ownerId });
      expect(stored.token_hash).not.toContain(tokenFromMail());
      expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('names the site as the owner named it, as the sender and in the mail', async () => {
      await t.database.dataSource.query(`INSERT INTO general_info (site_name) VALUES ('Nhật ký "của" Lan')`);
      try {
        await request(app.getHttpServer()).post('/api/auth/request-password').send({ email: OWNER.email }).expect(200);
        const mail = mailbox().sent.at(-1);
        expect(mail?.subject).toBe('Set a new password for Nhật ký "của" Lan');
        expect(mail?.from).toMatch(/^"Nhật ký \\"của\\" Lan" <[^>]+@[^>]+>$/);
        expect(mail?.text).toContain('set a new password for Nhật ký "của" Lan');
      } finally {
        await t.database.dataSource.query('DELETE FROM general_info');
      }
    });

    it('refuses differing, short or missing passwords and unknown tokens with 400 naming the field', async () => {
      const post = (body: object) => request(app.getHttpServer()).post('/api/auth/reset-password').send(body);
      const token = tokenFromMail();
      const differ = await post({ token, new_password: 'new-password-1', password_repeat: 'new-password-2' });
      expect(differ.status).toBe(400);
      expect(differ.body.errors).toEqual([{ field: 'password_repeat', message: 'The passwords do not match' }]);
      const short = await post({ token, new_password: 'short', password_repeat: 'short' });
      expect(short.status).toBe(400);
      expect(short.body.errors[0].field).toBe('new_password');
      const unknown = await post({
        token: 'not-a-real-token',
        new_password: 'new-password-1',
        password_repeat: 'new-password-1',
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors[0].field).toBe('token');
    });

    it('sets the new password, ends every session of the user and spends the token', async () => {
      const { agent: signedIn } = await signIn(OWNER);
      expect((await signedIn.post('/api/auth/isAdmin')).body.is_admin).toBe(1);

      const token = tokenFromMail();
      const body = { token, new_password: 'second-password-2', password_repeat: 'second-password-2' };
      expect((await request(app.getHttpServer()).post('/api/auth/reset-password').send(body)).status).toBe(200);

      expect((await signedIn.post('/api/auth/isAdmin')).body.is_admin).toBe(0);
      expect((await signIn(OWNER)).res.status).toBe(401);
      expect((await signIn({ email: OWNER.email, password: 'second-password-2' })).res.status).toBe(200);

      const again = await request(app.getHttpServer()).post('/api/auth/reset-password').send(body);
      expect(again.status).toBe(400);
      expect(again.body.errors[0].field).toBe('token');
    });

    it('refuses an expired token, on the tRPC door too', async () => {
      await request(app.getHttpServer()).post('/trpc/auth.requestPassword').send({ email: OWNER.email }).expect(200);
      const token = tokenFromMail();
      await t.database.dataSource
        .getRepository(PasswordResetTokenEntity)
        .createQueryBuilder()
        .update()
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('used_at IS NULL')
        .execute();
      const res = await request(app.getHttpServer())
        .post('/trpc/auth.resetPassword')
        .send({ token, new_password: 'third-password-3', password_repeat: 'third-password-3' });
      expect(res.status).toBe(400);
      expect(res.body.error.data.fieldErrors).toEqual([
        { field: 'token', message: 'The reset link is invalid, used or expired' },
      ]);
    });
  });

  describe('PUT /api/auth/profile', () => {
    const PERSON = { email: 'person@example.com', password: 'person-password-1', name: 'Person' };

    beforeAll(async () => {
      await t.database.dataSource.getRepository(UserEntity).insert({
        email: PERSON.email,
        name: PERSON.name,
        password_hash: await hashPassword(PERSON.password),
        is_admin: false,
      });
    });

    it('refuses a name sent as bytes that are not UTF-8 (decoded to U+FFFD, it renamed the user "����"), on both doors', async () => {
      const { agent } = await signIn(PERSON);
      const body = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80, 0xff]), Buffer.from('"}')]);
      for (const path of ['/api/auth/profile', '/trpc/auth.updateProfile']) {
        const call = (path.startsWith('/api') ? agent.put(path) : agent.post(path)).set(
          'Content-Type',
          'application/json',
        );
        // Written as is: `send` would serialise a Buffer as an object.
        call.write(body);
        const res = await call;
        expect(res.status).toBe(400);
        const errors = res.body.errors ?? res.body.error.data.fieldErrors;
        expect({ path, errors }).toEqual({
          path,
          errors: [{ field: 'name', message: expect.stringContaining('UTF-8') }],
        });
      }
      expect((await agent.post('/api/auth/isAdmin')).body.name).toBe(PERSON.name);
    });

    it('renames the signed-in user and changes the password only with the current one, ending their other sessions', async () => {
      const { agent: other } = await signIn(PERSON);
      const { agent } = await signIn(PERSON);
      expect((await agent.put('/api/auth/profile').send({ name: 'Person Renamed' })).status).toBe(200);
      expect((await agent.post('/api/auth/isAdmin')).body.name).toBe('Person Renamed');

      const wrong = await agent
        .put('/api/auth/profile')
        .send({ name: 'Person', current_password: 'bad', new_password: 'person-password-2' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors[0].field).toBe('current_password');
      const missing = await agent.put('/api/auth/profile').send({ name: 'Person', new_password: 'person-password-2' });
      expect(missing.status).toBe(400);

      const changed = await agent
        .put('/api/auth/profile')
        .send({ name: 'Person', current_password: PERSON.password, new_password: 'person-password-2' });
      expect(changed.status).toBe(200);
      expect((await agent.get('/api/auth/me')).status).toBe(200);
      expect((await other.get('/api/auth/me')).status).toBe(401);
      expect((await signIn({ email: PERSON.email, password: 'person-password-2' })).res.status).toBe(200);
    });

    it('needs a session', async () => {
      expect((await request(app.getHttpServer()).put('/api/auth/profile').send({ name: 'x' })).status).toBe(401);
    });
  });
});
