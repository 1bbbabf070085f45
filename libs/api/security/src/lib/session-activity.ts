import Bowser from 'bowser';
import type { NextFunction, Request, Response } from 'express';
import { clientAddress } from './rate-limiter';

declare module 'express-session' {
  interface SessionData {
    /** "Chrome 156 on Linux": the browser and system the session was signed in from. */
    device?: string;
    /** The address of the session's last request. */
    address?: string;
    /** Epoch milliseconds. */
    signedInAt?: number;
    /** Epoch milliseconds of the last request, to `SEEN_EVERY_MS`. */
    seenAt?: number;
  }
}

/** How stale "last seen" may be: a signed-in session is written at most this often for it. */
export const SEEN_EVERY_MS = 60_000;
const DEVICE_MAX_LENGTH = 120;

/** "Firefox 140 on Windows", from a User-Agent; 'Unknown device' when there is none to read. */
export function deviceLabel(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  const name = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ') || 'Unknown browser';
  const system = os.name ? ` on ${os.name}` : '';
  return `${name}${system}`.slice(0, DEVICE_MAX_LENGTH);
}

/**
 * Keeps what the profile's Active sessions list shows in a signed-in session: its device and
 * sign-in time (once), and its last address and time seen (at most every `SEEN_EVERY_MS`, or when
 * the address changes, so a busy admin does not write her session on every request).
 */
export function recordSessionActivity(req: Request, _res: Response, next: NextFunction): void {
  const session = req.session;
  if (req.user && session) {
    const now = Date.now();
    const address = clientAddress(req);
    session.device ??= deviceLabel(req.get('user-agent'));
    session.signedInAt ??= now;
    if (!session.seenAt || now - session.seenAt >= SEEN_EVERY_MS || session.address !== address) {
      session.seenAt = now;
      session.address = address;
    }
  }
  next();
}
