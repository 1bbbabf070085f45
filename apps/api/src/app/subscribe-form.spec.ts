import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { RenderPage, SubscribeFormState } from '@blog/contracts';
import {
  clearRateLimits,
  createTestDatabase,
  startTestSmtpServer,
  TEST_SITE_URL,
  testConfig,
  type TestDatabase,
  type TestSmtpServer,
} from '@blog/api/testing';
import { createApp } from './create-app';

/** A stand-in for the web's server entry: the page names its address and the form state it was rendered with. */
const mockRender: RenderPage = async (url, options = {}) => ({
  status: 200,
  html:
    `<!doctype html><html><head></head><body><h1>${url.replace(/</g, '&lt;')}</h1>` +
    `<pre id="form">${JSON.stringify(options.subscribeForm ?? null).replace(/</g, '\\u003c')}</pre></body></html>`,
  procedures: ['siteInfo.list'],
  renderPasses: 1,
  postIds: [],
});
jest.mock('@blog/api/pages', () => ({
  ...jest.requireActual('@blog/api/pages'),
  loadPageRenderer: async () => mockRender,
}));

const formStateOf = (html: string) =>
  JSON.parse(html.match(/<pre id="form">([\s\S]*?)<\/pre>/)?.[1] ?? 'null') as SubscribeFormState | null;

describe('the subscription form sent without JavaScript (POST /subscribe, /subscribe/confirm)', () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let webDir: string;
  const apps: NestExpressApplication[] = [];

  const start = async (env: Record<string, string>) => {
    const app = await createApp(testConfig(env), database.url, { webDir, serverDir: webDir, logger: false });
    apps.push(app);
    return app;
  };
  const postForm = (app: NestExpressApplication, path: string, fields: string) =>
    request(app.getHttpServer()).post(path).set('Origin', TEST_SITE_URL).type('form').send(fields);

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startTestSmtpServer();
    webDir = mkdtempSync(join(tmpdir(), 'blog-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    mkdirSync(join(webDir, 'assets'));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await smtp?.stop();
    await database?.drop();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  beforeEach(() => clearRateLimits(database));

  it('subscribes from a post page, sends the browser back to it, and confirms by the button of the mailed link', async () => {
    const app = await start({ SMTP_URL: smtp.url });
    const sent = await postForm(app, '/subscribe', 'email=lan%40example.com&name=Lan&website=&from=%2Fhoc-tieng-anh');
    expect(sent.status).toBe(303);
    expect(sent.headers['location']).toBe('/hoc-tieng-anh?subscribed=1#subscribe-form');

    const mail = await smtp.waitForMail((m) => m.to.includes('lan@example.com'));
    const link = new URL(mail.text.match(/https?:\/\/\S+\/subscribe\/confirm\?token=\S+/)![0]);
    expect(link.pathname).toBe('/subscribe/confirm');
    // Opening the link shows the page (a button); it confirms nothing by itself.
    await request(app.getHttpServer()).get(`${link.pathname}${link.search}`).expect(200);
    const state = () => database.dataSource.query(`SELECT state FROM subscribers WHERE email = 'lan@example.com'`);
    expect(await state()).toEqual([{ state: 'pending' }]);

    const confirmed = await postForm(app, '/subscribe/confirm', `token=${link.searchParams.get('token')}`);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers['location']).toBe('/subscribe/confirm?confirmed=1');
    expect(await state()).toEqual([{ state: 'confirmed' }]);
    const forged = await postForm(app, '/subscribe/confirm', 'token=forged');
    expect(forged.headers['location']).toBe('/subscribe/confirm?invalid=1');
  });

  it('from a Vietnamese page: the mail in Vietnamese, its link and the confirm button on /vi/subscribe/confirm', async () => {
    const app = await start({ SMTP_URL: smtp.url });
    const sent = await postForm(app, '/vi/subscribe', 'email=ha%40example.com&language=vi&from=%2Fvi%2Fdu-lich');
    expect(sent.status).toBe(303);
    expect(sent.headers['location']).toBe('/vi/du-lich?subscribed=1#subscribe-form');
    const mail = await smtp.waitForMail((m) => m.to.includes('ha@example.com'));
    const link = new URL(mail.text.match(/https?:\/\/\S+\/subscribe\/confirm\?token=\S+/)![0]);
    expect(link.pathname).toBe('/vi/subscribe/confirm');
    const confirmed = await postForm(app, '/vi/subscribe/confirm', `token=${link.searchParams.get('token')}`);
    expect(confirmed.headers['location']).toBe('/vi/subscribe/confirm?confirmed=1');
    // A refusal is shown on the Vietnamese page.
    const refused = await postForm(app, '/vi/subscribe', 'email=nope&language=vi&from=%2Fvi').expect(400);
    expect(refused.text).toContain('<h1>/vi/subscribe</h1>');
  });

  it('renders /subscribe again with what was typed and the errors', async () => {
    const app = await start({ SMTP_URL: smtp.url });
    const res = await postForm(app, '/subscribe', 'email=not-an-address&name=Lan&topics=3&from=%2F').expect(400);
    expect(res.text).toContain('<h1>/subscribe</h1>');
    expect(formStateOf(res.text)).toEqual({
      values: { email: 'not-an-address', name: 'Lan', topics: [3] },
      errors: [expect.objectContaining({ field: 'email' })],
      refusal: 'invalid',
      // Sent again from /subscribe, it still leads back to the page it came from.
      from: '/',
    });
  });

  it('says that mail is not set up when the server has no SMTP_URL (503)', async () => {
    const app = await start({});
    const res = await postForm(app, '/subscribe', 'email=mai%40example.com&from=%2F').expect(503);
    expect(formStateOf(res.text)).toMatchObject({ refusal: 'unavailable' });
  });
});
