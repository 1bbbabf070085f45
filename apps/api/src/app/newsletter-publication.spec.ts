import { PostsModule } from '@blog/api/posts';
import {
  createCategory,
  startTestSmtpServer,
  testConfig,
  testJobsModule,
  useTestApp,
  type TestSmtpServer,
} from '@blog/api/testing';
import { SubscriptionsModule } from '@blog/api/subscriptions';

describe('posts saved by the admin are mailed when they are published (posts domain, job queue, real SMTP)', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.stop());
  const t = useTestApp([testJobsModule(), PostsModule, SubscriptionsModule], {
    signIn: true,
    realSmtp: true,
    config: () => testConfig({ SMTP_URL: smtp.url }),
  });
  let category: number;

  beforeAll(async () => {
    category = (await createCategory(t.database, { name: 'Poems', slug: 'poems' })).id;
    const [{ id }] = await t.database.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO subscribers (email, state, consent_source, confirmed_at)
       VALUES ('reader@example.com', 'confirmed', 'form', now() - interval '1 day') RETURNING id`,
    );
    await t.database.dataSource.query(`INSERT INTO subscriber_categories VALUES ($1, $2)`, [id, category]);
  });

  const create = (title: string, changes: Record<string, unknown>) =>
    t.admin
      .post('/api/posts')
      .send({
        category_id: category,
        title,
        slug: title.toLowerCase().replace(/\W+/g, '-'),
        content: '<p>Words.</p>',
        short_content: '<p>A poem about rain.</p>',
        meta_title: title,
        status: 0,
        ...changes,
      })
      .expect(200);

  it('mails a post published now with "send to subscribers", and one scheduled when its time comes', async () => {
    await create('Rain now', { send_to_subscribers: true });
    const now = await smtp.waitForMail((mail) => mail.subject === 'Rain now');
    expect(now.to).toEqual(['reader@example.com']);
    // The whole post, its summary as the mail's preheader.
    expect(now.text).toContain('Words.');
    expect(now.html).toContain('A poem about rain.');

    await create('Rain later', { send_to_subscribers: true, published_at: new Date(Date.now() + 1500).toISOString() });
    expect(smtp.received.some((mail) => mail.subject === 'Rain later')).toBe(false);
    await smtp.waitForMail((mail) => mail.subject === 'Rain later', 30_000);
  });

  it('mails nothing for a post saved without the flag', async () => {
    const { body } = await create('Quiet rain', {});
    await create('Loud rain', { send_to_subscribers: true });
    // The queue has run (the flagged post arrived); the other one was never queued.
    await smtp.waitForMail((mail) => mail.subject === 'Loud rain');
    expect(smtp.received.map((mail) => mail.subject)).not.toContain('Quiet rain');
    const [row] = await t.database.dataSource.query(`SELECT send_to_subscribers FROM posts WHERE id = $1`, [body.id]);
    expect(row.send_to_subscribers).toBe(false);
  });
});
