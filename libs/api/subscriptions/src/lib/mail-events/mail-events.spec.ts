import { DomainError } from '@blog/api/core';
import { type MailEventRequest } from './mail-event';
import { genericEvents, verifyGeneric } from './providers/generic';
import { MAILGUN_MAX_AGE_SECONDS, MailgunReplayGuard, mailgunEvents } from './providers/mailgun';
import { postmarkEvents, verifyPostmark } from './providers/postmark';
import {
  SENDGRID_SIGNATURE_HEADER,
  SENDGRID_TIMESTAMP_HEADER,
  sendgridEvents,
  verifySendgrid,
} from './providers/sendgrid';
import { type HttpGet, readSnsMessage, SnsCertificates } from './providers/ses';
import {
  genericSignature,
  mailgunReport,
  makeSendgridSigner,
  makeSnsSigner,
  snsNotification,
  TEST_SNS_CERT_URL,
  TEST_SNS_TOPIC_ARN,
} from './testing/signed-reports';

/** The `DomainError` code a call fails with (sync or async), or 'none'. */
async function failure(call: () => unknown): Promise<string> {
  try {
    await call();
    return 'none';
  } catch (error) {
    if (error instanceof DomainError) return `${error.code}: ${error.errors?.map((e) => e.field).join(',') ?? ''}`;
    throw error;
  }
}

const request = (body: string, headers: Record<string, string> = {}): MailEventRequest => ({
  body: Buffer.from(body),
  headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
});

