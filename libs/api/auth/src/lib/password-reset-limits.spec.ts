import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { PASSWORD_RESET_LIMITS } from '@blog/contracts';
import { hashPassword } from '@blog/api/security';
import { PasswordResetTokenEntity, UserEntity } from '@blog/api/data';
import { mailboxOf, testConfig, useTestApp } from '@blog/api/testing';
import { AuthModule } from './auth.module';
import { AuthRouter } from './auth.router';

const { perAddress, perEmail } = PASSWORD_RESET_LIMITS;

type Door = 'REST' | 'tRPC';

let addressCounter = 0;
/** An address of its own for each use, so that counters never leak from one test to another. */
const newAddress = () => `203.0.113.${++addressCounter}`;
let emailCounter = 0;
const unknownEmail = () => `nobody${++emailCounter}@example.com`;

describe('password reset requests: rate limits (REST and tRPC, two instances on one database)', () => {
  const t = useTestApp([AuthModule], { app: false });
  /** Two app instances on the same database, as behind a load balancer. */
  let apps: INestApplication[];
  let userCounter = 0;

  const mailsSent = () => apps.reduce((count, app) => count + mailboxOf(app).sent.length, 0);
  const tokens = () => t.database.dataSource.getRepository(PasswordResetTokenEntity);

  async function newUser(): Promise<string> {
    const email = `user${++userCounter}@example.com`;
    await t.database.dataSource.getRepository(UserEntity).insert({
      email,
      name: 'User',
      password_hash: await hashPassword('user-password-1'),
      is_admin: false,
    });
    return email;
  }

  function requestReset(door: Door, address: string, email: string, app = apps[0]) {
    const path = door === 'REST' ? '/api/auth/request-password' : '/trpc/auth.requestPassword';
    return request(app.getHttpServer()).post(path).set('X-Forwarded-For', address).send({ email });
  }

  beforeAll(async () => {
    // The client's address comes from X-Forwarded-For only through a trusted proxy (here: loopback).
    const config = testConfig({ TRUST_PROXY: 'loopback' });
    const create = () => t.appWith({ config, trpc: (nest) => ({ auth: nest.get(AuthRouter).router }) });
    apps = [await create(), await create()];
  });

  it.each<Door>(['REST', 'tRPC'])(
    `%s: refuses request ${perEmail.points + 1} for one e-mail within the hour with 429 and Retry-After, mailing nothing more, whatever the address`,
    async (door) => {
      const email = await newUser();
      const mailsBefore = mailsSent();
      for (let sent = 0; sent < perEmail.points; sent++) {
        await requestReset(door, newAddress(), email, apps[sent % 2]).expect(200);
      }
      expect(mailsSent()).toBe(mailsBefore + perEmail.points);

      const refused = await requestReset(door, newAddress(), email);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(perEmail.windowSeconds);
      const message = 'Too many password reset requests. Please try again in 60 minutes.';
      if (door === 'REST') {
        expect(refused.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message });
      } else {
        expect(refused.body.error.message).toBe(message);
        expect(refused.body.error.data).toMatchObject({
          code: 'TOO_MANY_REQUESTS',
          httpStatus: 429,
          retryAfterSeconds: retryAfter,
        });
      }
      expect(mailsSent()).toBe(mailsBefore + perEmail.points);
      expect(await tokens().count({ where: { user: { email } } })).toBe(perEmail.points);

      // Another e-mail, from the same address, is not affected.
      const other = await newUser();
      await requestReset(door, newAddress(), other).expect(200);
      expect(mailboxOf(apps[0]).sent.at(-1)?.to).toBe(other);
    },
  );

  it('refuses an unknown e-mail exactly as a known one, so the refusal reveals nothing', async () => {
    const known = await newUser();
    const unknown = unknownEmail();
    const answers = async (email: string) => {
      const statuses: number[] = [];
      let last: request.Response | undefined;
      for (let sent = 0; sent <= perEmail.points; sent++) {
        last = await requestReset('REST', newAddress(), email);
        statuses.push(last.status);
      }
      return { statuses, body: last?.body };
    };
    const forKnown = await answers(known);
    const forUnknown = await answers(unknown);
    expect(forKnown.statuses).toEqual([...Array(perEmail.points).fill(200), 429]);
    expect(forUnknown).toEqual(forKnown);
  });

  it(`refuses request ${perAddress.points + 1} from one address within the hour, on both instances; other addresses go on`, async () => {
    const address = newAddress();
    for (let sent = 0; sent < perAddress.points; sent++) {
      await requestReset(sent % 2 ? 'REST' : 'tRPC', address, unknownEmail(), apps[sent % 2]).expect(200);
    }
    const email = await newUser();
    const mailsBefore = mailsSent();
    for (const app of apps) {
      const refused = await requestReset('REST', address, email, app);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(perAddress.windowSeconds);
    }
    expect(mailsSent()).toBe(mailsBefore);
    await requestReset('tRPC', newAddress(), email).expect(200);
    expect(mailsSent()).toBe(mailsBefore + 1);
  });

  it('counts nothing for a request refused as invalid', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt <= perAddress.points; attempt++) {
      await request(apps[0].getHttpServer())
        .post('/api/auth/request-password')
        .set('X-Forwarded-For', address)
        .send({ email: 'not-an-email' })
        .expect(400);
    }
    await requestReset('REST', address, unknownEmail()).expect(200);
  });
});
