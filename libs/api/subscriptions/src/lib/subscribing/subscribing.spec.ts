import request from 'supertest';
import type { INestApplication } from '@nestjs/common';
import { OK } from '@blog/contracts';
import {
  clearRateLimits,
  startTestSmtpServer,
  testConfig,
  testJobsModule,
  useTestApp,
  type TestSmtpServer,
} from '@blog/api/testing';
import { SubscriptionsModule } from '../subscriptions.module';
import { NewsletterService } from '../sending/newsletter.service';
import { MAIL_NOT_SET_UP } from './subscriptions.service';

const linkIn = (text: string, path: string) => {
  const found = text.match(new RegExp(`https?://[^\\s]*${path.replace(/\//g, '\\/')}\\?token=([^\\s>]+)`));
  if (!found) throw new Error(`No ${path} link in:\n${text}`);
  return decodeURIComponent(found[1]);
};

describe('subscribing with double opt-in (real SMTP)', () => {
  let smtp: TestSmtpServer;
  // Before the app's set-up, which reads its address.
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.stop());
  const t = useTestApp([testJobsModule(), SubscriptionsModule], {
    realSmtp: true,
    config: () => testConfig({ SMTP_URL: smtp.url }),
  });
  let categories: { travel: number; poems: number; hidden: number };

  beforeAll(async () => {
    const rows = await t.database.dataSource.query<Array<{ id: number; slug: string }>>(
      `INSERT INTO categories (name, slug, subscribable) VALUES ('Travel', 'travel', true), ('Poems', 'poems', true),
         ('Private', 'private', false) RETURNING id, slug`,
    );
    const id = (slug: string) => rows.find((row) => row.slug === slug)!.id;
    categories = { travel: id('travel'), poems: id('poems'), hidden: id('private') };
  });

  beforeEach(async () => {
    await clearRateLimits(t.database);
    smtp.received.length = 0;
  });

  const http = () => request(t.app.getHttpServer());
  const subscribe = (body: object) => http().post('/api/subscriptions').send(body);
  const subscriberOf = async (email: string) =>
    (
      await t.database.dataSource.query(
        `SELECT s.id, s.state, s.name, s.confirmed_at, array(SELECT category_id FROM subscriber_categories c
           WHERE c.subscriber_id = s.id ORDER BY category_id) AS topics
         FROM subscribers s WHERE lower(email) = lower($1)`,
        [email],
      )
    )[0];

  it('subscribes, mails only the confirmation link, and confirms', async () => {
    await subscribe({ email: ' An@Example.com ', name: 'An', topics: [categories.travel] })
      .expect(200)
      .expect(OK);
    expect(await subscriberOf('an@example.com')).toMatchObject({
      state: 'pending',
      name: 'An',
      topics: [categories.travel],
    });

    const mail = await smtp.waitForMail((m) => m.to.includes('an@example.com'));
    expect(mail.subject).toMatch(/^Confirm your subscription/);
    expect(mail.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const token = linkIn(mail.text, '/subscribe/confirm');
    expect(smtp.received).toHaveLength(1);

    await http().post('/api/subscriptions/confirm').send({ token }).expect(200).expect({ email: 'An@Example.com' });
    expect(await subscriberOf('an@example.com')).toMatchObject({ state: 'confirmed' });
    // Confirming again is harmless.
    await http().post('/api/subscriptions/confirm').send({ token }).expect(200);
    expect(smtp.received).toHaveLength(1);
  });

  it('subscribes to every subscribable topic when none is chosen', async () => {
    await subscribe({ email: 'binh@example.com' }).expect(200);
    expect((await subscriberOf('binh@example.com')).topics).toEqual(
      [categories.travel, categories.poems].sort((a, b) => a - b),
    );
  });

  it('refuses a topic one cannot subscribe to, naming the field', async () => {
    const res = await subscribe({ email: 'chi@example.com', topics: [categories.hidden] }).expect(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'topics' })]);
    const bad = await subscribe({ email: 'not an address' }).expect(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'email' })]);
  });

  it('answers alike when asked again, whatever the state, revealing nothing', async () => {
    await subscribe({ email: 'dung@example.com' }).expect(200);
    const first = await smtp.waitForMail((m) => m.to.includes('dung@example.com'));
    const again = await subscribe({ email: 'dung@example.com' }).expect(200);
    expect(again.body).toEqual(OK);
    // Pending: a new confirmation link.
    await smtp.waitForMail((m) => m !== first && m.to.includes('dung@example.com'));
    await http()
      .post('/api/subscriptions/confirm')
      .send({ token: linkIn(first.text, '/subscribe/confirm') })
      .expect(200);
    smtp.received.length = 0;
    // Confirmed: the same answer, and a reminder with the preferences link, no new confirmation.
    await subscribe({ email: 'dung@example.com' }).expect(200).expect(OK);
    const reminder = await smtp.waitForMail((m) => m.to.includes('dung@example.com'));
    expect(reminder.subject).toMatch(/already subscribed/);
    expect(linkIn(reminder.text, '/subscribe/preferences')).toBeTruthy();
  });

  it('refuses a forged, altered or voided link', async () => {
    await http().post('/api/subscriptions/confirm').send({ token: 'abc.def' }).expect(400);
    await subscribe({ email: 'em@example.com' }).expect(200);
    const mail = await smtp.waitForMail((m) => m.to.includes('em@example.com'));
    const token = linkIn(mail.text, '/subscribe/confirm');
    const [payload, mac] = token.split('.');
    const altered = Buffer.from(
      Buffer.from(payload, 'base64url')
        .toString()
        .replace(/"s":\d+/, '"s":1'),
    ).toString('base64url');
    await http()
      .post('/api/subscriptions/confirm')
      .send({ token: `${altered}.${mac}` })
      .expect(400);
    await t.database.dataSource.query(`UPDATE subscribers SET token_version = token_version + 1 WHERE email = $1`, [
      'em@example.com',
    ]);
    const voided = await http().post('/api/subscriptions/confirm').send({ token }).expect(400);
    expect(voided.body.errors).toEqual([expect.objectContaining({ field: 'token' })]);
  });

  it('takes a honeypot-filled form as sent, storing and mailing nothing', async () => {
    await subscribe({ email: 'robot@example.com', website: 'http://spam.example' }).expect(200).expect(OK);
    expect(await subscriberOf('robot@example.com')).toBeUndefined();
    expect(smtp.received).toHaveLength(0);
  });

  it('limits requests per e-mail (429 with Retry-After)', async () => {
    for (let i = 0; i < 3; i++) await subscribe({ email: 'giang@example.com' }).expect(200);
    const refused = await subscribe({ email: 'GIANG@example.com' }).expect(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body.message).toMatch(/Too many subscription requests/);
  });

  it('limits requests per client address', async () => {
    for (let i = 0; i < 5; i++) await subscribe({ email: `h${i}@example.com` }).expect(200);
    await subscribe({ email: 'h5@example.com' }).expect(429);
  });

  describe("in the reader's language", () => {
    /** The path of the first link with a token in a mail's text. */
    const linkPathIn = (text: string) => new URL(text.match(/https?:\/\/\S+\?token=\S+/)![0]).pathname;
    const languageOf = async (email: string) =>
      (await t.database.dataSource.query(`SELECT language FROM subscribers WHERE email = $1`, [email]))[0]?.language;

    it('mails the confirmation in the language of the page, its links opening that language’s pages', async () => {
      await subscribe({ email: 'lan@example.com', name: 'Lan', language: 'vi' }).expect(200);
      const mail = await smtp.waitForMail((m) => m.to.includes('lan@example.com'));
      expect(mail.subject).toMatch(/^Xác nhận đăng ký nhận bài viết từ /);
      expect(mail.text).toContain('Xin chào Lan');
      expect(linkPathIn(mail.text)).toBe('/vi/subscribe/confirm');
      const token = linkIn(mail.text, '/subscribe/confirm');
      await http().post('/api/subscriptions/confirm').send({ token }).expect(200);

      // Asked again once confirmed: the reminder, in Vietnamese, with the Vietnamese preferences page.
      await subscribe({ email: 'lan@example.com', language: 'vi' }).expect(200);
      const reminder = await smtp.waitForMail((m) => m !== mail && m.to.includes('lan@example.com'));
      expect(reminder.subject).toMatch(/^Bạn đã đăng ký nhận bài viết từ .* rồi$/);
      expect(linkPathIn(reminder.text)).toBe('/vi/subscribe/preferences');
      const manage = linkIn(reminder.text, '/subscribe/preferences');

      const preferences = await http().get('/api/subscriptions/preferences').query({ token: manage }).expect(200);
      expect(preferences.body.language).toBe('vi');
      // The unsubscribe page (the mails' link opened in a browser) speaks their language.
      const page = await http().get('/api/subscriptions/unsubscribe').query({ token: manage }).expect(200);
      expect(page.text).toContain('<html lang="vi">');
      expect(page.text).toContain('<button type="submit">Hủy đăng ký</button>');

      // The preferences page may change it.
      await http()
        .put('/api/subscriptions/preferences')
        .send({ token: manage, topics: [], digest: false, language: 'en' })
        .expect(200);
      expect(await languageOf('lan@example.com')).toBe('en');
      const left = await http()
        .post('/api/subscriptions/unsubscribe')
        .query({ token: manage })
        .set('Accept', 'text/html')
        .expect(200);
      expect(left.text).toContain('You are unsubscribed');
    });

    it('takes the site’s default language without one, and refuses one the site does not run, naming `language`', async () => {
      await subscribe({ email: 'mai@example.com' }).expect(200);
      const mail = await smtp.waitForMail((m) => m.to.includes('mai@example.com'));
      expect(mail.subject).toMatch(/^Confirm your subscription/);
      expect(linkPathIn(mail.text)).toBe('/subscribe/confirm');
      expect(await languageOf('mai@example.com')).toBe('en');

      await t.database.dataSource.query(`INSERT INTO general_info (default_language, languages) VALUES ('en', '{en}')`);
      try {
        const refused = await subscribe({ email: 'nga@example.com', language: 'vi' }).expect(400);
        expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'language' })]);
      } finally {
        await t.database.dataSource.query(`DELETE FROM general_info`);
      }
    });

    it("mails a new post to every subscriber as before, each in their own language's words and links", async () => {
      const sql = <T = unknown>(query: string, params: unknown[] = []) => t.database.dataSource.query<T>(query, params);
      const [{ id: walks }] = await sql<Array<{ id: number }>>(
        `INSERT INTO categories (name, slug, subscribable) VALUES ('Walks', 'walks', true) RETURNING id`,
      );
      for (const [email, language] of [
        ['en-reader@example.com', 'en'],
        ['vi-reader@example.com', 'vi'],
      ]) {
        const [{ id }] = await sql<Array<{ id: number }>>(
          `INSERT INTO subscribers (email, state, consent_source, confirmed_at, language)
           VALUES ($1, 'confirmed', 'form', '2026-01-01T00:00:00Z', $2) RETURNING id`,
          [email, language],
        );
        await sql(`INSERT INTO subscriber_categories VALUES ($1, $2)`, [id, walks]);
      }
      const [{ id }] = await sql<Array<{ id: number }>>(
        `INSERT INTO posts (category_id, title, slug, published_at, send_to_subscribers)
         VALUES ($1, 'Hoi An by night', 'hoi-an', '2026-11-25T10:00:00Z', true) RETURNING id`,
        [walks],
      );
      expect(await t.app.get(NewsletterService).send(id)).toEqual({ sent: 2 });

      const mailTo = (email: string) => smtp.received.find((m) => m.to.includes(email))!;
      const vi = mailTo('vi-reader@example.com');
      expect(vi.subject).toBe('Hoi An by night');
      expect(vi.html).toMatch(/^<!DOCTYPE html><html lang="vi"/);
      expect(vi.html).toContain('Walks · 25 tháng 11, 2026');
      expect(vi.text).toContain('Đọc trên trang: http://');
      expect(vi.text).toContain('Bạn nhận được email này vì đã đăng ký theo dõi Walks trên');
      expect(vi.text).toMatch(/\nĐổi chủ đề theo dõi: https?:\/\/[^\s/]+\/vi\/subscribe\/preferences\?token=/);
      // The post itself is at its own address, whoever reads the mail.
      expect(vi.text).toMatch(/https?:\/\/[^\s/]+\/hoi-an\n/);

      const en = mailTo('en-reader@example.com');
      expect(en.html).toContain('Walks · 25 November 2026');
      expect(en.text).toContain('Read on the site: http://');
      expect(en.text).toMatch(/\nChange your topics: https?:\/\/[^\s/]+\/subscribe\/preferences\?token=/);
    });
  });

  describe('without SMTP_URL', () => {
    let noMail: INestApplication;
    beforeAll(async () => {
      noMail = await t.appWith({ config: testConfig(), realSmtp: true });
    });

    it('refuses with 503, saying mail is not set up, and stores nothing', async () => {
      const res = await request(noMail.getHttpServer())
        .post('/api/subscriptions')
        .send({ email: 'khanh@example.com' })
        .expect(503);
      expect(res.body.message).toBe(MAIL_NOT_SET_UP);
      expect(await subscriberOf('khanh@example.com')).toBeUndefined();
    });
  });
});
