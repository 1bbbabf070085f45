import { readSiteIdentity } from '@blog/api/data';
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
import { DIGEST_MAIL_TEXT } from '../mail/digest-mail';
import { DigestService } from './digest.service';
import { NewsletterService } from './newsletter.service';

describe('the weekly digest (real SMTP, job queue)', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.stop());
  const config = () => testConfig({ SMTP_URL: smtp.url });
  const t = useTestApp([testJobsModule(), SubscriptionsModule], { realSmtp: true, config });
  const sql = <T = unknown>(query: string, params: unknown[] = []) => t.database.dataSource.query<T>(query, params);
  let lessons: number;
  let travel: number;

  beforeAll(async () => {
    [{ id: lessons }, { id: travel }] = await sql<Array<{ id: number }>>(
      `INSERT INTO categories (name, slug) VALUES ('English lessons', 'lessons'), ('Travel', 'travel') RETURNING id`,
    );
  });
  beforeEach(async () => {
    // Each test its own subscribers and posts: the digest lists whatever is published in the week.
    await sql(`DELETE FROM subscribers`);
    await sql(`DELETE FROM posts`);
    smtp.received.length = 0;
  });

  /** A confirmed subscriber, `confirmedDaysAgo` days ago, who chose the digest (or not). */
  const subscriber = async (email: string, topics: number[], { digest = true, confirmedDaysAgo = 8 } = {}) => {
    const [{ id }] = await sql<Array<{ id: number }>>(
      `INSERT INTO subscribers (email, state, digest, consent_source, confirmed_at)
       VALUES ($1, 'confirmed', $2, 'form', now() - make_interval(days => $3)) RETURNING id`,
      [email, digest, confirmedDaysAgo],
    );
    await sql(`INSERT INTO subscriber_categories SELECT $1, unnest($2::int[])`, [id, topics]);
    return id;
  };
  /** A post published `hoursAgo` hours ago (negative: scheduled) in `category`. */
  const post = async (slug: string, category: number, hoursAgo: number, { send = true, status = 0 } = {}) => {
    const [{ id }] = await sql<Array<{ id: number }>>(
      `INSERT INTO posts (category_id, title, slug, meta_description, short_content, thumbnail, status,
         published_at, send_to_subscribers)
       VALUES ($1, $2, $3, 'x', $4, 'cover.jpg', $5, now() - make_interval(hours => $6), $7) RETURNING id`,
      [category, `Post ${slug}`, slug, `About ${slug}`, status, hoursAgo, send],
    );
    return id;
  };
  const digests = () => smtp.received.filter((mail) => mail.subject.endsWith(' this week'));
  const sentAt = async (email: string) =>
    (
      await sql<Array<{ digest_sent_at: Date | null }>>(`SELECT digest_sent_at FROM subscribers WHERE email = $1`, [
        email,
      ])
    )[0].digest_sent_at;
  const siteName = async () => (await readSiteIdentity(t.database.dataSource.manager)).site_name;

  it('mails a digest subscriber the posts of their topics published in their week, once, with the RFC 8058 links', async () => {
    await subscriber('weekly@example.com', [lessons]);
    await subscriber('each@example.com', [lessons], { digest: false });
    await post('present-perfect', lessons, 48);
    await post('past-simple', lessons, 24);
    await post('old-lesson', lessons, 24 * 9);
    await post('scheduled', lessons, -24);
    await post('quiet', lessons, 30, { send: false });
    await post('hidden', lessons, 30, { status: 1 });
    await post('da-lat', travel, 20);

    expect(await t.app.get(DigestService).run()).toEqual({ mailed: 1 });
    const [mail, ...more] = digests();
    expect(more).toEqual([]);
    expect(mail.to).toEqual(['weekly@example.com']);
    expect(mail.subject).toBe(DIGEST_MAIL_TEXT.subject(await siteName(), 2));
    // Newest first, each title linked to its post with its excerpt and a small thumbnail.
    expect(mail.text.indexOf('Post past-simple')).toBeLessThan(mail.text.indexOf('Post present-perfect'));
    expect(mail.text).toContain('http://blog.test/present-perfect');
    expect(mail.text).toContain('About present-perfect');
    expect(mail.html).toContain('href="http://blog.test/past-simple"');
    expect(mail.html).toContain('src="http://blog.test/uploads/cover.jpg"');
    for (const absent of ['old-lesson', 'scheduled', 'quiet', 'hidden', 'da-lat']) {
      expect(mail.text).not.toContain(`Post ${absent}`);
    }
    expect(mail.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<(http:\/\/blog\.test\/api\/subscriptions\/unsubscribe\?token=[^>]+)>/.exec(
      mail.rawHeaders['list-unsubscribe'],
    )?.[1];
    expect(mail.html).toContain(`href="${oneClick}"`);
    expect(mail.text).toContain('/subscribe/preferences?token=');

    // Its week moved on to the run's hour: another run mails nothing.
    const mark = await sentAt('weekly@example.com');
    expect(mark?.getUTCMinutes()).toBe(0);
    expect(Date.now() - mark!.getTime()).toBeLessThan(60 * 60 * 1000);
    expect(await t.app.get(DigestService).run()).toEqual({ mailed: 0 });
    // A week later (the clock's week moved back: posts are visible by the database's clock): the next
    // digest lists only what was published since.
    await sql(`UPDATE posts SET published_at = published_at - interval '7 days' WHERE published_at <= now()`);
    await sql(`UPDATE subscribers SET digest_sent_at = digest_sent_at - interval '7 days'`);
    await post('next-week', lessons, 24);
    expect(await t.app.get(DigestService).run()).toEqual({ mailed: 1 });
    expect(digests()[1].subject).toBe(DIGEST_MAIL_TEXT.subject(await siteName(), 1));
    expect(digests()[1].text).toContain('Post next-week');
  });

  it('leaves digest subscribers out of the mail per post', async () => {
    await subscriber('weekly@example.com', [lessons]);
    await subscriber('each@example.com', [lessons], { digest: false });
    const id = await post('conditionals', lessons, 1);
    expect(await t.app.get(NewsletterService).send(id)).toEqual({ sent: 1 });
    expect(smtp.received.flatMap((mail) => mail.to)).toEqual(['each@example.com']);
  });

  it('mails nobody before their week is over, and moves the week on without a mail when nothing was published', async () => {
    await subscriber('new@example.com', [lessons], { confirmedDaysAgo: 6 });
    await subscriber('idle@example.com', [travel]);
    await post('lesson', lessons, 24);
    expect(await t.app.get(DigestService).run()).toEqual({ mailed: 0 });
    expect(smtp.received).toEqual([]);
    expect(await sentAt('new@example.com')).toBeNull();
    expect(await sentAt('idle@example.com')).not.toBeNull();
  });

  it('mails each digest once when two app instances run it at once', async () => {
    const readers = Array.from({ length: 8 }, (_, i) => `reader${i}@example.com`);
    for (const email of readers) await subscriber(email, [lessons, travel]);
    await post('lesson', lessons, 24);
    await post('trip', travel, 12);
    const second = await t.appWith({ config: config(), realSmtp: true });
    const [a, b] = await Promise.all([t.app.get(DigestService).run(), second.get(DigestService).run()]);
    expect(a.mailed + b.mailed).toBe(readers.length);
    expect(
      smtp.received
        .flatMap((mail) => mail.to)
        .sort()
        .join(),
    ).toBe([...readers].sort().join());
    expect(smtp.received[0].text).toContain('You get this e-mail because you subscribed to English lessons, Travel');
  });

  it('starts the week when a subscriber chooses the digest: posts mailed before are not listed again', async () => {
    const id = await subscriber('switch@example.com', [lessons], { digest: false, confirmedDaysAgo: 30 });
    const subscriptions = t.app.get(SubscriptionsService);
    const token = subscriptions.links.sign('manage', { id, token_version: 1 });
    await subscriptions.updatePreferences(token, { topics: [lessons], digest: true });
    const chosenAt = await sentAt('switch@example.com');
    expect(Date.now() - chosenAt!.getTime()).toBeLessThan(60_000);
    // Saving the preferences again keeps the week's start.
    await subscriptions.updatePreferences(token, { topics: [lessons], digest: true });
    expect(await sentAt('switch@example.com')).toEqual(chosenAt);
    expect(await t.app.get(DigestService).run()).toEqual({ mailed: 0 });
  });

  it('moves on past an address the SMTP server refuses for good, and retries one it refuses for now', async () => {
    await subscriber('refused@example.com', [lessons]);
    await subscriber('later@example.com', [lessons]);
    await subscriber('reader@example.com', [lessons]);
    await post('lesson', lessons, 24);
    const accepted: string[] = [];
    const refusing = await startSmtpReceiver((_raw, to) => {
      const refusal = (code: number) => Object.assign(new Error(`${code} refused`), { responseCode: code });
      if (to.includes('refused@example.com')) throw refusal(550);
      if (to.includes('later@example.com')) throw refusal(451);
      accepted.push(...to);
    });
    const app = await t.appWith({ config: testConfig({ SMTP_URL: refusing.url }), realSmtp: true });
    try {
      await expect(app.get(DigestService).run()).rejects.toMatchObject({ responseCode: 451 });
      expect(accepted).toEqual(['reader@example.com']);
      expect(await sentAt('refused@example.com')).not.toBeNull();
      expect(await sentAt('later@example.com')).toBeNull();
    } finally {
      // Its SMTP pool's connections closed first: the server waits for open ones before it stops.
      await app.close();
      await refusing.stop();
    }
  });
});
