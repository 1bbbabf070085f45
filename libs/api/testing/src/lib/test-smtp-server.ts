import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the test SMTP server received, as a mail client would read it. */
export interface ReceivedMail {
  /** The envelope's recipients (lower case), whatever the headers say. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header names in lower case; structured values as mailparser gives them, the raw line in `rawHeaders`. */
  headers: Map<string, unknown>;
  /** Each header's value as sent, unfolded, by lower-cased name (the first one when repeated), e.g. `list-unsubscribe`. */
  rawHeaders: Record<string, string>;
  /** The whole message as it came over the wire (to check a DKIM signature). */
  raw: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for `testConfig({ SMTP_URL })`. */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** The first message (received or to come) matching `predicate`; fails after `timeoutMs`. */
  waitForMail(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) =>
    object.value.map((entry) => entry.address ?? ''),
  );

/** A message as it came over the wire, with its envelope's recipients (lower case). */
export type SmtpReceived = (raw: Buffer, envelopeTo: string[]) => Promise<void> | void;

/**
 * A real SMTP server on 127.0.0.1 (a free port, no TLS, no authentication) that hands each message it
 * receives to `onMessage` (a failure of it refuses the message); answers its `smtp://` address and `stop`.
 */
export async function startSmtpReceiver(onMessage: SmtpReceived): Promise<{ url: string; stop(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // Sending many at once over a pool of connections: no limit of the server's own.
    maxClients: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        // A refusal thrown at once, or a rejected promise, alike: the message is answered with its code.
        Promise.resolve()
          .then(() => onMessage(Buffer.concat(chunks), envelopeTo))
          .then(
            () => callback(),
            (error: Error) => callback(error),
          );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives, parsed: mail is sent through
 * nodemailer as in production, never to an in-memory mailbox. `refuses`: the messages it answers
 * with a permanent refusal (550) instead, by their envelope's recipients.
 */
export async function startTestSmtpServer(
  options: { refuses?: (envelopeTo: string[]) => boolean } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: Array<{ predicate: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }> = [];

  const receiver = await startSmtpReceiver(async (bytes, envelopeTo) => {
    if (options.refuses?.(envelopeTo)) {
      throw Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
    }
    const raw = bytes.toString('utf8');
    const parsed = await simpleParser(raw);
    const rawHeaders: Record<string, string> = {};
    for (const { key, line } of parsed.headerLines) {
      // Unfolded (RFC 5322 2.2.3): a long header's line breaks removed.
      rawHeaders[key] ??= line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n(?=[ \t])/g, '')
        .trim();
    }
    const mail: ReceivedMail = {
      to: envelopeTo.length > 0 ? envelopeTo : addressesOf(parsed.to),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      headers: parsed.headers,
      rawHeaders,
      raw,
    };
    received.push(mail);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(mail)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(mail);
      }
    }
  });

  return {
    url: receiver.url,
    received,
    waitForMail(predicate = () => true, timeoutMs = 20_000) {
      const found = received.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`No matching mail within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    stop: receiver.stop,
  };
}
