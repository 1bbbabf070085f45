import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Whether two secrets are equal, in a time that tells nothing of where they differ (both hashed to one length). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function hmacSha256Hex(key: string, data: Buffer | string): string {
  return createHmac('sha256', key).update(data).digest('hex');
}
