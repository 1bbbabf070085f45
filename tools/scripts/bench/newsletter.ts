/**
 * The newsletter figures of `npm run bench` (`BENCH_ONLY=newsletter npm run bench` alone): a post
 * published through `POST /api/posts` to BENCH_NEWSLETTER_SUBSCRIBERS confirmed subscribers (10 000 by
 * default, seeded in SQL), mailed by the server's own job (`newsletter-send`) through its SMTP pool to a
 * real SMTP server (smtp-server on 127.0.0.1, counting what it receives). Timed from the publishing
 * request to the last mail received, with the server's peak resident memory sampled every 100 ms.
 * The server's `MAIL_RATE_PER_SECOND` is the highest it takes, so that the sending is measured, not the
 * limit a provider would set.
 */
import type { Client } from 'pg';
import { startSmtpReceiver } from '../../../libs/api/testing/src/lib/test-smtp-server';
import { PORTABILITY_ENV, sampleRss, signIn } from './portability';

export const NEWSLETTER_SUBSCRIBERS = Number(process.env['BENCH_NEWSLETTER_SUBSCRIBERS'] ?? 10_000);
/** The highest rate the configuration takes (`MAIL_RATE_PER_SECOND`): no limit in effect. */
const UNLIMITED_RATE = '10000';
/** The targets: the list mailed within a few minutes, in the memory the import and export keep to. */
const TARGET_PER_SECOND = 100;
const TARGET_PEAK_MB = 400;
/** A mail that has not arrived by then never will: the bench fails rather than waits. */
const TIMEOUT_MS = 30 * 60_000;

interface NewsletterServer {
  pid: number;
  origin: string;
  stop(): Promise<void>;
}

export interface NewsletterFigures {
  subscribers: number;
  /** From the publishing request to the last mail received. */
  seconds: number;
  firstMailSeconds: number;
  perSecond: number;
  peakRssMb: number;
  /** Distinct recipients received: the subscribers, each once. */
  distinct: number;
  /** The delivery rows marked sent. */
  deliveriesSent: number;
  /** Whether the mails carried the RFC 8058 headers. */
  oneClick: boolean;
}

/** A real SMTP server that counts what it receives (each message read whole, nothing parsed). */
async function startReceiver() {
  const recipients = new Set<string>();
  let received = 0;
  let firstAt = 0;
  let firstHeaders = '';
  const server = await startSmtpReceiver((raw, envelopeTo) => {
    received += 1;
    if (received === 1) {
      firstAt = Date.now();
      firstHeaders = raw.toString('utf8').split('\r\n\r\n')[0];
    }
    for (const address of envelopeTo) recipients.add(address);
  });
  return {
    ...server,
    received: () => received,
    recipients,
    firstAt: () => firstAt,
    firstHeaders: () => firstHeaders,
  };
}

/** One category and its confirmed subscribers, in SQL; answers the category's id. */
async function seedSubscribers(client: Client, count: number): Promise<number> {
  const {
    rows: [{ id }],
  } = await client.query<{ id: number }>(
    `INSERT INTO categories (name, slug) VALUES ('Bench lessons', 'bench-lessons') RETURNING id`,
  );
  await client.query(
    `INSERT INTO subscribers (email, name, state, consent_source, confirmed_at)
     SELECT 'reader' || n || '@bench.example', 'Reader ' || n, 'confirmed', 'form', now() - interval '1 day'
     FROM generate_series(1, $1::int) AS n`,
    [count],
  );
  await client.query(`INSERT INTO subscriber_categories (subscriber_id, category_id) SELECT id, $1 FROM subscribers`, [
    id,
  ]);
  return id;
}

/** A lesson as an owner writes one: headings, paragraphs, a list, a table and a quote (about 6 kB). */
const LESSON = [
  '<h2>When to use the present perfect</h2>',
  ...Array.from(
    { length: 12 },
    (_, n) =>
      `<p>Paragraph ${n + 1}: we use the present perfect for an action that happened at an unspecified time ` +
      `before now. The exact time is not important: <em>I have seen that film</em>, <strong>she has visited Huế twice</strong>.</p>`,
  ),
  '<ul><li>ever</li><li>never</li><li>already</li><li>yet</li></ul>',
  '<table><thead><tr><th>Word</th><th>Meaning</th></tr></thead><tbody><tr><td>already</td><td>rồi</td></tr>' +
    '<tr><td>yet</td><td>chưa</td></tr></tbody></table>',
  '<blockquote>Practice a little every day.</blockquote>',
].join('');

