import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { z } from 'zod';
import { activeSessionSchema, type ActiveSession } from '@blog/contracts';
import { deviceLabel, hashPassword, SEEN_EVERY_MS } from '@blog/api/security';
import { SessionEntity, UserEntity } from '@blog/api/data';
import { testConfig, useTestApp } from '@blog/api/testing';
import { AuthModule } from './auth.module';
import { AuthRouter } from './auth.router';

const OWNER = { email: 'owner@example.com', password: 'owner-password-1', name: 'Phương' };
const READER = { email: 'reader@example.com', password: 'reader-password-1', name: 'Reader' };
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

const sessionsList = z.array(activeSessionSchema.strict());

describe('active sessions (REST and tRPC), ended on every instance', () => {
  const t = useTestApp([AuthModule], { app: false, config: testConfig({ TRUST_PROXY: 'loopback' }) });
  /** Two instances of the site on one database, as behind a load balancer. */
  let first: INestApplication;
  let second: INestApplication;
  let address = 0;

  const createApp = () => t.appWith({ config: t.config, trpc: (nest) => ({ auth: nest.get(AuthRouter).router }) });

  /** A signed-in agent on `app`, from a device and an address of its own. */
  async function signIn(app: INestApplication, userAgent: string, credentials = OWNER) {
    const agent = request.agent(app.getHttpServer());
    const from = `10.1.0.${++address}`;
    await agent
      .post('/api/auth/login')
      .set('User-Agent', userAgent)
      .set('X-Forwarded-For', from)
      .send(credentials)
      .expect(200);
    // The device and the address are kept from the next request on.
    await agent.get('/api/auth/me').set('User-Agent', userAgent).set('X-Forwarded-For', from).expect(200);
    return { agent, from };
  }

  const listOf = async (agent: request.Agent) =>
    sessionsList.parse((await agent.get('/api/auth/sessions').expect(200)).body);

  beforeAll(async () => {
    await t.database.dataSource.getRepository(UserEntity).insert([
      { email: OWNER.email, name: OWNER.name, password_hash: await hashPassword(OWNER.password), is_admin: true },
      { email: READER.email, name: READER.name, password_hash: await hashPassword(READER.password), is_admin: false },
    ]);
    first = await createApp();
    second = await createApp();
  });

  afterEach(async () => {
    await t.database.dataSource.getRepository(SessionEntity).clear();
  });

  it('lists the owner’s sessions with device, address and times, this one marked, never another user’s or a session id', async () => {
    const laptop = await signIn(first, LAPTOP);
    const phone = await signIn(second, PHONE);
    await signIn(first, LAPTOP, READER);

    const sessions = await listOf(laptop.agent);
    expect(sessions).toHaveLength(2);
    const byDevice = new Map(sessions.map((session) => [session.device, session]));
    expect(byDevice.get('Chrome 156 on Linux')).toMatchObject({ address: laptop.from, current: true });
    expect(byDevice.get('Safari 18 on iOS')).toMatchObject({ address: phone.from, current: false });
    for (const session of sessions) {
      expect(Date.parse(session.signed_in_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(session.last_seen_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    }
    // The id is a hash: no session id (what the cookie carries) is ever answered.
    const sids = (await t.database.dataSource.getRepository(SessionEntity).find()).map((row) => row.sid);
    expect(
      sids.some((sid) => sessions.some((session) => session.id === sid || JSON.stringify(session).includes(sid))),
    ).toBe(false);
    // The same on tRPC, from the other instance.
    const viaTrpc = (await phone.agent.get('/trpc/auth.sessions').expect(200)).body.result.data as ActiveSession[];
    expect(viaTrpc.map((session) => [session.device, session.current]).sort()).toEqual([
      ['Chrome 156 on Linux', false],
      ['Safari 18 on iOS', true],
    ]);
  });

  it('ends another session: refused at once on every instance; the owner’s own session stays', async () => {
    const laptop = await signIn(first, LAPTOP);
    const phone = await signIn(second, PHONE);
    const lost = (await listOf(laptop.agent)).find((session) => !session.current) as ActiveSession;

    expect((await laptop.agent.delete(`/api/auth/sessions/${lost.id}`).expect(200)).body).toEqual({ status: 200 });
    // The phone is signed out on the instance it used, and on the other.
    await phone.agent.get('/api/auth/me').expect(401);
    await request(first.getHttpServer()).get('/api/auth/me').set('Cookie', phoneCookie(phone.agent)).expect(401);
    await laptop.agent.get('/api/auth/me').expect(200);
    expect((await listOf(laptop.agent)).map((session) => session.current)).toEqual([true]);
    // Ending it again: it is gone.
    expect((await laptop.agent.delete(`/api/auth/sessions/${lost.id}`).expect(404)).body).toMatchObject({
      message: 'Session not found',
    });
  });

  it('ends every other session at once, on both doors', async () => {
    const laptop = await signIn(first, LAPTOP);
    const phones = [await signIn(second, PHONE), await signIn(first, PHONE)];
    expect((await laptop.agent.delete('/api/auth/sessions').expect(200)).body).toEqual({ status: 200, ended: 2 });
    for (const phone of phones) await phone.agent.get('/api/auth/me').expect(401);
    await laptop.agent.get('/api/auth/me').expect(200);

    const again = await signIn(second, PHONE);
    const ended = await laptop.agent.post('/trpc/auth.endOtherSessions').send({}).expect(200);
    expect(ended.body.result.data).toEqual({ status: 200, ended: 1 });
    await again.agent.get('/api/auth/me').expect(401);
  });

  it('refuses to end this device’s session (sign out does), another user’s, or a malformed id; and anyone signed out', async () => {
    const laptop = await signIn(first, LAPTOP);
    const reader = await signIn(second, PHONE, READER);
    const [own] = await listOf(laptop.agent);
    const [readers] = await listOf(reader.agent);

    const self = await laptop.agent.delete(`/api/auth/sessions/${own.id}`).expect(400);
    expect(self.body.errors).toEqual([
      { field: 'id', message: 'This is the session of this device: sign out to end it' },
    ]);
    await laptop.agent.delete(`/api/auth/sessions/${readers.id}`).expect(404);
    await reader.agent.get('/api/auth/me').expect(200);
    expect((await laptop.agent.delete('/api/auth/sessions/xyz').expect(400)).body.errors).toEqual([
      { field: 'id', message: 'Session id must be 64 hexadecimal digits' },
    ]);
    const viaTrpc = await laptop.agent.post('/trpc/auth.endSession').send({ id: 'xyz' }).expect(400);
    expect(viaTrpc.body.error.data.fieldErrors).toEqual([
      { field: 'id', message: 'Session id must be 64 hexadecimal digits' },
    ]);

    const anonymous = request(first.getHttpServer());
    await anonymous.get('/api/auth/sessions').expect(401);
    await anonymous.delete(`/api/auth/sessions/${own.id}`).expect(401);
    await anonymous.get('/trpc/auth.sessions').expect(401);
  });

  it('writes “last seen” at most once a minute for a busy session', async () => {
    const laptop = await signIn(first, LAPTOP);
    const seenAt = async () => {
      const [row] = await t.database.dataSource.getRepository(SessionEntity).find();
      return row.sess['seenAt'] as number;
    };
    const before = await seenAt();
    for (let n = 0; n < 3; n++) await laptop.agent.get('/api/auth/me').set('X-Forwarded-For', laptop.from).expect(200);
    expect(await seenAt()).toBe(before);
    expect(SEEN_EVERY_MS).toBe(60_000);
  });
});

describe('deviceLabel', () => {
  it('names the browser and the system, or says it does not know', () => {
    expect(deviceLabel(LAPTOP)).toBe('Chrome 156 on Linux');
    expect(deviceLabel(PHONE)).toBe('Safari 18 on iOS');
    expect(deviceLabel(undefined)).toBe('Unknown device');
    expect(deviceLabel('curl/8.5.0').length).toBeLessThanOrEqual(120);
  });
});

/** The session cookie an agent holds, to replay it on another instance. */
function phoneCookie(agent: request.Agent): string {
  const jar = (agent as unknown as { jar: { getCookies(access: unknown): Array<{ name: string; value: string }> } })
    .jar;
  const cookies = jar.getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false });
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}
