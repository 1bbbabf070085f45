import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';
import { PREVIEW_PATH_PREFIX } from '@blog/contracts';
import { hasSessionCookie } from '@blog/api/security';

/** User agents seen lately and whether each is a bot: a handful of browsers make most requests, and `isbot`'s pattern costs microseconds a call. */
const botAgents = new Map<string, boolean>();
const BOT_AGENTS_KEPT = 1_000;

function isBotAgent(agent: string): boolean {
  let bot = botAgents.get(agent);
  if (bot === undefined) {
    if (botAgents.size >= BOT_AGENTS_KEPT) botAgents.clear();
    bot = isbot(agent);
    botAgents.set(agent, bot);
  }
  return bot;
}

/** A header's value as one string (a repeated header's values joined). */
function headerOf(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).toLowerCase();
}

/**
 * Whether what a request's sender does may be counted at all (a page view, the beacon's report): not
 * a bot (`isbot`, or no user agent at all), not a prefetch (`Sec-Purpose`, `Purpose`, `X-Moz`: the
 * page may never be seen), not the signed-in owner, and not a visitor who asked not to be tracked
 * (`Sec-GPC: 1`, Global Privacy Control; `DNT: 1`, Do Not Track).
 */
export function isCountedVisitor(headers: IncomingHttpHeaders): boolean {
  const agent = headers['user-agent'];
  if (!agent || isBotAgent(agent)) return false;
  if (
    headerOf(headers, 'sec-purpose').includes('prefetch') ||
    headerOf(headers, 'purpose').includes('prefetch') ||
    headerOf(headers, 'x-moz').includes('prefetch')
  ) {
    return false;
  }
  if (headerOf(headers, 'sec-gpc') === '1' || headerOf(headers, 'dnt') === '1') return false;
  return !hasSessionCookie({ headers });
}

/** Statuses that show the page: 304 is the page a browser already holds, shown again. */
const VIEW_STATUSES = new Set([200, 304]);

/**
 * Whether a public page's answer is a page view: a GET answered 200 or 304 (never HEAD, a 404, a 503
 * or a redirect), not a preview link's page, for a visitor that `isCountedVisitor` counts.
 */
export function isPageView(method: string | undefined, path: string, status: number, headers: IncomingHttpHeaders) {
  return (
    method === 'GET' && VIEW_STATUSES.has(status) && !path.startsWith(PREVIEW_PATH_PREFIX) && isCountedVisitor(headers)
  );
}
