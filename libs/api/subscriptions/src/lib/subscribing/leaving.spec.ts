import { createHmac, hkdfSync } from 'node:crypto';
import request from 'supertest';
import { OK } from '@blog/contracts';
import { sessionSecretOf } from '@blog/api/security';
import {
  clearRateLimits,
  startTestSmtpServer,
  testConfig,
  testJobsModule,
  useTestApp,
  type TestSmtpServer,
} from '@blog/api/testing';
import { SubscriptionsModule } from '../subscriptions.module';

const unsubscribeUrlOf = (header: string) => {
  const https = header.match(/<(https?:\/\/[^>]+)>/)?.[1];
  if (!https) throw new Error(`No web address in List-Unsubscribe: ${header}`);
  return new URL(https);
};

describe('leaving: one-click unsubscribe (RFC 8058) and preferences', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.stop());
  const t = useTestApp([testJobsModule(), SubscriptionsModule], {
    realSmtp: true,
    config: () => testConfig({ SMTP_URL: smtp.url }),
  });
  let topics: number[];

  beforeAll(async () => {
    const rows = await t.database.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO categories (name, slug) VALUES ('Lessons', 'lessons'), ('Travel', 'travel') RETURNING id`,
    );
    topics = rows.map((row) => row.id);
  });
  beforeEach(() => clearRateLimits(t.database));

  const http = () => request(t.app.getHttpServer());

  /** Subscribes and confirms `email`; the confirmation mail (which carries the headers of every mail). */
  async function confirmed(email: string) {
    await http().post('/api/subscriptions').send({ email }).expect(200);
    const mail = await smtp.waitForMail((m) => m.to.includes(email));
    const token = decodeURIComponent(mail.text.match(/confirm\?token=(\S+)/)![1]);
    await http().post('/api/subscriptions/confirm').send({ token }).expect(200);
    return mail;
  }
  const rowsOf = (email: string) =>
    t.database.dataSource.query(`SELECT id FROM subscribers WHERE lower(email) = $1`, [email]);

  it('carries List-Unsubscribe (https and mailto) and List-Unsubscribe-Post in every mail', async () => {
    const mail = await confirmed('an@example.com');
    expect(mail.rawHeaders['list-unsubscribe']).toMatch(
      /^<http:\/\/blog\.test\/api\/subscriptions\/unsubscribe\?token=[^>]+>, <mailto:no-reply@blog\.test\?subject=unsubscribe>$/,
    );
    expect(mail.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it("unsubscribes by the provider's one-click POST, with no cookie, from another origin; only a hash stays", async () => {
    const mail = await confirmed('binh@example.com');
    const url = unsubscribeUrlOf(mail.rawHeaders['list-unsubscribe']);
    // Opening the link only shows the button: mail scanners follow links.
    const page = await http().get(`${url.pathname}${url.search}`).expect(200);
    expect(page.text).toContain('<button type="submit">Unsubscribe</button>');
    expect(await rowsOf('binh@example.com')).toHaveLength(1);

    await http()
      .post(`${url.pathname}${url.search}`)
      .set('Origin', 'https://mail.provider.example')
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200)
      .expect(OK);
    expect(await rowsOf('binh@example.com')).toHaveLength(0);
    const key = Buffer.from(hkdfSync('sha256', sessionSecretOf(t.config), '', 'suppression hashes', 32));
    const hash = createHmac('sha256', key).update('binh@example.com').digest('hex');
    expect(await t.database.dataSource.query(`SELECT email_hash, reason FROM suppressions`)).toEqual([
      { email_hash: hash, reason: 'unsubscribed' },
    ]);
    // The page's button, in a browser, answers with a page; clicking again is harmless.
    const pressed = await http()
      .post(`${url.pathname}${url.search}`)
      .set('Accept', 'text/html,application/xhtml+xml')
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(pressed.text).toContain('You are unsubscribed');
    // Clicking again is harmless; subscribing again mails nothing and answers alike.
    await http().post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    const before = smtp.received.length;
    await http().post('/api/subscriptions').send({ email: 'Binh@Example.com' }).expect(200).expect(OK);
    expect(await rowsOf('binh@example.com')).toHaveLength(0);
    expect(smtp.received).toHaveLength(before);
  });

  it('still refuses every other cross-site write', async () => {
    await http()
      .post('/api/subscriptions')
      .set('Origin', 'https://evil.example')
      .send({ email: 'chi@example.com' })
      .expect(403);
  });

  it('refuses an unsubscribe link that was forged', async () => {
    const res = await http().post('/api/subscriptions/unsubscribe?token=eyJwIjoibWFuYWdlIn0.forged').expect(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'token' })]);
    await http().post('/api/subscriptions/unsubscribe').expect(400);
  });

  it('shows and changes the topics and the digest flag by the preferences link', async () => {
    const mail = await confirmed('dung@example.com');
    const token = unsubscribeUrlOf(mail.rawHeaders['list-unsubscribe']).searchParams.get('token')!;
    const shown = await http().get('/api/subscriptions/preferences').query({ token }).expect(200);
    expect(shown.body).toMatchObject({ email: 'dung@example.com', digest: false, topics: [...topics].sort() });
    await http()
      .put('/api/subscriptions/preferences')
      .send({ token, topics: [topics[0]], digest: true })
      .expect(200);
    const changed = await http().get('/api/subscriptions/preferences').query({ token }).expect(200);
    expect(changed.body).toMatchObject({ digest: true, topics: [topics[0]] });
    // A confirmation link is not a preferences link.
    const confirmToken = decodeURIComponent(mail.text.match(/confirm\?token=(\S+)/)![1]);
    await http().get('/api/subscriptions/preferences').query({ token: confirmToken }).expect(400);
  });
});
