import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { SUBSCRIBER_IMPORT_INVALID_SHOWN, SUBSCRIBER_IMPORT_MAX_BYTES } from '@blog/contracts';
import {
  apiTokenAgent,
  eventually,
  startTestSmtpServer,
  testConfig,
  testJobsModule,
  trpcHttp,
  useTestApp,
  type TestAgent,
  type TestSmtpServer,
} from '@blog/api/testing';
import { NewsletterService } from '../sending/newsletter.service';
import { MAIL_NOT_SET_UP, SubscriptionsService } from '../subscribing/subscriptions.service';
import { SubscriptionsModule } from '../subscriptions.module';
import { SubscribersAdminService } from './subscribers-admin.service';
import { SubscribersRouter } from './subscribers.router';
import { useSubscribersFixture } from './testing/subscribers-fixture';

const sample = (name: string) => readFileSync(join(__dirname, 'testing', name), 'utf8');
const subscribers = trpcHttp<SubscribersRouter['router']>('subscribers');

describe('importing subscribers from CSV (real SMTP, job queue)', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.stop());
  // 5 a second: the links of a large import take long enough to stop a run midway.
  const config = () => testConfig({ SMTP_URL: smtp.url, MAIL_RATE_PER_SECOND: '5' });
  const t = useTestApp([testJobsModule(), SubscriptionsModule], {
    realSmtp: true,
    config,
    trpc: (nest) => ({ subscribers: nest.get(SubscribersRouter).router }),
    signIn: true,
  });
  const sql = <T = unknown>(query: string, params: unknown[] = []) => t.database.dataSource.query<T>(query, params);
  const { events, topics } = useSubscribersFixture(t);
  let travel: number;
  let poems: number;
  beforeAll(() => {
    ({ travel, poems } = topics);
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  const importCsv = (csv: string, query = '', agent: TestAgent = t.admin) =>
    agent.post(`/api/subscribers/import${query}`).set('Content-Type', 'text/csv').send(csv);
  const rows = () =>
    sql<Array<{ email: string; name: string; state: string; digest: boolean; consent_source: string }>>(
      `SELECT email, name, state, digest, consent_source FROM subscribers ORDER BY email`,
    );
  const linkOf = (text: string) => decodeURIComponent(text.match(/confirm\?token=(\S+)/)![1]);

  it('reads a Mailchimp export: names joined, bad and repeated lines reported, pending until they confirm', async () => {
    const res = await importCsv(sample('mailchimp-subscribed.csv'), `?topics=${travel}`).expect(200);
    expect(res.body).toEqual({
      format: 'mailchimp',
      added: 2,
      existing: 0,
      suppressed: 0,
      invalid: [
        { line: 4, reason: 'Email must be a valid e-mail address' },
        { line: 5, reason: 'The address is on line 2 already' },
      ],
      invalid_total: 2,
      confirmations_sent: 2,
    });
    expect(await rows()).toEqual([
      { email: 'mc.an@example.com', name: 'An Nguyễn', state: 'pending', digest: false, consent_source: 'import' },
      { email: 'mc.binh@example.com', name: 'Bình', state: 'pending', digest: false, consent_source: 'import' },
    ]);
    expect(await sql(`SELECT DISTINCT category_id FROM subscriber_categories`)).toEqual([{ category_id: travel }]);

    // Each gets the confirmation link from the job, and nothing else until they confirm.
    await smtp.waitForMail(() => smtp.received.length >= 2);
    expect(smtp.received.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Confirm your subscription/),
      expect.stringMatching(/^Confirm your subscription/),
    ]);
    const [{ id: postId }] = await sql<Array<{ id: number }>>(
      `INSERT INTO posts (category_id, title, slug, meta_description, published_at, send_to_subscribers)
       VALUES ($1, 'Hội An by night', 'hoi-an', 'A walk', now() + interval '1 minute', true) RETURNING id`,
      [travel],
    );
    const an = smtp.received.find((mail) => mail.to.includes('mc.an@example.com'))!;
    await request(t.app.getHttpServer())
      .post('/api/subscriptions/confirm')
      .send({ token: linkOf(an.text) })
      .expect(200);
    expect(await t.app.get(NewsletterService).send(postId)).toEqual({ sent: 1 });
    expect(smtp.received.filter((mail) => mail.subject === 'Hội An by night').flatMap((mail) => mail.to)).toEqual([
      'mc.an@example.com',
    ]);
    // A reader who confirms is announced, once.
    await request(t.app.getHttpServer())
      .post('/api/subscriptions/confirm')
      .send({ token: linkOf(an.text) })
      .expect(200);
    expect(events.filter((event) => event.event === 'subscriber.confirmed')).toEqual([
      {
        event: 'subscriber.confirmed',
        data: expect.objectContaining({ email: 'mc.an@example.com', state: 'confirmed' }),
      },
    ]);
  });

  it('adds Mailchimp unsubscribed and cleaned exports to nothing', async () => {
    for (const file of ['mailchimp-unsubscribed.csv', 'mailchimp-cleaned.csv']) {
      const res = await importCsv(sample(file)).expect(200);
      expect(res.body).toMatchObject({ format: 'mailchimp', added: 0, suppressed: 1, invalid: [] });
    }
    expect(await rows()).toEqual([]);
  });

  it("confirms on the owner's statement, recorded, mailing and announcing nothing (Substack, digest kept)", async () => {
    const note = 'Substack list, double opt-in, 2021-2026';
    const res = await importCsv(
      sample('substack-subscribers.csv'),
      `?already_opted_in=true&consent_note=${encodeURIComponent(note)}`,
    ).expect(200);
    expect(res.body).toEqual({
      format: 'substack',
      added: 2,
      existing: 0,
      suppressed: 1,
      invalid: [],
      invalid_total: 0,
      confirmations_sent: 0,
    });
    expect(await rows()).toEqual([
      { email: 'ss.giang@example.com', name: '', state: 'confirmed', digest: false, consent_source: 'import' },
      { email: 'ss.hoa@example.com', name: '', state: 'confirmed', digest: true, consent_source: 'import' },
    ]);
    expect(await sql(`SELECT DISTINCT consent_note, confirmed_at IS NOT NULL AS confirmed FROM subscribers`)).toEqual([
      { consent_note: note, confirmed: true },
    ]);
    // Every subscribable topic when none is chosen.
    expect(
      await sql(`SELECT category_id FROM subscriber_categories c JOIN subscribers s ON s.id = c.subscriber_id
                 WHERE s.email = 'ss.giang@example.com' ORDER BY category_id`),
    ).toEqual([{ category_id: travel }, { category_id: poems }]);
    expect(events).toEqual([]);
    // Nothing was queued for them: the next import's link is the only mail.
    await importCsv('pl.next@example.com\n').expect(200);
    await smtp.waitForMail((mail) => mail.to.includes('pl.next@example.com'));
    expect(smtp.received.flatMap((mail) => mail.to)).toEqual(['pl.next@example.com']);

    // Some Substack exports name their readers.
    const named = await importCsv(
      'email,name,active_subscription\nss.named@example.com,Named,false\n',
      '?send_confirmation=false',
    );
    expect(named.body).toMatchObject({ format: 'substack', added: 1 });
    expect(await sql(`SELECT name FROM subscribers WHERE email = 'ss.named@example.com'`)).toEqual([{ name: 'Named' }]);
  });

  it('reads Ghost members, leaving out those who turned e-mails off', async () => {
    const res = await importCsv(sample('ghost-members.csv'), '?send_confirmation=false').expect(200);
    expect(res.body).toMatchObject({ format: 'ghost', added: 2, suppressed: 1, invalid: [], confirmations_sent: 0 });
    expect((await rows()).map(({ email, name }) => [email, name])).toEqual([
      ['gh.khanh@example.com', 'Khánh Trần'],
      ['gh.minh@example.com', ''],
    ]);
  });

  it('reads plain files with and without a header', async () => {
    const withHeader = await importCsv(sample('plain-with-header.csv'), '?send_confirmation=false').expect(200);
    expect(withHeader.body).toMatchObject({ format: 'plain', added: 2 });
    const without = await importCsv(sample('plain-without-header.csv'), '?send_confirmation=false').expect(200);
    expect(without.body).toMatchObject({ format: 'plain', added: 2, invalid: [] });
    // A spreadsheet's file in its own charset, as its Content-Type says.
    await t.admin
      .post('/api/subscribers/import?send_confirmation=false')
      .set('Content-Type', 'text/csv; charset=windows-1252')
      .send(Buffer.from('pl.jose@example.com,Jos\xe9\n', 'latin1'))
      .expect(200);
    expect((await rows()).map(({ email, name }) => [email, name])).toEqual([
      ['pl.jose@example.com', 'José'],
      ['pl.nam@example.com', 'Nam'],
      ['pl.oanh@example.com', 'Oanh, the teacher'],
      ['pl.phuc@example.com', 'Phúc'],
      ['pl.quang@example.com', ''],
    ]);
  });

  it('never adds a suppressed address nor changes an existing subscriber, and mails neither', async () => {
    await t.app.get(SubscriptionsService).suppress('Gone@Example.com', 'hard_bounce', 'mailbox unknown');
    await sql(
      `INSERT INTO subscribers (email, name, state, consent_source, confirmed_at) VALUES ('kept@example.com', 'Kept', 'confirmed', 'form', now())`,
    );
    const res = await importCsv('email,name\ngone@example.com,Gone\nKEPT@example.com,Other\nnew@example.com,New\n');
    expect(res.body).toMatchObject({ added: 1, existing: 1, suppressed: 1, confirmations_sent: 1 });
    expect((await rows()).map(({ email, name, state }) => [email, name, state])).toEqual([
      ['kept@example.com', 'Kept', 'confirmed'],
      ['new@example.com', 'New', 'pending'],
    ]);
    await smtp.waitForMail((mail) => mail.to.includes('new@example.com'));
    expect(smtp.received.flatMap((mail) => mail.to)).toEqual(['new@example.com']);

    // Once the owner allows the address again, an import adds it.
    const hash = t.app.get(SubscriptionsService).links.suppressionHash('gone@example.com');
    await t.admin.delete(`/api/subscribers/suppressions/${hash}`).expect(200);
    const again = await importCsv('gone@example.com\n', '?send_confirmation=false').expect(200);
    expect(again.body).toMatchObject({ added: 1, suppressed: 0 });
  });

  it('sends each link once across instances, a stopped run leaving the rest to the job', async () => {
    const second = await t.appWith({ config: config(), realSmtp: true });
    const emails = Array.from({ length: 12 }, (_, i) => `many${String(i).padStart(2, '0')}@example.com`);
    await importCsv(emails.join('\n')).expect(200);
    // Another instance takes links too, and stops after its first, as a shutdown would.
    const stop = new AbortController();
    const run = second.get(SubscribersAdminService).sendQueuedConfirmations(stop.signal);
    await smtp.waitForMail();
    stop.abort();
    await run.catch((error: Error) => expect(error.message).toMatch(/interrupted/));
    await eventually(async () => {
      expect(await sql(`SELECT email FROM subscribers WHERE confirmation_queued`)).toEqual([]);
    });
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual(emails);
  });

  it('refuses what it cannot import, naming the field', async () => {
    const field = (res: request.Response) => res.body.errors.map((error: { field: string }) => error.field);
    expect(field(await importCsv('name,city\nAn,Huế\n').expect(400))).toEqual(['csv']);
    expect(field(await importCsv('"unclosed,quote\n').expect(400))).toEqual(['csv']);
    expect(field(await importCsv('').expect(400))).toEqual(['csv']);
    const json = await t.admin.post('/api/subscribers/import').send({ csv: 'a@example.com' }).expect(415);
    expect(field(json)).toEqual(['csv']);
    const unknownCharset = await t.admin
      .post('/api/subscribers/import')
      .set('Content-Type', 'text/csv; charset=x-unknown')
      .send('a@example.com')
      .expect(415);
    expect(field(unknownCharset)).toEqual(['csv']);
    const large = await importCsv(`email\n${'a'.repeat(SUBSCRIBER_IMPORT_MAX_BYTES)}\n`).expect(413);
    expect(field(large)).toEqual(['csv']);
    expect(field(await importCsv('a@example.com', '?already_opted_in=true').expect(400))).toEqual(['consent_note']);
    expect(field(await importCsv('a@example.com', '?already_opted_in=maybe').expect(400))).toEqual([
      'already_opted_in',
    ]);
    expect(field(await importCsv('a@example.com', `?topics=${topics.hidden}`).expect(400))).toEqual(['topics']);
    expect(await rows()).toEqual([]);
  });

  it("imports in the site's default language, the one their mails and links are in", async () => {
    await sql(`INSERT INTO general_info (default_language, languages) VALUES ('vi', '{en,vi}')`);
    try {
      await importCsv('vi.reader@example.com,Vy\n', '?send_confirmation=false').expect(200);
    } finally {
      await sql(`DELETE FROM general_info`);
    }
    expect(await sql(`SELECT language FROM subscribers WHERE email = 'vi.reader@example.com'`)).toEqual([
      { language: 'vi' },
    ]);
  });

  it('imports through tRPC too', async () => {
    const res = await subscribers
      .mutation(t.admin, 'import', { csv: 'email\nrpc@example.com\n', topics: [poems], send_confirmation: false })
      .expect(200);
    expect(res.body.result.data).toMatchObject({ format: 'plain', added: 1, confirmations_sent: 0 });
  });

  it('names the first hundred unreadable lines of a wrong file, and counts them all', async () => {
    const csv = ['email', ...Array.from({ length: 250 }, (_, index) => `not an address ${index}`)].join('\n');
    const res = await importCsv(csv, '?send_confirmation=false').expect(200);
    expect(res.body).toMatchObject({ added: 0, invalid_total: 250 });
    expect(res.body.invalid).toHaveLength(SUBSCRIBER_IMPORT_INVALID_SHOWN);
    expect(res.body.invalid[0]).toEqual({ line: 2, reason: 'Email must be a valid e-mail address' });
  });

  it('takes back its own export: the same addresses, names and states', async () => {
    await importCsv(sample('plain-with-header.csv'), '?send_confirmation=false').expect(200);
    await importCsv(sample('ghost-members.csv'), '?already_opted_in=true&consent_note=Ghost%20members').expect(200);
    const before = await rows();
    const exported = await t.admin.get('/api/subscribers/export.csv').expect(200);
    await sql(`TRUNCATE subscribers CASCADE`);
    const res = await importCsv(exported.text, '?send_confirmation=false').expect(200);
    expect(res.body).toMatchObject({ format: 'plain', added: 4, invalid: [] });
    expect((await rows()).map(({ email, name }) => [email, name])).toEqual(
      before.map(({ email, name }) => [email, name]),
    );
  });

  it('without SMTP_URL, refuses to queue confirmation links (503) but imports the already opted-in', async () => {
    const noMail = await t.appWith({ config: testConfig(), realSmtp: true });
    // A token is stored in the database: it is good on every instance.
    const admin = await apiTokenAgent({ ...t, app: noMail }, ['subscribers:write']);
    const refused = await importCsv('a@example.com', '', admin).expect(503);
    expect(refused.body.message).toBe(MAIL_NOT_SET_UP);
    expect(await rows()).toEqual([]);
    await importCsv('a@example.com', '?already_opted_in=true&consent_note=Met%20at%20class', admin).expect(200);
    expect((await rows()).map(({ email, state }) => [email, state])).toEqual([['a@example.com', 'confirmed']]);
  });
});
