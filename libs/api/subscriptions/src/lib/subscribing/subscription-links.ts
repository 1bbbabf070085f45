import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { SUBSCRIPTION_LINK_DAYS } from '@blog/contracts';

/** `confirm`: the double opt-in's link (expires); `manage`: preferences and unsubscribe, in every mail (voided only by `token_version`). */
export type LinkPurpose = 'confirm' | 'manage';

interface LinkClaims {
  p: LinkPurpose;
  /** The subscriber's id and `token_version` when the link was made. */
  s: number;
  v: number;
  /** Expiry (seconds since the epoch), 0 for none. */
  e: number;
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The signed links of subscription mails: the claims in base64url JSON and their HMAC-SHA-256 under a
 * key derived from the server secret (the database does not hold it), so a link cannot be forged or
 * altered. Nothing is stored per link: bumping a subscriber's `token_version` voids every link sent.
 */
export class SubscriptionLinks {
  private readonly key: Buffer;
  /** The key of suppression hashes: a separate derivation, so a hash is never a link's signature. */
  private readonly hashKey: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, '', 'subscription links', 32));
    this.hashKey = Buffer.from(hkdfSync('sha256', serverSecret, '', 'suppression hashes', 32));
  }

  sign(purpose: LinkPurpose, subscriber: { id: number; token_version: number }, now = Date.now()): string {
    const expires = purpose === 'confirm' ? Math.floor(now / 1000) + SUBSCRIPTION_LINK_DAYS * DAY_SECONDS : 0;
    const claims: LinkClaims = { p: purpose, s: subscriber.id, v: subscriber.token_version, e: expires };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The subscriber id and version a valid, unexpired link of this purpose names; undefined for any other. */
  verify(token: string, purpose: LinkPurpose, now = Date.now()): { id: number; version: number } | undefined {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let claims: LinkClaims;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LinkClaims;
    } catch {
      return undefined;
    }
    if (claims.p !== purpose || !Number.isInteger(claims.s) || !Number.isInteger(claims.v)) return undefined;
    if (claims.e !== 0 && claims.e * 1000 < now) return undefined;
    return { id: claims.s, version: claims.v };
  }

  /** What a suppression keeps of an address: a keyed SHA-256 of it in lower case (64 hex digits). */
  suppressionHash(email: string): string {
    return createHmac('sha256', this.hashKey).update(email.trim().toLowerCase()).digest('hex');
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
