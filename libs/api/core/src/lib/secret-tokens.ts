import { createHash, randomBytes } from 'node:crypto';

/** A token handed out once, in a link (password reset, post preview): 32 random bytes, base64url (43 characters). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of such a token: its SHA-256 in hex. It is too random to guess, so no slow hash is needed. */
export function secretTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
