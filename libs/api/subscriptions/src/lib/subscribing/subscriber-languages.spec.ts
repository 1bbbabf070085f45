import request from 'supertest';
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

/** The token of the first link to `path` (the whole path after the site's address) in a mail's text. */
const linkIn = (text: string, path: string) => {
  const found = text.match(new RegExp(`https?://[^\\s/]+(${path.replace(/\//g, '\\/')})\\?token=([^\\s>]+)`));
  if (!found) throw new Error(`No ${path} link in:\n${text}`);
  return decodeURIComponent(found[2]);
};

describe("a subscriber's language (real SMTP)", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.stop());
  const t = useTestApp([testJobsModule(), SubscriptionsModule], {
    realSmtp: true,
    config: () => testConfig({ SMTP_URL: smtp.url }),
  });
  const sql = <T = unknown>(query: string, params: unknown[] = []) => t.database.dataSource.query<T>(query, params);
  const http = () => request(t.app.getHttpServer());
  let travel: number;

  beforeAll(async () => {
    [{ id: travel }] = await sql<Array<{ id: number }>>(
      `INSERT INTO categories (name, slug, subscribable) VALUES ('Travel', 'travel', true) RETURNING id`,
    );
  });
  beforeEach(async () => {
    await clearRateLimits(t.database);
    smtp.received.length = 0;
  });

  it('mails the confirmation in the language of the page, its links opening that language’s pages', async () => {
    await http().post('/api/subscriptions').send({ email: 'lan@example.com', name: 'Lan', language: 'vi' }).expect(200);
    const mail = await smtp.waitForMail((m) => m.to.includes('lan@example.com'));
    expect(mail.subject).toMatch(/^Xác nhận đăng ký nhận bài viết từ /);
    expect(mail.text).toContain('Xin chào Lan');
    const token = linkIn(mail.text, '/vi/subscribe/confirm');
    await http().post('/api/subscriptions/confirm').send({ token }).expect(200);

    // Asked again once confirmed: the reminder, in Vietnamese, with the Vietnamese preferences page.
    await http().post('/api/subscriptions').send({ email: 'lan@example.com', language: 'vi' }).expect(200);
    const reminder = await smtp.waitForMail((m) => m !== mail && m.to.includes('lan@example.com'));
    expect(reminder.subject).toMatch(/^Bạn đã đăng ký nhận bài viết từ .* rồi$/);
    const manage = linkIn(reminder.text, '/vi/subscribe/preferences');

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
    expect(await sql(`SELECT language FROM subscribers WHERE email = 'lan@example.com'`)).toEqual([{ language: 'en' }]);
    const left = await http()
      .post('/api/subscriptions/unsubscribe')
      .query({ token: manage })
      .set('Accept', 'text/html')
      .expect(200);
    expect(left.text).toContain('You are unsubscribed');
  });

  it('takes the site’s default language without one, and refuses one the site does not run, naming `language`', async () => {
    await http().post('/api/subscriptions').send({ email: 'an@example.com' }).expect(200);
    const mail = await smtp.waitForMail((m) => m.to.includes('an@example.com'));
    expect(mail.subject).toMatch(/^Confirm your subscription/);
    expect(linkIn(mail.text, '/subscribe/confirm')).toBeTruthy();
    expect(await sql(`SELECT language FROM subscribers WHERE email = 'an@example.com'`)).toEqual([{ language: 'en' }]);

    await sql(`INSERT INTO general_info (default_language, languages) VALUES ('en', '{en}')`);
    try {
      const refused = await http().post('/api/subscriptions').send({ email: 'binh@example.com', language: 'vi' });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'language' })]);
    } finally {
      await sql(`DELETE FROM general_info`);
    }
  });

  it("mails a new post to everyone as before, each in their own language's words and links", async () => {
    const subscriber = async (email: string, language: string) => {
      const [{ id }] = await sql<Array<{ id: number }>>(
        `INSERT INTO subscribers (email, state, consent_source, confirmed_at, language)
         VALUES ($1, 'confirmed', 'form', '2026-01-01T00:00:00Z', $2) RETURNING id`,
        [email, language],
      );
      await sql(`INSERT INTO subscriber_categories VALUES ($1, $2)`, [id, travel]);
    };
    await subscriber('en-reader@example.com', 'en');
    await subscriber('vi-reader@example.com', 'vi');
    const [{ id }] = await sql<Array<{ id: number }>>(
      `INSERT INTO posts (category_id, title, slug, published_at, send_to_subscribers)
       VALUES ($1, 'Hoi An by night', 'hoi-an', '2026-11-25T10:00:00Z', true) RETURNING id`,
      [travel],
    );
    expect(await t.app.get(NewsletterService).send(id)).toEqual({ sent: 2 });

    const mailTo = (email: string) => smtp.received.find((m) => m.to.includes(email))!;
    const vi = mailTo('vi-reader@example.com');
    expect(vi.subject).toBe('Hoi An by night');
    expect(vi.html).toMatch(/^<!DOCTYPE html><html lang="vi"/);
    expect(vi.text).toContain('Đọc trên trang: http://');
    expect(vi.html).toContain('Travel · 25 tháng 11, 2026');
    expect(vi.text).toContain('Bạn nhận được email này vì đã đăng ký theo dõi Travel trên');
    linkIn(vi.text, '/vi/subscribe/preferences');
    // The post itself is at its own address, whoever reads the mail.
    expect(vi.text).toMatch(/https?:\/\/[^\s/]+\/hoi-an\n/);

    const en = mailTo('en-reader@example.com');
    expect(en.text).toContain('Read on the site: http://');
    expect(en.html).toContain('Travel · 25 November 2026');
    linkIn(en.text, '/subscribe/preferences');
    expect(en.text).not.toContain('/vi/');
  });
});
