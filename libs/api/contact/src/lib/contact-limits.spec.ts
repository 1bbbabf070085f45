import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { CONTACT_RATE_LIMITS } from '@blog/contracts';
import { RATE_LIMITS_TABLE } from '@blog/api/security';
import { ContactMessageEntity } from '@blog/api/data';
import { testConfig, useTestApp } from '@blog/api/testing';
import { ContactModule } from './contact.module';
import { ContactRouter } from './contact.router';

const { perAddress, perAddressDaily, perEmailDaily } = CONTACT_RATE_LIMITS;

type Door = 'REST' | 'tRPC';

let addressCounter = 0;
/** An address of its own for each use, so that counters never leak from one test to another. */
const newAddress = () => `198.51.100.${++addressCounter}`;
let emailCounter = 0;
const newEmail = () => `visitor${++emailCounter}@example.com`;

describe('contact messages: rate limits (REST and tRPC, two instances on one database)', () => {
  const t = useTestApp([ContactModule], { app: false });
  /** Two app instances on the same database, as behind a load balancer. */
  let apps: INestApplication[];

  const messages = () => t.database.dataSource.getRepository(ContactMessageEntity);

  function send(door: Door, address: string, email = newEmail(), app = apps[0]) {
    const body = { name: 'An', email, phone: '', message: `Hello from ${address}` };
    const path = door === 'REST' ? '/api/contact' : '/trpc/contact.send';
    return request(app.getHttpServer()).post(path).set('X-Forwarded-For', address).send(body);
  }

  /** Lets the short window end, as if ten minutes had passed (the daily counts stay). */
  const endShortWindow = () =>
    t.database.dataSource.query(`UPDATE ${RATE_LIMITS_TABLE} SET expire = 0 WHERE key LIKE 'contact-perAddress:%'`);

  beforeAll(async () => {
    // The client's address comes from X-Forwarded-For only through a trusted proxy (here: loopback).
    const config = testConfig({ TRUST_PROXY: 'loopback' });
    const create = () => t.appWith({ config, trpc: (nest) => ({ contact: nest.get(ContactRouter).router }) });
    apps = [await create(), await create()];
  });

  beforeEach(async () => {
    await messages().clear();
  });

  it.each<Door>(['REST', 'tRPC'])(
    `%s: refuses message ${perAddress.points + 1} within ${perAddress.windowSeconds / 60} minutes from one address with 429 and Retry-After, storing nothing; other addresses still send`,
    async (door) => {
      const address = newAddress();
      for (let sent = 0; sent < perAddress.points; sent++) {
        // Both instances count into the same counter.
        await send(door, address, newEmail(), apps[sent % 2]).expect(200);
      }
      const refused = await send(door, address);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(perAddress.windowSeconds);
      const message = 'Too many messages have been sent. Please try again in 10 minutes.';
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
      expect(await messages().count()).toBe(perAddress.points);

      await send(door, newAddress()).expect(200);
      expect(await messages().count()).toBe(perAddress.points + 1);
    },
  );

  it('counts both doors into one limit', async () => {
    const address = newAddress();
    for (let sent = 0; sent < perAddress.points; sent++) await send(sent % 2 ? 'REST' : 'tRPC', address).expect(200);
    expect((await send('REST', address)).status).toBe(429);
    expect((await send('tRPC', address)).status).toBe(429);
  });

  it(`caps one address at ${perAddressDaily.points} messages a day`, async () => {
    const address = newAddress();
    for (let sent = 0; sent < perAddressDaily.points; sent++) {
      if (sent % perAddress.points === 0) await endShortWindow();
      await send('REST', address, newEmail(), apps[sent % 2]).expect(200);
    }
    await endShortWindow();
    const refused = await send('tRPC', address, newEmail(), apps[1]);
    expect(refused.status).toBe(429);
    // The day's wait, not the short window's.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(perAddress.windowSeconds);
    expect(refused.body.error.message).toMatch(/try again in (23|24) hours/);
    expect(await messages().count()).toBe(perAddressDaily.points);
  });

  it(`caps one sender e-mail at ${perEmailDaily.points} messages a day, whatever the address and letter case`, async () => {
    const email = newEmail();
    for (let sent = 0; sent < perEmailDaily.points; sent++) {
      await send('REST', newAddress(), sent % 2 ? email.toUpperCase() : email).expect(200);
    }
    const refused = await send('REST', newAddress(), email);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await messages().countBy({ email })).toBe(Math.ceil(perEmailDaily.points / 2));
    expect(await messages().count()).toBe(perEmailDaily.points);
    await send('REST', newAddress()).expect(200);
  });

  it('counts nothing for a message refused as invalid', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt <= perAddress.points; attempt++) {
      await request(apps[0].getHttpServer())
        .post('/api/contact')
        .set('X-Forwarded-For', address)
        .send({ name: '', email: 'nope', message: '' })
        .expect(400);
    }
    await send('REST', address).expect(200);
  });
});