export async function measureNewsletter(
  client: Client,
  startServer: (env: Record<string, string>) => Promise<NewsletterServer>,
): Promise<NewsletterFigures> {
  const receiver = await startReceiver();
  try {
    // Started first: it migrates the empty database and adds the admin.
    const server = await startServer({
      ...PORTABILITY_ENV,
      SMTP_URL: receiver.url,
      MAIL_RATE_PER_SECOND: UNLIMITED_RATE,
    });
    try {
      const seeding = Date.now();
      const categoryId = await seedSubscribers(client, NEWSLETTER_SUBSCRIBERS);
      console.log(
        `Seeded ${NEWSLETTER_SUBSCRIBERS.toLocaleString('en')} confirmed subscribers in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
      );
      const headers = { ...(await signIn(server.origin)), 'content-type': 'application/json' };
      const peak = sampleRss(server.pid);
      const started = Date.now();
      const answer = await fetch(`${server.origin}/api/posts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          category_id: categoryId,
          title: 'The present perfect',
          slug: 'bench-present-perfect',
          short_content: 'When to use it, with examples.',
          content: LESSON,
          status: 0,
          published_at: 'now',
          send_to_subscribers: true,
        }),
      });
      if (!answer.ok) throw new Error(`Publishing refused: ${answer.status} ${await answer.text()}`);
      const deadline = started + TIMEOUT_MS;
      while (receiver.received() < NEWSLETTER_SUBSCRIBERS) {
        if (Date.now() > deadline) throw new Error(`Only ${receiver.received()} mails arrived in time`);
        if (process.stdout.isTTY)
          process.stdout.write(`\r\x1b[Knewsletter: ${receiver.received()} / ${NEWSLETTER_SUBSCRIBERS}`);
        await new Promise((wait) => setTimeout(wait, 100));
      }
      const seconds = (Date.now() - started) / 1000;
      const peakRssMb = peak();
      if (process.stdout.isTTY) process.stdout.write('\r\x1b[K');
      // The last row is marked sent just after its mail is accepted.
      let deliveriesSent = 0;
      while (deliveriesSent < NEWSLETTER_SUBSCRIBERS && Date.now() < deadline) {
        const { rows } = await client.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM newsletter_deliveries WHERE state = 'sent'`,
        );
        deliveriesSent = rows[0].count;
        if (deliveriesSent < NEWSLETTER_SUBSCRIBERS) await new Promise((wait) => setTimeout(wait, 100));
      }
      return {
        subscribers: NEWSLETTER_SUBSCRIBERS,
        seconds,
        firstMailSeconds: (receiver.firstAt() - started) / 1000,
        perSecond: NEWSLETTER_SUBSCRIBERS / seconds,
        peakRssMb,
        distinct: receiver.recipients.size,
        deliveriesSent,
        oneClick: /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im.test(receiver.firstHeaders()),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await receiver.stop();
  }
}

export function printNewsletter(figures: NewsletterFigures): void {
  const met = figures.perSecond >= TARGET_PER_SECOND && figures.peakRssMb < TARGET_PEAK_MB;
  const whole = figures.distinct === figures.subscribers && figures.deliveriesSent === figures.subscribers;
  console.log('\nNew post by e-mail (the job, the SMTP pool, a local SMTP server)');
  console.log('| run | time | first mail | mails/s | server peak RSS | target | met |');
  console.log('|---|---:|---:|---:|---:|---|---|');
  console.log(
    `| one post to ${figures.subscribers.toLocaleString('en')} subscribers | ${figures.seconds.toFixed(1)} s | ` +
      `${figures.firstMailSeconds.toFixed(1)} s | ${Math.round(figures.perSecond)} | ${Math.round(figures.peakRssMb)} MB | ` +
      `≥ ${TARGET_PER_SECOND} mails/s, peak RSS < ${TARGET_PEAK_MB} MB | ${met ? 'yes' : 'NO'} |`,
  );
  console.log(
    `Each subscriber mailed once: ${whole ? 'yes' : 'NO'} (${figures.distinct} distinct recipients, ` +
      `${figures.deliveriesSent} deliveries marked sent); RFC 8058 headers: ${figures.oneClick ? 'yes' : 'NO'}`,
  );
}
