import { randomBytes } from 'node:crypto';
import { Controller, Get, Module, UseGuards } from '@nestjs/common';
import { Secret, TOTP as Totp } from 'otpauth';
import request from 'supertest';
import {
  loginResponseSchema,
  recoveryCodesSchema,
  SECOND_FACTOR_LIMITS,
  SECOND_FACTOR_PENDING_SECONDS,
  secondFactorRequiredSchema,
  TOTP,
  twoFactorSetupSchema,
} from '@blog/contracts';
import { AdminGuard, SESSION_COOKIE } from '@blog/api/security';
import { adminProcedure, router } from '@blog/api/http';
import { RecoveryCodeEntity, TwoFactorEntity, type UserEntity } from '@blog/api/data';
import { clearRateLimits, createTestUser, TEST_PASSWORD, testConfig, useTestApp } from '@blog/api/testing';
import { AuthModule } from './auth.module';
import { AuthRouter } from './auth.router';
import { TwoFactorService } from './two-factor.service';

/** An administrators-only route and procedure, as every admin door has. */
@Controller('admin-probe')
class AdminProbeController {
  @Get()
  @UseGuards(AdminGuard)
  probe() {
    return { ok: true };
  }
}
@Module({ controllers: [AdminProbeController] })
class AdminProbeModule {}

const STEP_MS = TOTP.periodSeconds * 1000;

/** What an authenticator app shows for `secret` at `timestamp`. */
const codeAt = (secret: string, timestamp: number) =>
  new Totp({
    secret: Secret.fromBase32(secret),
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
  }).generate({
    timestamp,
  });

function sessionCookie(res: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0];
}