describe('Amazon SES through SNS', () => {
  let signer: ReturnType<typeof makeSnsSigner>;
  let fetched: string[];
  let certificates: SnsCertificates;
  const get: HttpGet = async (url) => {
    fetched.push(url.href);
    return url.href === TEST_SNS_CERT_URL ? signer.certificate : '';
  };
  const read = (message: Record<string, string>) =>
    readSnsMessage(Buffer.from(JSON.stringify(message)), [TEST_SNS_TOPIC_ARN], certificates, get);

  beforeAll(() => {
    signer = makeSnsSigner();
  });
  beforeEach(() => {
    fetched = [];
    certificates = new SnsCertificates(get);
  });

  const bounce = (bounceType: string, recipients: object[], bounceSubType = 'General') =>
    snsNotification({
      notificationType: 'Bounce',
      bounce: { bounceType, bounceSubType, bouncedRecipients: recipients, timestamp: '2026-11-27T09:59:00.000Z' },
      mail: { messageId: 'm1' },
    });

  it('reads a permanent bounce signed with SignatureVersion 1, every recipient, and fetches the certificate once', async () => {
    const message = signer.sign(
      bounce('Permanent', [
        { emailAddress: 'gone@example.com', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
        { emailAddress: 'left@example.com' },
      ]),
    );
    expect(await read(message)).toEqual([
      {
        provider: 'ses',
        type: 'hard_bounce',
        email: 'gone@example.com',
        at: new Date('2026-11-27T09:59:00.000Z'),
        detail: 'smtp; 550 5.1.1 user unknown',
      },
      expect.objectContaining({ type: 'hard_bounce', email: 'left@example.com', detail: 'General' }),
    ]);
    await read(message);
    expect(fetched).toEqual([TEST_SNS_CERT_URL]);
  });

  it('reads a complaint signed with SignatureVersion 2', async () => {
    const message = signer.sign({
      ...snsNotification({
        notificationType: 'Complaint',
        complaint: {
          complainedRecipients: [{ emailAddress: 'angry@example.com' }],
          complaintFeedbackType: 'abuse',
          timestamp: '2026-11-27T09:00:00.000Z',
        },
      }),
      SignatureVersion: '2',
    });
    expect(await read(message)).toEqual([expect.objectContaining({ type: 'complaint', email: 'angry@example.com' })]);
  });

  it('counts transient and undetermined bounces as soft, and an out-of-office answer as an auto-reply', async () => {
    const types = async (bounceType: string, diagnosticCode: string) =>
      (await read(signer.sign(bounce(bounceType, [{ emailAddress: 'a@example.com', diagnosticCode }])))).map(
        (event) => event.type,
      );
    expect(await types('Transient', 'smtp; 452 4.2.2 mailbox full')).toEqual(['soft_bounce']);
    expect(await types('Undetermined', 'smtp; 451 try later')).toEqual(['soft_bounce']);
    expect(await types('Transient', 'I am out of the office until Monday')).toEqual(['auto_reply']);
    // A permanent failure stays one, whatever its words.
    expect(await types('Permanent', 'auto-reply: address closed')).toEqual(['hard_bounce']);
  });

  it('refuses a forged message, a certificate away from AWS and an unknown signature version (401)', async () => {
    const forged = { ...signer.sign(bounce('Permanent', [{ emailAddress: 'a@example.com' }])) };
    forged['Message'] = forged['Message'].replace('a@example.com', 'b@example.com');
    expect(await failure(() => read(forged))).toBe('UNAUTHORIZED: ');

    for (const url of [
      'https://sns.eu-west-1.amazonaws.com.evil.example/cert.pem',
      'http://sns.eu-west-1.amazonaws.com/cert.pem',
      'https://evil.example/sns.eu-west-1.amazonaws.com/cert.pem',
      'https://sns.eu-west-1.amazonaws.com:8443/cert.pem',
    ]) {
      const message = signer.sign({ ...bounce('Permanent', [{ emailAddress: 'a@example.com' }]), SigningCertURL: url });
      expect(await failure(() => read(message))).toBe('UNAUTHORIZED: ');
    }
    const unknown = signer.sign({ ...bounce('Permanent', [{ emailAddress: 'a@example.com' }]), SignatureVersion: '3' });
    expect(await failure(() => read(unknown))).toBe('UNAUTHORIZED: ');
    expect(fetched).toEqual([TEST_SNS_CERT_URL]);
  });

  it("refuses a message AWS signed for another account's topic (403), nor confirms its subscription", async () => {
    const elsewhere = 'arn:aws:sns:eu-west-1:999999999999:not-ours';
    const message = signer.sign({ ...bounce('Permanent', [{ emailAddress: 'a@example.com' }]), TopicArn: elsewhere });
    expect(await failure(() => read(message))).toBe('FORBIDDEN: ');
    const confirmation = signer.sign({
      Type: 'SubscriptionConfirmation',
      MessageId: 'c2',
      Token: 'tok',
      TopicArn: elsewhere,
      Message: 'You have chosen to subscribe',
      SubscribeURL: 'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=tok',
      Timestamp: '2026-11-27T10:00:00.000Z',
    });
    expect(await failure(() => read(confirmation))).toBe('FORBIDDEN: ');
    expect(fetched).toEqual([TEST_SNS_CERT_URL]);
  });

  it('answers 503 when AWS does not hand over the certificate, so that SNS sends again, and fetches it next time', async () => {
    const message = Buffer.from(JSON.stringify(signer.sign(bounce('Permanent', [{ emailAddress: 'a@example.com' }]))));
    let attempts = 0;
    const flaky = new SnsCertificates(async (url) => {
      attempts += 1;
      if (attempts === 1) throw new Error('connect ETIMEDOUT');
      return get(url);
    });
    const readWith = () => readSnsMessage(message, [TEST_SNS_TOPIC_ARN], flaky, get);
    expect(await failure(readWith)).toBe('SERVICE_UNAVAILABLE: ');
    expect(await readWith()).toHaveLength(1);
    expect(attempts).toBe(2);
  });

  it('confirms a subscription by fetching its SubscribeURL, only from AWS', async () => {
    const confirmation = (SubscribeURL: string) =>
      signer.sign({
        Type: 'SubscriptionConfirmation',
        MessageId: 'c1',
        Token: 'tok',
        TopicArn: TEST_SNS_TOPIC_ARN,
        Message: 'You have chosen to subscribe',
        SubscribeURL,
        Timestamp: '2026-11-27T10:00:00.000Z',
      });
    const aws = 'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=tok';
    expect(await read(confirmation(aws))).toEqual([]);
    expect(fetched).toEqual([TEST_SNS_CERT_URL, aws]);
    expect(await failure(() => read(confirmation('https://evil.example/?Action=ConfirmSubscription')))).toBe(
      'BAD_REQUEST: SubscribeURL',
    );
    expect(fetched).toHaveLength(2);
  });

  it('names what is malformed (400)', async () => {
    expect(await failure(() => readSnsMessage(Buffer.from('not json'), [TEST_SNS_TOPIC_ARN], certificates, get))).toBe(
      'BAD_REQUEST: (body)',
    );
    expect(await failure(() => read({ Type: 'Nonsense' }))).toBe('BAD_REQUEST: Type');
    const noRecipients = signer.sign(bounce('Permanent', []));
    expect(await failure(() => read(noRecipients))).toBe('BAD_REQUEST: Message.bounce.bouncedRecipients');
  });
});

describe('Postmark', () => {
  const credentials = { user: 'postmark', password: 'a long password' };
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const report = (Type: string, RecordType = 'Bounce') =>
    JSON.stringify({
      RecordType,
      Type,
      Email: 'reader@example.com',
      BouncedAt: '2026-11-27T08:00:00Z',
      Description: Type,
    });

  it('takes the configured credentials only (401 otherwise)', async () => {
    expect(
      await failure(() =>
        verifyPostmark(request('{}', { authorization: basic('postmark', 'a long password') }), credentials),
      ),
    ).toBe('none');
    expect(
      await failure(() => verifyPostmark(request('{}', { authorization: basic('postmark', 'wrong') }), credentials)),
    ).toBe('UNAUTHORIZED: ');
    expect(
      await failure(() => verifyPostmark(request('{}', { authorization: 'Basic bm9jb2xvbg==' }), credentials)),
    ).toBe('UNAUTHORIZED: ');
    expect(await failure(() => verifyPostmark(request('{}'), credentials))).toBe('UNAUTHORIZED: ');
  });

  it('maps the bounce types, an auto-responder never a bounce', () => {
    const typeOf = (type: string, record?: string) => postmarkEvents(Buffer.from(report(type, record)))[0]?.type;
    expect(typeOf('HardBounce')).toBe('hard_bounce');
    expect(typeOf('SoftBounce')).toBe('soft_bounce');
    expect(typeOf('Transient')).toBe('soft_bounce');
    expect(typeOf('SpamComplaint', 'SpamComplaint')).toBe('complaint');
    expect(typeOf('AutoResponder')).toBe('auto_reply');
    expect(typeOf('Subscribe')).toBe('ignored');
    expect(postmarkEvents(Buffer.from(JSON.stringify({ RecordType: 'Open' })))).toEqual([]);
  });

  it('names what is malformed (400)', async () => {
    expect(
      await failure(() =>
        postmarkEvents(
          Buffer.from(JSON.stringify({ RecordType: 'Bounce', Type: 'HardBounce', BouncedAt: '2026-11-27T08:00:00Z' })),
        ),
      ),
    ).toBe('BAD_REQUEST: Email');
    expect(await failure(() => postmarkEvents(Buffer.from('[]')))).toBe('BAD_REQUEST: (body)');
  });
});

describe('SendGrid', () => {
  const signer = makeSendgridSigner();
  const timestamp = '1795850000';
  const body = JSON.stringify([
    { email: 'a@example.com', timestamp: 1795850000, event: 'bounce', type: 'bounce', reason: '550 no such user' },
    { email: 'b@example.com', timestamp: 1795850000, event: 'bounce', type: 'blocked', reason: '554 blocked' },
    { email: 'c@example.com', timestamp: 1795850000, event: 'deferred', response: '421 try later' },
    { email: 'd@example.com', timestamp: 1795850000, event: 'spamreport' },
    { email: 'e@example.com', timestamp: 1795850000, event: 'dropped', reason: 'Bounced Address' },
    { email: 'f@example.com', timestamp: 1795850000, event: 'open' },
  ]);
  const signed = (text: string, signature = signer.sign(timestamp, text)) =>
    request(text, { [SENDGRID_SIGNATURE_HEADER]: signature, [SENDGRID_TIMESTAMP_HEADER]: timestamp });

  it('checks the ECDSA signature over timestamp and body', async () => {
    expect(await failure(() => verifySendgrid(signed(body), signer.publicKey))).toBe('none');
    expect(
      await failure(() => verifySendgrid(signed(`${body} `, signer.sign(timestamp, body)), signer.publicKey)),
    ).toBe('UNAUTHORIZED: ');
    expect(await failure(() => verifySendgrid(request(body), signer.publicKey))).toBe('UNAUTHORIZED: ');
    expect(await failure(() => verifySendgrid(signed(body), makeSendgridSigner().publicKey))).toBe('UNAUTHORIZED: ');
  });

  it('maps each event of the array', () => {
    expect(sendgridEvents(Buffer.from(body)).map((event) => `${event.email} ${event.type}`)).toEqual([
      'a@example.com hard_bounce',
      'b@example.com soft_bounce',
      'c@example.com soft_bounce',
      'd@example.com complaint',
      'e@example.com hard_bounce',
      'f@example.com ignored',
    ]);
  });

  it('names what is malformed (400)', async () => {
    expect(await failure(() => sendgridEvents(Buffer.from('{}')))).toBe('BAD_REQUEST: (body)');
    expect(await failure(() => sendgridEvents(Buffer.from('[{"event":"bounce","timestamp":1}]')))).toBe(
      'BAD_REQUEST: 0.email',
    );
  });
});

describe('Mailgun', () => {
  const key = 'mailgun-signing-key';
  const failed = (severity: string) => ({
    event: 'failed',
    severity,
    recipient: 'reader@example.com',
    timestamp: 1795850000.5,
    'delivery-status': { description: 'mailbox unavailable' },
  });

  it('reads a signed report once: a stale timestamp, a replayed token or a forged signature is refused (401)', async () => {
    const replays = new MailgunReplayGuard();
    const now = new Date();
    const body = mailgunReport(key, failed('permanent'));
    expect(mailgunEvents(Buffer.from(body), key, replays, now)).toEqual([
      expect.objectContaining({
        provider: 'mailgun',
        type: 'hard_bounce',
        email: 'reader@example.com',
        detail: 'mailbox unavailable',
      }),
    ]);
    expect(await failure(() => mailgunEvents(Buffer.from(body), key, replays, now))).toBe('UNAUTHORIZED: ');
    const stale = String(Math.floor(now.getTime() / 1000) - MAILGUN_MAX_AGE_SECONDS - 1);
    expect(
      await failure(() =>
        mailgunEvents(Buffer.from(mailgunReport(key, failed('permanent'), { timestamp: stale })), key, replays, now),
      ),
    ).toBe('UNAUTHORIZED: ');
    expect(
      await failure(() =>
        mailgunEvents(Buffer.from(mailgunReport('another key', failed('permanent'))), key, replays, now),
      ),
    ).toBe('UNAUTHORIZED: ');
  });

  it('maps the events', () => {
    const typeOf = (data: object) =>
      mailgunEvents(Buffer.from(mailgunReport(key, data)), key, new MailgunReplayGuard(), new Date())[0].type;
    expect(typeOf(failed('temporary'))).toBe('soft_bounce');
    expect(typeOf({ ...failed('permanent'), event: 'complained' })).toBe('complaint');
    expect(typeOf({ ...failed('permanent'), event: 'opened' })).toBe('ignored');
  });

  it('names what is malformed (400)', async () => {
    expect(await failure(() => mailgunEvents(Buffer.from('{}'), key, new MailgunReplayGuard(), new Date()))).toBe(
      'BAD_REQUEST: signature',
    );
    const noRecipient = mailgunReport(key, { event: 'failed', timestamp: 1795850000 });
    expect(
      await failure(() => mailgunEvents(Buffer.from(noRecipient), key, new MailgunReplayGuard(), new Date())),
    ).toBe('BAD_REQUEST: event-data.recipient');
  });
});

describe('the generic door', () => {
  const secret = 'a generic secret of at least 32 chars';
  const now = new Date('2026-11-27T12:00:00Z');
  const body = JSON.stringify({
    events: [
      { type: 'hard_bounce', email: 'a@example.com', at: '2026-11-27T11:00:00Z', detail: '550' },
      { type: 'auto_reply', email: 'b@example.com' },
    ],
  });

  it('checks the HMAC of the body', async () => {
    expect(
      await failure(() => verifyGeneric(request(body, { 'X-Signature': genericSignature(secret, body) }), secret)),
    ).toBe('none');
    expect(
      await failure(() => verifyGeneric(request(body, { 'X-Signature': genericSignature('wrong', body) }), secret)),
    ).toBe('UNAUTHORIZED: ');
    expect(await failure(() => verifyGeneric(request(body), secret))).toBe('UNAUTHORIZED: ');
  });

  it('reads the events, an auto-reply kept as one', () => {
    expect(genericEvents(Buffer.from(body), now)).toEqual([
      {
        provider: 'generic',
        type: 'hard_bounce',
        email: 'a@example.com',
        at: new Date('2026-11-27T11:00:00Z'),
        detail: '550',
      },
      { provider: 'generic', type: 'auto_reply', email: 'b@example.com', at: now, detail: '' },
    ]);
  });

  it('names what is malformed (400)', async () => {
    const bad = JSON.stringify({ events: [{ type: 'ignored', email: 'nope' }] });
    expect(await failure(() => genericEvents(Buffer.from(bad), now))).toBe('BAD_REQUEST: events.0.type,events.0.email');
  });
});
