import request from 'supertest';
import { LogCapture, testConfig, testJobsModule, useTestApp } from '@blog/api/testing';
import { SubscriptionsService } from '../subscribing/subscriptions.service';
import { SubscriptionsModule } from '../subscriptions.module';
import { MAIL_EVENT_SINK, type MailEvent, type MailEventSink } from './mail-event';
import { MAIL_EVENTS_HTTP_GET } from './mail-events.controller';
import { SENDGRID_SIGNATURE_HEADER, SENDGRID_TIMESTAMP_HEADER } from './providers/sendgrid';
import type { HttpGet } from './providers/ses';
import {
  genericSignature,
  mailgunReport,
  makeSendgridSigner,
  makeSnsSigner,
  snsNotification,
  TEST_SNS_CERT_URL,
  TEST_SNS_TOPIC_ARN,
} from './testing/signed-reports';

/** The sink the subscribers' suppressions will be: here, what it was handed. */
class RecordingSink implements MailEventSink {
  readonly events: MailEvent[] = [];
  async handle(events: MailEvent[]): Promise<void> {
    this.events.push(...events);
  }
}

const POSTMARK = { user: 'postmark-hooks', password: 'a long postmark password' };
const MAILGUN_KEY = 'key-mailgun-signing';
const SECRET = 'the generic door secret, 32 chars or more';
const sendgrid = makeSendgridSigner();
const sns = makeSnsSigner();
const serveCertificate: HttpGet = async (url) => {
  if (url.href !== TEST_SNS_CERT_URL) throw new Error(`unexpected fetch of ${url.href}`);
  return sns.certificate;
};

const sesBounce = (bounceType: string, emailAddress: string) =>
  snsNotification({
    notificationType: 'Bounce',
    bounce: { bounceType, bouncedRecipients: [{ emailAddress }], timestamp: '2026-11-27T09:59:00.000Z' },
  });