describe('two-factor sign-in (TOTP): set-up, sign-in in two steps, recovery codes, turning it off', () => {
  const t = useTestApp([AuthModule, AdminProbeModule], {
    config: testConfig({ TRUST_PROXY: 'loopback' }),
    trpc: (nest) => ({ auth: nest.get(AuthRouter).router, probe: router({ admin: adminProcedure.query(() => 'ok') }) }),
  });
  let twoFactor: TwoFactorService;
  /** The TOTP clock of the server: the middle of a time step, moved by the tests. */
  let now: number;
  let addressCounter = 0;
  const newAddress = () => `10.2.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

  beforeAll(() => {
    twoFactor = t.app.get(TwoFactorService);
    twoFactor.clock = () => now;
  });

  beforeEach(async () => {
    now = (Math.floor(Date.now() / STEP_MS) + 0.5) * STEP_MS;
    await clearRateLimits(t.database);
  });

  /** An agent from an address of its own; every request says where it comes from (the proxy on loopback does). */
  function newAgent() {
    const agent = request.agent(t.app.getHttpServer());
    const address = newAddress();
    return {
      agent,
      address,
      post: (path: string, body: object = {}) => agent.post(path).set('X-Forwarded-For', address).send(body),
      get: (path: string) => agent.get(path).set('X-Forwarded-For', address),
    };
  }
  type Client = ReturnType<typeof newAgent>;

  async function newOwner(): Promise<UserEntity> {
    return createTestUser(t.database, { is_admin: true, name: 'Owner' });
  }

  async function signedIn(user: UserEntity): Promise<Client> {
    const client = newAgent();
    await client.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }).expect(200);
    return client;
  }

  /** Turns two-factor on for `user` through REST; answers the secret and the recovery codes. */
  async function enable(user: UserEntity) {
    const client = await signedIn(user);
    const setup = twoFactorSetupSchema.parse(
      (await client.post('/api/auth/two-factor/setup', { current_password: TEST_PASSWORD }).expect(200)).body,
    );
    const confirmed = await client
      .post('/api/auth/two-factor/confirm', { code: codeAt(setup.secret, now) })
      .expect(200);
    // Two steps on: the set-up's step is spent, the one before now is not.
    now += 2 * STEP_MS;
    return { client, secret: setup.secret, recoveryCodes: recoveryCodesSchema.parse(confirmed.body).recovery_codes };
  }

  /** The password step: answers the half-signed-in client. */
  async function passwordStep(user: UserEntity): Promise<Client & { cookie?: string }> {
    const client = newAgent();
    const res = await client.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }).expect(202);
    expect(secondFactorRequiredSchema.strict().parse(res.body)).toEqual({
      status: 202,
      second_factor_required: true,
      expires_in_seconds: SECOND_FACTOR_PENDING_SECONDS,
    });
    return { ...client, cookie: sessionCookie(res) };
  }

  const statusOf = async (client: Client) => (await client.get('/api/auth/two-factor').expect(200)).body;

  describe('enabling', () => {
    it('refuses a wrong password, naming current_password, and keeps nothing', async () => {
      const user = await newOwner();
      const client = await signedIn(user);
      const res = await client.post('/api/auth/two-factor/setup', { current_password: 'not the password' }).expect(400);
      expect(res.body.errors).toEqual([{ field: 'current_password', message: 'The current password is wrong' }]);
      expect(await t.database.dataSource.getRepository(TwoFactorEntity).countBy({ user_id: user.id })).toBe(0);
      await request(t.app.getHttpServer())
        .post('/api/auth/two-factor/setup')
        .send({ current_password: TEST_PASSWORD })
        .expect(401);
    });

    it('keeps a pending secret that guards nothing until a code of it confirms it; then gives 10 recovery codes once', async () => {
      const user = await newOwner();
      const client = await signedIn(user);
      const setup = twoFactorSetupSchema
        .strict()
        .parse((await client.post('/api/auth/two-factor/setup', { current_password: TEST_PASSWORD }).expect(200)).body);
      expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(setup.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+\?/);
      expect(setup.otpauth_uri).toContain(`secret=${setup.secret}`);
      expect(setup.otpauth_uri).toContain('algorithm=SHA1&digits=6&period=30');
      expect(setup.otpauth_uri).toContain(encodeURIComponent(user.email));
      expect(Buffer.from(setup.qr_code.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(
        /^<svg[^>]*>.*<\/svg>\s*$/s,
      );

      // Pending: off, and the password alone still signs in.
      expect(await statusOf(client)).toEqual({ enabled: false, recovery_codes_left: 0 });
      const other = newAgent();
      await other.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }).expect(200);
      // The sealed secret is not the secret.
      const row = await t.database.dataSource.getRepository(TwoFactorEntity).findOneOrFail({
        where: { user_id: user.id },
        select: ['user_id', 'secret', 'enabled_at'],
      });
      expect(row.enabled_at).toBeNull();
      expect(row.secret).not.toContain(setup.secret);

      const wrong = await client
        .post('/api/auth/two-factor/confirm', { code: codeAt(setup.secret, now + 3 * STEP_MS) })
        .expect(400);
      expect(wrong.body.errors).toEqual([{ field: 'code', message: 'The code is wrong, expired or already used' }]);
      expect(await statusOf(client)).toEqual({ enabled: false, recovery_codes_left: 0 });

      // The tRPC door confirms as REST does.
      const confirmed = await client
        .post('/trpc/auth.confirmTwoFactorSetup', { code: codeAt(setup.secret, now) })
        .expect(200);
      const { recovery_codes } = recoveryCodesSchema.strict().parse(confirmed.body.result.data);
      expect(recovery_codes).toHaveLength(10);
      expect(new Set(recovery_codes).size).toBe(10);
      for (const code of recovery_codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
      expect((await client.get('/trpc/auth.twoFactor').expect(200)).body.result.data).toEqual({
        enabled: true,
        recovery_codes_left: 10,
      });
      // Only keyed hashes are kept.
      const hashes = (await t.database.dataSource.getRepository(RecoveryCodeEntity).findBy({ user_id: user.id })).map(
        (entry) => entry.code_hash,
      );
      expect(hashes).toHaveLength(10);
      for (const code of recovery_codes) expect(hashes.join()).not.toContain(code.replace('-', ''));

      // On: a new set-up is refused until it is turned off.
      await client.post('/api/auth/two-factor/setup', { current_password: TEST_PASSWORD }).expect(409);
      await client.post('/api/auth/two-factor/confirm', { code: codeAt(setup.secret, now) }).expect(409);
    });
  });

  describe('signing in', () => {
    it('asks for a code after the right password; the half-signed-in session is signed out for every guard, on both doors', async () => {
      const user = await newOwner();
      const { secret } = await enable(user);
      const client = await passwordStep(user);

      await client.get('/api/auth/me').expect(401);
      await client.get('/api/admin-probe').expect(401);
      expect((await client.get('/trpc/probe.admin').expect(401)).body.error.data.code).toBe('UNAUTHORIZED');
      expect((await client.get('/trpc/auth.adminCheck')).body.result.data).toEqual({ is_admin: 0, name: '' });
      await client.post('/api/auth/two-factor/disable', { code: codeAt(secret, now) }).expect(401);

      expect(client.cookie).toBeDefined();
      const res = await client.post('/api/auth/second-factor', { code: codeAt(secret, now) }).expect(200);
      expect(loginResponseSchema.strict().parse(res.body)).toEqual({
        status: 200,
        email: user.email,
        is_admin: 1,
        name: 'Owner',
      });
      // A new session id at the full sign-in.
      expect(sessionCookie(res)).toBeDefined();
      expect(sessionCookie(res)).not.toBe(client.cookie);
      await client.get('/api/admin-probe').expect(200);
      expect((await client.get('/trpc/probe.admin').expect(200)).body.result.data).toBe('ok');
      // The session is listed with its device, as after a one-step sign-in.
      const [session] = (await client.get('/api/auth/sessions').expect(200)).body;
      expect(session).toMatchObject({ address: client.address, current: true });
    });

    it('signs in through tRPC too: auth.login answers that a code is needed, auth.verifySecondFactor completes it', async () => {
      const user = await newOwner();
      const { secret } = await enable(user);
      const client = newAgent();
      const login = await client.post('/trpc/auth.login', { email: user.email, password: TEST_PASSWORD }).expect(200);
      expect(login.body.result.data).toMatchObject({ status: 202, second_factor_required: true });
      await client.get('/trpc/auth.me').expect(401);
      const wrong = await client
        .post('/trpc/auth.verifySecondFactor', { code: codeAt(secret, now + 5 * STEP_MS) })
        .expect(401);
      expect(wrong.body.error.message).toBe('The code is wrong, expired or already used');
      const done = await client.post('/trpc/auth.verifySecondFactor', { code: codeAt(secret, now) }).expect(200);
      expect(done.body.result.data).toMatchObject({ status: 200, email: user.email, is_admin: 1 });
      await client.get('/trpc/probe.admin').expect(200);
    });

    it('accepts a code of the step before or after (±30 s of skew), not ±90 s', async () => {
      const user = await newOwner();
      const { secret } = await enable(user);
      for (const offset of [90_000, -90_000]) {
        const client = await passwordStep(user);
        await client.post('/api/auth/second-factor', { code: codeAt(secret, now + offset) }).expect(401);
      }
      // The earlier step first: a later accepted step would make it a replay.
      for (const offset of [-30_000, 30_000]) {
        const client = await passwordStep(user);
        await client.post('/api/auth/second-factor', { code: codeAt(secret, now + offset) }).expect(200);
      }
    });

    it('refuses a code used once already, and any code of an earlier step (replay)', async () => {
      const user = await newOwner();
      const { secret } = await enable(user);
      const code = codeAt(secret, now);
      await (await passwordStep(user)).post('/api/auth/second-factor', { code }).expect(200);
      const again = await (await passwordStep(user)).post('/api/auth/second-factor', { code }).expect(401);
      expect(again.body.message).toBe('The code is wrong, expired or already used');
      await (
        await passwordStep(user)
      )
        .post('/api/auth/second-factor', { code: codeAt(secret, now - STEP_MS) })
        .expect(401);
      now += STEP_MS;
      await (await passwordStep(user)).post('/api/auth/second-factor', { code: codeAt(secret, now) }).expect(200);
    });

    it('accepts each recovery code once, typed in any case with or without its hyphen', async () => {
      const user = await newOwner();
      const { client: owner, recoveryCodes } = await enable(user);
      const typed = ` ${recoveryCodes[3].replace('-', '').toUpperCase()} `;
      await (await passwordStep(user)).post('/api/auth/second-factor', { code: typed }).expect(200);
      expect(await statusOf(owner)).toEqual({ enabled: true, recovery_codes_left: 9 });
      await (await passwordStep(user)).post('/api/auth/second-factor', { code: recoveryCodes[3] }).expect(401);
      await (await passwordStep(user)).post('/api/auth/second-factor', { code: 'aaaaa-aaaaa' }).expect(401);
      await (await passwordStep(user)).post('/api/auth/second-factor', { code: recoveryCodes[4] }).expect(200);
    });

    it('answers 409 with what to do, never a 500, when the secret no longer opens (SESSION_SECRET changed)', async () => {
      const user = await newOwner();
      const { secret } = await enable(user);
      await t.database.dataSource.query(`UPDATE user_two_factor SET secret = $1 WHERE user_id = $2`, [
        `v1.${randomBytes(48).toString('base64url')}`,
        user.id,
      ]);
      const res = await (
        await passwordStep(user)
      )
        .post('/api/auth/second-factor', { code: codeAt(secret, now) })
        .expect(409);
      expect(res.body.message).toMatch(/SESSION_SECRET changed: the site's operator must turn it off/);
    });

    it('needs the password step of the same session within 5 minutes', async () => {
      const user = await newOwner();
      const { secret } = await enable(user);
      // No password step at all.
      const stranger = newAgent();
      const refused = await stranger.post('/api/auth/second-factor', { code: codeAt(secret, now) }).expect(401);
      expect(refused.body.message).toMatch(/Sign in with your e-mail and password first/);
      // Too late.
      const client = await passwordStep(user);
      now += SECOND_FACTOR_PENDING_SECONDS * 1000 + 1;
      await client.post('/api/auth/second-factor', { code: codeAt(secret, now) }).expect(401);
      await client.get('/api/auth/me').expect(401);
    });

    it('answers 400 naming code for something that is no code', async () => {
      const res = await newAgent().post('/api/auth/second-factor', { code: '12345' }).expect(400);
      expect(res.body.errors).toEqual([
        { field: 'code', message: 'Enter the 6-digit code from your authenticator app or a recovery code' },
      ]);
    });

    it(`refuses the ${SECOND_FACTOR_LIMITS.perUser.points + 1}th code after wrong ones with 429 and Retry-After, even the right one`, async () => {
      const user = await newOwner();
      const { secret } = await enable(user);
      const client = await passwordStep(user);
      for (let attempt = 0; attempt < SECOND_FACTOR_LIMITS.perUser.points; attempt += 1) {
        // A fresh address each time: the per-user count alone refuses.
        await client.agent
          .post('/api/auth/second-factor')
          .set('X-Forwarded-For', newAddress())
          .send({ code: codeAt(secret, now + 10 * STEP_MS) })
          .expect(401);
      }
      const refused = await client.post('/api/auth/second-factor', { code: codeAt(secret, now) }).expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/^Too many wrong codes\. Try again in \d+ minutes?\.$/);
      const trpc = await client.post('/trpc/auth.verifySecondFactor', { code: codeAt(secret, now) }).expect(429);
      expect(trpc.body.error.data.code).toBe('TOO_MANY_REQUESTS');
      await client.get('/api/auth/me').expect(401);
    });
  });

  describe('recovery codes and turning it off', () => {
    it('gives new recovery codes for a code; the earlier ones stop working', async () => {
      const user = await newOwner();
      const { client, secret, recoveryCodes } = await enable(user);
      await client.post('/api/auth/two-factor/recovery-codes', { code: '000000' }).expect(400);
      const fresh = recoveryCodesSchema.parse(
        (await client.post('/trpc/auth.regenerateRecoveryCodes', { code: codeAt(secret, now) }).expect(200)).body.result
          .data,
      ).recovery_codes;
      expect(fresh).not.toEqual(recoveryCodes);
      await (await passwordStep(user)).post('/api/auth/second-factor', { code: recoveryCodes[0] }).expect(401);
      await (await passwordStep(user)).post('/api/auth/second-factor', { code: fresh[0] }).expect(200);
    });

    it('turns off only with a right code (of the app or a recovery code); then the password alone signs in', async () => {
      const user = await newOwner();
      const { client, secret, recoveryCodes } = await enable(user);
      expect((await client.post('/api/auth/two-factor/disable', {}).expect(400)).body.errors[0].field).toBe('code');
      const wrong = await client
        .post('/api/auth/two-factor/disable', { code: codeAt(secret, now + 4 * STEP_MS) })
        .expect(400);
      expect(wrong.body.errors).toEqual([{ field: 'code', message: 'The code is wrong, expired or already used' }]);
      expect(await statusOf(client)).toEqual({ enabled: true, recovery_codes_left: 10 });

      await client.post('/api/auth/two-factor/disable', { code: recoveryCodes[9] }).expect(200);
      expect(await statusOf(client)).toEqual({ enabled: false, recovery_codes_left: 0 });
      expect(await t.database.dataSource.getRepository(RecoveryCodeEntity).countBy({ user_id: user.id })).toBe(0);
      await client.post('/api/auth/two-factor/disable', { code: codeAt(secret, now) }).expect(409);
      await signedIn(user);

      // And on again, then off through tRPC with a code of the app.
      const again = await enable(user);
      await again.client.post('/trpc/auth.disableTwoFactor', { code: codeAt(again.secret, now) }).expect(200);
      await signedIn(user);
    });

    it('counts wrong codes in the profile against the same limit', async () => {
      const user = await newOwner();
      const { client, secret } = await enable(user);
      for (let attempt = 0; attempt < SECOND_FACTOR_LIMITS.perUser.points; attempt += 1) {
        await client.post('/api/auth/two-factor/disable', { code: codeAt(secret, now + 10 * STEP_MS) }).expect(400);
      }
      await client.post('/api/auth/two-factor/disable', { code: codeAt(secret, now) }).expect(429);
      expect(await statusOf(client)).toMatchObject({ enabled: true });
    });
  });
});
