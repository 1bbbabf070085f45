import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { CONTACT_RATE_LIMITS, type ContactFormState, type RenderPage } from '@blog/contracts';
import { type AppConfig } from '@blog/api/core';
import { MailService } from '@blog/api/mail';
import { ContactMessageEntity, ServiceEntity } from '@blog/api/data';
import { PageCacheService } from '@blog/api/pages';
import {
  clearRateLimits,
  createTestDatabase,
  eventually,
  TEST_SITE_URL,
  testConfig,
  type TestDatabase,
} from '@blog/api/testing';
import { createApp } from './create-app';

/**
 * A stand-in for the web's server entry (Jest cannot import the built ES module): the page names its
 * address and carries the form state it was rendered with, so that each answer shows what the
 * server rendered it with.
 */
const mockRender: RenderPage = async (url, options = {}) => ({
  status: 200,
  html:
    `<!doctype html><html><head></head><body><h1>${url.replace(/</g, '&lt;')}</h1>` +
    `<pre id="form">${JSON.stringify(options.contactForm ?? null).replace(/</g, '\\u003c')}</pre></body></html>`,
  procedures: ['siteInfo.list'],
  renderPasses: 1,
  postIds: [],
});
jest.mock('@blog/api/pages', () => ({
  ...jest.requireActual('@blog/api/pages'),
  loadPageRenderer: async () => mockRender,
}));

const VISITOR = { name: 'Trần Thị Mai', email: 'mai@example.com', phone: '0901 234 567', message: 'Xin chào! A site?' };

/** The form state a page was rendered with (null: none). */
const formStateOf = (html: string) =>
  JSON.parse(html.match(/<pre id="form">([\s\S]*?)<\/pre>/)?.[1] ?? 'null') as ContactFormState | null;

