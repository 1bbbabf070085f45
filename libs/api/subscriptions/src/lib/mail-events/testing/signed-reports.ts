import { execFileSync } from 'node:child_process';
import { createHmac, createSign, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snsStringToSign } from '../providers/ses';

/** Where a test's SNS certificate claims to live (the injected `HttpGet` serves it). */
export const TEST_SNS_CERT_URL = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem';

/** A self-signed RSA certificate and its key, made by `openssl` as AWS's would be. */
export function makeSnsSigner(): {
  certificate: string;
  sign(message: Record<string, string>): Record<string, string>;
} {
  const dir = mkdtempSync(join(tmpdir(), 'sns-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=sns.amazonaws.com',
      ],
      { stdio: 'ignore' },
    );
    const key = readFileSync(join(dir, 'key.pem'), 'utf8');
    const certificate = readFileSync(join(dir, 'cert.pem'), 'utf8');
    return {
      certificate,
      /** The message with `SignatureVersion` (1 unless it says 2), `SigningCertURL` and its `Signature`. */
      sign(message) {
        const signed = { SignatureVersion: '1', SigningCertURL: TEST_SNS_CERT_URL, ...message };
        const algorithm = signed.SignatureVersion === '2' ? 'RSA-SHA256' : 'RSA-SHA1';
        const signature = createSign(algorithm).update(snsStringToSign(signed)).sign(key, 'base64');
        return { ...signed, Signature: signature };
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The test's SNS topic, the one the site is told to read. */
export const TEST_SNS_TOPIC_ARN = 'arn:aws:sns:eu-west-1:123456789012:ses-bounces';

/** An SNS notification carrying an SES message. */
export function snsNotification(ses: unknown): Record<string, string> {
  return {
    Type: 'Notification',
    MessageId: 'a1b2c3',
    TopicArn: TEST_SNS_TOPIC_ARN,
    Message: JSON.stringify(ses),
    Timestamp: '2026-11-27T10:00:00.000Z',
  };
}

/** A SendGrid verification key pair: the public key as SendGrid shows it, and a signer of `timestamp + body`. */
export function makeSendgridSigner(): { publicKey: string; sign(timestamp: string, body: string): string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    sign: (timestamp, body) => sign('sha256', Buffer.from(timestamp + body), privateKey).toString('base64'),
  };
}

/** A Mailgun report signed with `signingKey`. */
export function mailgunReport(
  signingKey: string,
  eventData: unknown,
  { timestamp = String(Math.floor(Date.now() / 1000)), token = `token-${Math.random()}` } = {},
): string {
  const signature = createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest('hex');
  return JSON.stringify({ signature: { timestamp, token, signature }, 'event-data': eventData });
}

/** The generic door's `X-Signature` of a body. */
export function genericSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