describe('POST /api/mail-events/:provider', () => {
  const sink = new RecordingSink();
  const t = useTestApp([testJobsModule(), SubscriptionsModule], {
    config: () =>
      testConfig({
        MAIL_EVENTS_SES_TOPIC_ARNS: TEST_SNS_TOPIC_ARN,
        MAIL_EVENTS_POSTMARK_USER: POSTMARK.user,
        MAIL_EVENTS_POSTMARK_PASSWORD: POSTMARK.password,
        MAIL_EVENTS_SENDGRID_PUBLIC_KEY: sendgrid.publicKey,
        MAIL_EVENTS_MAILGUN_SIGNING_KEY: MAILGUN_KEY,
        MAIL_EVENTS_SECRET: SECRET,
      }),
    overrides: [
      { provide: MAIL_EVENT_SINK, useValue: sink },
      { provide: MAIL_EVENTS_HTTP_GET, useValue: serveCertificate },
    ],
  });
  const post = (provider: string) => request(t.app.getHttpServer()).post(`/api/mail-events/${provider}`);
  const received = () => sink.events.splice(0).map((event) => `${event.provider} ${event.type} ${event.email}`);

  beforeEach(() => sink.events.splice(0));

  it('reads an SES notification posted by SNS as text/plain, its signature checked (401 when forged)', async () => {
    const message = sns.sign(sesBounce('Permanent', 'gone@example.com'));
    await post('ses').set('Content-Type', 'text/plain; charset=UTF-8').send(JSON.stringify(message)).expect(204);
    expect(received()).toEqual(['ses hard_bounce gone@example.com']);

    const forged = { ...message, Message: message['Message'].replace('gone@', 'other@') };
    const res = await post('ses').set('Content-Type', 'text/plain').send(JSON.stringify(forged)).expect(401);
    expect(res.body.message).toMatch(/SNS signature does not match/);
    const foreign = sns.sign({
      ...sesBounce('Permanent', 'a@example.com'),
      SigningCertURL: 'https://evil.example/c.pem',
    });
    await post('ses').set('Content-Type', 'text/plain').send(JSON.stringify(foreign)).expect(401);
    expect(received()).toEqual([]);
  });

  it('reads Postmark with its basic authentication, an auto-responder never a bounce', async () => {
    const bounce = (Type: string) => ({
      RecordType: 'Bounce',
      Type,
      Email: 'away@example.com',
      BouncedAt: '2026-11-27T08:00:00Z',
    });
    await post('postmark').auth(POSTMARK.user, POSTMARK.password).send(bounce('AutoResponder')).expect(204);
    await post('postmark').auth(POSTMARK.user, POSTMARK.password).send(bounce('HardBounce')).expect(204);
    expect(received()).toEqual(['postmark auto_reply away@example.com', 'postmark hard_bounce away@example.com']);
    await post('postmark').auth(POSTMARK.user, 'guess').send(bounce('HardBounce')).expect(401);
    await post('postmark').send(bounce('HardBounce')).expect(401);
    expect(received()).toEqual([]);
  });

  it('reads a signed SendGrid batch over the exact bytes sent (401 when forged)', async () => {
    // Spaced as SendGrid may space it: re-serialised JSON would not match the signature.
    const body = '[ {"email": "a@example.com", "timestamp": 1795850000, "event": "spamreport"} ]';
    const timestamp = '1795850000';
    const send = (signature: string) =>
      post('sendgrid')
        .set('Content-Type', 'application/json')
        .set(SENDGRID_SIGNATURE_HEADER, signature)
        .set(SENDGRID_TIMESTAMP_HEADER, timestamp)
        .send(body);
    await send(sendgrid.sign(timestamp, body)).expect(204);
    expect(received()).toEqual(['sendgrid complaint a@example.com']);
    await send(sendgrid.sign('1795850001', body)).expect(401);
  });

  it('reads a signed Mailgun report once (a replay is refused)', async () => {
    const body = mailgunReport(MAILGUN_KEY, {
      event: 'failed',
      severity: 'temporary',
      recipient: 'full@example.com',
      timestamp: 1795850000,
    });
    await post('mailgun').set('Content-Type', 'application/json').send(body).expect(204);
    expect(received()).toEqual(['mailgun soft_bounce full@example.com']);
    const res = await post('mailgun').set('Content-Type', 'application/json').send(body).expect(401);
    expect(res.body.message).toMatch(/already used/);
  });

  it('reads the generic door, names what is malformed (400) and refuses a wrong signature (401)', async () => {
    const send = (body: string, signature = genericSignature(SECRET, body)) =>
      post('generic').set('Content-Type', 'application/json').set('X-Signature', signature).send(body);
    const body = JSON.stringify({ events: [{ type: 'auto_reply', email: 'ooo@example.com' }] });
    await send(body).expect(204);
    expect(received()).toEqual(['generic auto_reply ooo@example.com']);
    await send(body, genericSignature('not the secret', body)).expect(401);

    const bad = await send(JSON.stringify({ events: [{ type: 'bounce', email: 'x@example.com' }] })).expect(400);
    expect(bad.body.errors).toEqual([{ field: 'events.0.type', message: expect.stringMatching(/hard_bounce/) }]);
    await send('{"events": [').expect(400);
    expect(received()).toEqual([]);
  });

  it('answers 404 for an unknown provider', async () => {
    const res = await post('sparkpost').send({}).expect(404);
    expect(res.body.message).toMatch(/sparkpost/);
  });

  describe("with no provider set up but SES, and the site's sink", () => {
    const log = new LogCapture();
    let app: ReturnType<typeof t.appWith> extends Promise<infer A> ? A : never;
    beforeAll(async () => {
      app = await t.appWith({
        config: testConfig({ LOG_LEVEL: 'info', MAIL_EVENTS_SES_TOPIC_ARNS: TEST_SNS_TOPIC_ARN }),
        logDestination: log,
        overrides: [{ provide: MAIL_EVENTS_HTTP_GET, useValue: serveCertificate }],
      });
    });

    it('answers 503 naming what to set', async () => {
      const res = await request(app.getHttpServer()).post('/api/mail-events/mailgun').send({}).expect(503);
      expect(res.body.message).toMatch(/MAIL_EVENTS_MAILGUN_SIGNING_KEY/);
      for (const provider of ['postmark', 'sendgrid', 'generic']) {
        await request(app.getHttpServer()).post(`/api/mail-events/${provider}`).send({}).expect(503);
      }
      const ses = await t.appWith({ overrides: [{ provide: MAIL_EVENTS_HTTP_GET, useValue: serveCertificate }] });
      const message = sns.sign(sesBounce('Permanent', 'a@example.com'));
      const refused = await request(ses.getHttpServer())
        .post('/api/mail-events/ses')
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify(message))
        .expect(503);
      expect(refused.body.message).toMatch(/MAIL_EVENTS_SES_TOPIC_ARNS/);
    });

    it('logs the counts of the events it received, never an address', async () => {
      const message = sns.sign(sesBounce('Transient', 'secret.reader@example.com'));
      await request(app.getHttpServer())
        .post('/api/mail-events/ses')
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify(message))
        .expect(204);
      const lines = log.text.join('');
      expect(lines).toContain('"ses.soft_bounce":1');
      expect(lines).not.toContain('secret.reader');
    });

    it('suppresses a hard bounce at once, and only counts a soft one on the subscriber', async () => {
      const subscribe = (email: string) =>
        t.database.dataSource.query(
          `INSERT INTO subscribers (email, state, consent_source, confirmed_at) VALUES ($1, 'confirmed', 'form', now())`,
          [email],
        );
      await subscribe('hard@example.com');
      await subscribe('soft@example.com');
      const report = (bounceType: string, email: string) =>
        request(app.getHttpServer())
          .post('/api/mail-events/ses')
          .set('Content-Type', 'text/plain')
          .send(JSON.stringify(sns.sign(sesBounce(bounceType, email))))
          .expect(204);
      await report('Permanent', 'Hard@example.com');
      await report('Transient', 'soft@example.com');
      const subscriptions = app.get(SubscriptionsService);
      expect(await subscriptions.isSuppressed('hard@example.com')).toBe(true);
      expect(await subscriptions.isSuppressed('soft@example.com')).toBe(false);
      expect(await t.database.dataSource.query(`SELECT email, soft_bounces FROM subscribers ORDER BY email`)).toEqual([
        { email: 'soft@example.com', soft_bounces: 1 },
      ]);
      const [suppression] = await t.database.dataSource.query(`SELECT reason, detail FROM suppressions`);
      expect(suppression).toMatchObject({ reason: 'hard_bounce', detail: expect.stringMatching(/^ses: /) });
    });
  });
});