describe('the contact form sent without JavaScript (POST / and /contact)', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let webDir: string;
  let app: NestExpressApplication;
  let mailed: jest.SpyInstance;

  const http = () => request(app.getHttpServer());
  /** A browser's form post from this site's own page. */
  const postForm = (path: string, fields: Record<string, string>, origin = TEST_SITE_URL) =>
    http().post(path).set('Origin', origin).type('form').send(fields);
  const stored = () => database.dataSource.getRepository(ContactMessageEntity).find({ order: { id: 'ASC' } });

  beforeAll(async () => {
    database = await createTestDatabase();
    config = testConfig({
      SMTP_URL: 'smtp://mail.test:587',
      CONTACT_NOTIFY_EMAIL: 'owner@example.com',
      PAGE_CACHE_SIZE: '100',
    });
    webDir = mkdtempSync(join(tmpdir(), 'blog-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    mkdirSync(join(webDir, 'assets'));
    app = await createApp(config, database.url, { webDir, serverDir: webDir, logger: false });
    mailed = jest.spyOn(app.get(MailService), 'send').mockResolvedValue(undefined);
    await eventually(async () => expect(app.get(PageCacheService).cache.enabled).toBe(true));
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await database.dataSource.getRepository(ContactMessageEntity).clear();
    await clearRateLimits(database);
    mailed.mockClear();
  });

  it.each(['/contact', '/', '/vi/contact', '/vi'])(
    'stores and mails a message posted to %s, then sends the browser back with 303 to the thanks',
    async (path) => {
      const res = await postForm(path, { ...VISITOR, name: `  ${VISITOR.name} ` }).expect(303);
      expect(res.headers['location']).toBe(`${path}?sent=1#contact-form`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(await stored()).toEqual([expect.objectContaining({ ...VISITOR, read_at: null })]);
      await eventually(async () => expect(mailed).toHaveBeenCalledTimes(1));
      expect(mailed.mock.calls[0][0]).toMatchObject({ to: 'owner@example.com' });
      expect(mailed.mock.calls[0][0].text).toContain(VISITOR.message);

      const thanks = await http().get(`${path}?sent=1`).expect(200);
      expect(thanks.text).toContain(`<h1>${path}?sent=1</h1>`);
      expect(thanks.headers['cache-control']).toBe('private, no-store');
    },
  );

  it("stores an inquiry's hidden fields with it: the service it is about and the page it came from", async () => {
    const services = database.dataSource.getRepository(ServiceEntity);
    await database.dataSource.query('DELETE FROM services');
    await services.save(services.create({ name: 'Website speed rescue', slug: 'speed', position: 0 }));
    await postForm('/contact?service=speed&from=%2Fservices', {
      ...VISITOR,
      service: 'speed',
      from: '/services',
    }).expect(303);
    expect(await stored()).toEqual([
      expect.objectContaining({
        topic_kind: 'service',
        topic_slug: 'speed',
        topic_title: 'Website speed rescue',
        source_path: '/services',
      }),
    ]);
  });

  it('takes /contact/ as /contact', async () => {
    const res = await postForm('/contact/', VISITOR).expect(303);
    expect(res.headers['location']).toBe('/contact?sent=1#contact-form');
    expect(await stored()).toHaveLength(1);
  });

  it('renders the page again with the field errors and what was typed, stores nothing, keeps the values out of the address', async () => {
    const typed = { name: 'An', email: 'an@', phone: '<b>09</b>', message: '   ' };
    const res = await postForm('/contact', typed).expect(400);
    expect(res.headers['location']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<h1>/contact</h1>');
    expect(formStateOf(res.text)).toEqual({
      values: typed,
      refusal: 'invalid',
      errors: [
        { field: 'email', message: 'Email must be a valid e-mail address' },
        { field: 'message', message: 'Message is required' },
      ],
    });
    expect(await stored()).toEqual([]);
    expect(mailed).not.toHaveBeenCalled();
  });

  it('names every missing field of an empty form, as the page does', async () => {
    const res = await postForm('/', {}).expect(400);
    expect(formStateOf(res.text)?.errors.map((error) => error.field)).toEqual(['name', 'email', 'message']);
    expect(formStateOf(res.text)?.values).toEqual({ name: '', email: '', phone: '', message: '' });
  });

  it('takes only text for a field: anything else is what a missing field is', async () => {
    const res = await http()
      .post('/contact')
      .set('Origin', TEST_SITE_URL)
      .type('form')
      .send('name[a]=1&email=an@example.com&message=Hi&message=again')
      .expect(400);
    expect(formStateOf(res.text)?.errors.map((error) => error.field)).toEqual(['name', 'message']);
    expect(await stored()).toEqual([]);
  });

  it('past the rate limits answers 429 with Retry-After and the page saying when, keeping the text; nothing stored or mailed', async () => {
    await database.dataSource.query('INSERT INTO rate_limits (key, points, expire) VALUES ($1, $2, $3)', [
      `contact-perEmailDaily:${VISITOR.email}`,
      CONTACT_RATE_LIMITS.perEmailDaily.points,
      Date.now() + 60 * 60 * 1000,
    ]);
    const res = await postForm('/contact', VISITOR).expect(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(formStateOf(res.text)).toEqual({
      values: VISITOR,
      errors: [],
      refusal: 'tooMany',
      retryAfterSeconds: retryAfter,
    });
    expect(await stored()).toEqual([]);
    expect(mailed).not.toHaveBeenCalled();
  });

  it('counts against the same limits as the API: five from one address, then 429 on either door', async () => {
    for (let i = 0; i < CONTACT_RATE_LIMITS.perAddress.points; i += 1) {
      await postForm('/', { ...VISITOR, email: `visitor${i}@example.com` }).expect(303);
    }
    await http()
      .post('/api/contact')
      .send({ ...VISITOR, email: 'other@example.com' })
      .expect(429);
    await postForm('/contact', { ...VISITOR, email: 'another@example.com' }).expect(429);
    expect(await stored()).toHaveLength(CONTACT_RATE_LIMITS.perAddress.points);
  });

  it("lets browsers name this site's origin on the form's post (Referrer-Policy same-origin), and none to other sites", async () => {
    // Under `no-referrer` a browser sends a form's post with `Origin: null`: refused as cross-site.
    const page = await http().get('/contact').expect(200);
    expect(page.headers['referrer-policy']).toBe('same-origin');
    await postForm('/contact', VISITOR, 'null').expect(403);
  });

  it('refuses a form posted from another site with 403, storing nothing', async () => {
    await postForm('/contact', VISITOR, 'https://evil.example').expect(403);
    await http().post('/').set('Referer', 'https://evil.example/page').type('form').send(VISITOR).expect(403);
    expect(await stored()).toEqual([]);
  });

  it('keeps every visitor page out of the page cache: the next visitor gets the plain page', async () => {
    const { cache } = app.get(PageCacheService);
    await postForm('/contact', { ...VISITOR, email: 'wrong' }).expect(400);
    await postForm('/contact', VISITOR).expect(303);
    await http().get('/contact?sent=1').expect(200);
    expect(cache.get('/contact?sent=1')).toBeUndefined();

    const first = await http().get('/contact?utm_source=mail').expect(200);
    expect(first.headers['cache-control']).toContain('public');
    expect(formStateOf(first.text)).toBeNull();
    expect(first.text).toContain('<h1>/contact</h1>');
    expect(cache.get('/contact')).toBeDefined();
    const next = await http().get('/contact').expect(200);
    expect(next.text).not.toContain(VISITOR.message);
    expect(formStateOf(next.text)).toBeNull();
  });

  it('leaves other paths and methods alone: a POST elsewhere is not a contact message', async () => {
    await http().post('/about').set('Origin', TEST_SITE_URL).type('form').send(VISITOR).expect(404);
    await http().put('/contact').set('Origin', TEST_SITE_URL).type('form').send(VISITOR).expect(404);
    expect(await stored()).toEqual([]);
  });
});
