import type { INestApplication } from '@nestjs/common';
import { DomainEvents } from '@blog/api/core';
import type { AdminPost } from '@blog/contracts';
import {
  startSmtpReceiver,
  startTestSmtpServer,
  testConfig,
  testJobsModule,
  useTestApp,
  type TestSmtpServer,
} from '@blog/api/testing';
import { SubscriptionsModule } from '../subscriptions.module';
import { SubscriptionsService } from '../subscribing/subscriptions.service';
import { NewsletterService } from './newsletter.service';

describe('new posts mailed to subscribers (real SMTP, job queue)', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.stop());
  // 5 a second: 13 mails take over two seconds, long enough to stop one run midway.
  const config = () => testConfig({ SMTP_URL: smtp.url, MAIL_RATE_PER_SECOND: '5' });
  const t = useTestApp([testJobsModule(), SubscriptionsModule], { realSmtp: true, config });
  const sql = <T = unknown>(query: string, params: unknown[] = []) => t.database.dataSource.query<T>(query, params);
  let lessons: number;
  let travel: number;

  beforeAll(async () => {
    [{ id: lessons }, { id: travel }] = await sql<Array<{ id: number }>>(
      `INSERT INTO categories (name, slug) VALUES ('English lessons', 'lessons'), ('Travel', 'travel') RETURNING id`,
    );
    const subscriber = async (email: string, state: string, categories: number[]) => {
      const [{ id }] = await sql<Array<{ id: number }>>(
        `INSERT INTO subscribers (email, state, consent_source, confirmed_at)
         VALUES ($1, $2::varchar, 'form', CASE WHEN $2::varchar = 'confirmed' THEN now() - interval '1 day' END) RETURNING id`,
        [email, state],
      );
      await sql(`INSERT INTO subscriber_categories SELECT $1, unnest($2::int[])`, [id, categories]);
    };
    for (let i = 0; i < 12; i++) await subscriber(`reader${i}@example.com`, 'confirmed', [lessons]);
    await subscriber('both@example.com', 'confirmed', [lessons, travel]);
    await subscriber('traveller@example.com', 'confirmed', [travel]);
    await subscriber('pending@example.com', 'pending', [lessons]);
    await subscriber('suppressed@example.com', 'confirmed', [lessons]);
    // Suppressed by a bounce report since it confirmed: its row stays until the suppression is handled.
    await sql(`INSERT INTO suppressions (email_hash, reason) VALUES ($1, 'hard_bounce')`, [
      t.app.get(SubscriptionsService).links.suppressionHash('suppressed@example.com'),
    ]);
  });

  const newPost = async (slug: string, category: number, send = true) => {
    const [{ id }] = await sql<Array<{ id: number }>>(
      `INSERT INTO posts (category_id, title, slug, meta_description, published_at, send_to_subscribers)
       VALUES ($1, $2, $3, 'A short lesson', now(), $4) RETURNING id`,
      [category, `Lesson ${slug}`, slug, send],
    );
    return id;
  };
  const publish = (app: INestApplication, id: number) =>
    app.get(DomainEvents).emit('post.published', { id } as AdminPost);
  const deliveries = (postId: number) =>
    sql<Array<{ state: string; count: number }>>(
      `SELECT state, count(*)::int AS count FROM newsletter_deliveries WHERE post_id = $1 GROUP BY state ORDER BY state`,
      [postId],
    );
  const mailsOf = (subject: string) => smtp.received.filter((mail) => mail.subject === subject);
  const expectedReaders = [...Array.from({ length: 12 }, (_, i) => `reader${i}@example.com`), 'both@example.com'];

  it('mails a published post once to each confirmed subscriber of its category, and to nobody else', async () => {
    const id = await newPost('present-perfect', lessons);
    await publish(t.app, id);
    await smtp.waitForMail(() => mailsOf('Lesson present-perfect').length >= expectedReaders.length);
    // Every delivery settled: 13 sent, the suppressed one failed, the pending and other-topic ones never written.
    await waitFor(
      async () => (await deliveries(id)).length === 2 && (await t.app.get(NewsletterService).sentCount(id)) === 13,
    );
    expect(await deliveries(id)).toEqual([
      { state: 'failed', count: 1 },
      { state: 'sent', count: 13 },
    ]);
    const mails = mailsOf('Lesson present-perfect');
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual([...expectedReaders].sort());
    expect(mails[0].text).toContain('http://blog.test/present-perfect');
    expect(mails[0].rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The post rendered for mail clients, with each reader's own links in its footer (the header's one).
    for (const mail of mails.slice(0, 2)) {
      const oneClick = /<(http:\/\/blog\.test\/api\/subscriptions\/unsubscribe\?token=[^>]+)>/.exec(
        mail.rawHeaders['list-unsubscribe'],
      )?.[1];
      expect(oneClick).toBeDefined();
      expect(mail.html).toContain(`href="${oneClick}"`);
      expect(mail.text).toContain(oneClick);
      expect(mail.html).toContain('/subscribe/preferences?token=');
      expect(mail.html).not.toContain('subscriber-link.invalid');
    }
    expect(mails[0].html).not.toEqual(mails[1].html);
    expect(mails[0].rawHeaders['from']).toMatch(/<no-reply@blog\.test>$/);
  });

  it('mails nobody twice: a second run, and two app instances running at once', async () => {
    const id = await newPost('past-simple', lessons);
    const second = await t.appWith({ config: config(), realSmtp: true });
    const [a, b] = await Promise.all([t.app.get(NewsletterService).send(id), second.get(NewsletterService).send(id)]);
    expect(a.sent + b.sent).toBe(13);
    expect((await t.app.get(NewsletterService).send(id)).sent).toBe(0);
    // The event again (unpublished and published again) sends nothing more either.
    await publish(second, id);
    await t.app.get(NewsletterService).send(id);
    const recipients = mailsOf('Lesson past-simple').flatMap((mail) => mail.to);
    expect(recipients.sort()).toEqual([...expectedReaders].sort());
  });

  it('resumes after a stop mid-send with the rest only', async () => {
    const id = await newPost('future', lessons);
    const stop = new AbortController();
    const service = t.app.get(NewsletterService);
    // Sends a few, then stops as a shutdown would.
    const first = service.send(id, stop.signal);
    await smtp.waitForMail((mail) => mail.subject === 'Lesson future');
    stop.abort();
    await expect(first).rejects.toThrow(/interrupted/);
    const before = mailsOf('Lesson future').length;
    expect(before).toBeLessThan(13);
    const rest = await service.send(id);
    expect(before + rest.sent).toBe(13);
    expect(
      mailsOf('Lesson future')
        .flatMap((mail) => mail.to)
        .sort(),
    ).toEqual([...expectedReaders].sort());
  });

  it("mails from General information's sender name and address once the owner sets them", async () => {
    const [info] = await sql<Array<{ id: number }>>(`SELECT id FROM general_info`);
    if (info) await sql(`UPDATE general_info SET sender_name = 'Phuong Writes', sender_address = 'phuong@blog.test'`);
    else
      await sql(`INSERT INTO general_info (sender_name, sender_address) VALUES ('Phuong Writes', 'phuong@blog.test')`);
    try {
      const id = await newPost('conditionals', travel);
      expect((await t.app.get(NewsletterService).send(id)).sent).toBe(2);
      const [mail] = mailsOf('Lesson conditionals');
      expect(mail.rawHeaders['from']).toBe('Phuong Writes <phuong@blog.test>');
      expect(mail.html).toContain('Sent by Phuong Writes.');
      // Replies to unsubscribe still go to the server's own mailbox.
      expect(mail.rawHeaders['list-unsubscribe']).toContain('<mailto:no-reply@blog.test?subject=unsubscribe>');
    } finally {
      await sql(`UPDATE general_info SET sender_name = '', sender_address = ''`);
    }
  });

  it('mails nobody while the owner has unticked "Readers may subscribe" on the category', async () => {
    await sql(`UPDATE categories SET subscribable = false WHERE id = $1`, [travel]);
    try {
      const id = await newPost('closed-topic', travel);
      expect(await t.app.get(NewsletterService).send(id)).toEqual({ sent: 0 });
      expect(await deliveries(id)).toEqual([]);
    } finally {
      await sql(`UPDATE categories SET subscribable = true WHERE id = $1`, [travel]);
    }
  });

  it('fails alone a delivery the SMTP server refuses for good, and keeps one it refuses for now pending', async () => {
    const refusal = (code: number) => Object.assign(new Error(`${code} refused`), { responseCode: code });
    const refusing = await startSmtpReceiver((_raw, to) => {
      if (to.includes('reader0@example.com')) throw refusal(550);
      if (to.includes('reader1@example.com')) throw refusal(451);
    });
    const app = await t.appWith({ config: testConfig({ SMTP_URL: refusing.url }), realSmtp: true });
    const id = await newPost('refusals', lessons);
    await expect(app.get(NewsletterService).send(id)).rejects.toMatchObject({ responseCode: 451 });
    const rows = await sql<Array<{ email: string; state: string }>>(
      `SELECT s.email, d.state FROM newsletter_deliveries d JOIN subscribers s ON s.id = d.subscriber_id
       WHERE d.post_id = $1 AND s.email IN ('reader0@example.com', 'reader1@example.com') ORDER BY s.email`,
      [id],
    );
    expect(rows).toEqual([
      { email: 'reader0@example.com', state: 'failed' },
      { email: 'reader1@example.com', state: 'pending' },
    ]);
    await refusing.stop();
  });

  it('mails nothing for a post not marked to be sent', async () => {
    const id = await newPost('quiet', lessons, false);
    expect(await t.app.get(NewsletterService).send(id)).toEqual({ sent: 0 });
    expect(await deliveries(id)).toEqual([]);
  });
});

/** Polls a condition of the database until it holds (mail arrives before its row is committed). */
async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
