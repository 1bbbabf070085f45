import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a link of a comment mail does: the owner's two links in a held comment's mail, a reader's unsubscribe. */
export const COMMENT_LINK_ACTIONS = ['approve', 'spam', 'unsubscribe'] as const;
export type CommentLinkAction = (typeof COMMENT_LINK_ACTIONS)[number];

/** A mail link read: the action and comment it names, or why it is refused. */
export type CommentLinkReading =
  { action: CommentLinkAction; id: number } | { refused: 'malformed' | 'forged' | 'expired'; expiredAt?: Date };

/**
 * The comments' signed values, under keys derived from the server secret (the database does not hold
 * it), so none can be forged: the page's `rendered_at` stamp (the time from page to submit is a spam
 * signal), the writer's token (shows a held comment to its writer only; the comment keeps its hash, so
 * the token names exactly one comment), the links of comment mails (an action on a comment, with an
 * expiry), and the keyed hashes that stand for an address or an e-mail.
 */
export class CommentSigning {
  private readonly key: Buffer;
  private readonly hashKey: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, '', 'comment links', 32));
    this.hashKey = Buffer.from(hkdfSync('sha256', serverSecret, '', 'comment hashes', 32));
  }

  /** The stamp a page's comment form carries: when it was rendered, signed. */
  stamp(now = Date.now()): string {
    const payload = `r${now.toString(36)}`;
    return `${payload}.${this.mac(payload)}`;
  }

  /** When the page of a valid stamp was rendered; undefined for anything else. */
  renderedAt(stamp: string | null | undefined): number | undefined {
    const payload = this.verified(stamp);
    if (!payload?.startsWith('r')) return undefined;
    const time = parseInt(payload.slice(1), 36);
    return Number.isSafeInteger(time) ? time : undefined;
  }

  /** A new writer's token for the comment `id`, and the hash the comment keeps of it. */
  writerToken(id: number): { token: string; hash: string } {
    const payload = `c${id}-${randomBytes(12).toString('base64url')}`;
    const token = `${payload}.${this.mac(payload)}`;
    return { token, hash: this.tokenHash(token) };
  }

  /** The comment id a valid writer's token names (its hash is still to be matched), or undefined. */
  writerTokenComment(token: string): number | undefined {
    const found = this.verified(token)?.match(/^c(\d{1,10})-/);
    return found ? Number(found[1]) : undefined;
  }

  /** A comment mail's link: `action` on the comment `id`, valid until `expiresAt` (ms; 0: never expires). */
  link(action: CommentLinkAction, id: number, expiresAt = 0): string {
    const payload = `l${action}-${id}-${Math.ceil(expiresAt / 1000).toString(36)}`;
    return `${payload}.${this.mac(payload)}`;
  }

  /** What a mail link names, or why it is refused: not one of ours at all, a signature that does not match, expired. */
  readLink(token: string, now = Date.now()): CommentLinkReading {
    const found = token.match(/^l([a-z]{1,12})-(\d{1,10})-([0-9a-z]{1,10})\.[\w-]{43}$/);
    const action = COMMENT_LINK_ACTIONS.find((known) => known === found?.[1]);
    if (!found || !action) return { refused: 'malformed' };
    if (this.verified(token) === undefined) return { refused: 'forged' };
    const expiresAt = parseInt(found[3], 36) * 1000;
    if (expiresAt !== 0 && expiresAt < now) return { refused: 'expired', expiredAt: new Date(expiresAt) };
    return { action, id: Number(found[2]) };
  }

  /** What a comment keeps of its writer's token (64 hex digits). */
  tokenHash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  /** A keyed SHA-256 of an address or an e-mail in lower case (64 hex digits), never the value itself. */
  hash(value: string): string {
    return createHmac('sha256', this.hashKey).update(value.trim().toLowerCase()).digest('hex');
  }

  private verified(signed: string | null | undefined): string | undefined {
    const [payload, mac, extra] = (signed ?? '').split('.');
    if (!payload || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? payload : undefined;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
