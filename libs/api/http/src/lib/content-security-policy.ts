import { randomBytes } from 'node:crypto';
import { VIDEO_FRAME_ORIGINS } from '@blog/shared/html/video-embeds';
import type { AppConfig } from '@blog/api/core';

/**
 * Answers that are not pages (JSON, images, feeds, a redirect) run nothing: should a browser open
 * one as a document, it may load nothing and be framed nowhere. Given to helmet as directives.
 */
export const NON_HTML_CSP_DIRECTIVES = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };
/** The same as a header value, written as helmet writes it. */
export const NON_HTML_CONTENT_SECURITY_POLICY = Object.entries(NON_HTML_CSP_DIRECTIVES)
  .map(([name, sources]) => `${name} ${sources.join(' ')}`)
  .join(';');

/**
 * Where Google's tags send their hits and show their frames (Google's "Use Tag Manager with a Content
 * Security Policy" guide: Tag Manager, Google Analytics 4 fired from the container, Google Ads
 * conversions). Their scripts need no host here: 'strict-dynamic' trusts what the nonced tag loads.
 */
const TAG_MANAGER_SOURCES = {
  connect: [
    'https://www.googletagmanager.com',
    'https://*.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.google.com',
  ],
  frame: ['https://www.googletagmanager.com'],
};
const ADS_SOURCES = {
  connect: [
    'https://www.googletagmanager.com',
    'https://www.googleadservices.com',
    'https://googleads.g.doubleclick.net',
    'https://pagead2.googlesyndication.com',
    'https://www.google.com',
  ],
  frame: ['https://bid.g.doubleclick.net', 'https://td.doubleclick.net', 'https://www.googletagmanager.com'],
};

/** Replaced by each answer's nonce in the policy (never sent). */
const NONCE_SLOT = '\u0000nonce\u0000';

/** The policy of an HTML page, given its answer's nonce. */
export type ContentSecurityPolicy = (nonce: string) => string;

/**
 * The policy of every HTML page (the server-rendered public pages, sign-in and the admin): scripts
 * run only when they carry this answer's nonce or were added by one that does ('strict-dynamic':
 * the lazy chunks, the tag manager and what it loads); `https:` is for the few browsers that know
 * nonces but not 'strict-dynamic' (the others ignore it). Inline `style` attributes stay allowed: a
 * post's text colour is one. Images may come from any https site (posts link some).
 */
export function htmlContentSecurityPolicy(
  config: Pick<AppConfig, 'siteUrl' | 'gtmId' | 'adsConversionId'>,
): ContentSecurityPolicy {
  const tags = [config.gtmId ? TAG_MANAGER_SOURCES : null, config.adsConversionId ? ADS_SOURCES : null].filter(
    (sources) => sources !== null,
  );
  const unique = (sources: string[]) => [...new Set(sources)].join(' ');
  const connect = unique(["'self'", ...tags.flatMap((sources) => sources.connect)]);
  // The video players a post's facade makes when a visitor plays it, and the tags' frames.
  const frame = unique([...VIDEO_FRAME_ORIGINS, ...tags.flatMap((sources) => sources.frame)]);
  const directives = [
    "default-src 'self'",
    `script-src 'nonce-${NONCE_SLOT}' 'strict-dynamic' https:`,
    `style-src 'self' 'nonce-${NONCE_SLOT}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src ${connect}`,
    `frame-src ${frame}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(config.siteUrl.startsWith('https:') ? ['upgrade-insecure-requests'] : []),
  ];
  const parts = directives.join('; ').split(NONCE_SLOT);
  return (nonce) => parts.join(nonce);
}

const NONCE_BYTES = 16;
/** Nonces drawn from the system's random source in batches: one call per 256 answers. */
const NONCES_PER_DRAW = 256;
let nonceBytes = Buffer.alloc(0);
let nonceOffset = 0;

/** A fresh nonce (128 random bits, base64) for one answer. */
export function createNonce(): string {
  if (nonceOffset >= nonceBytes.length) {
    nonceBytes = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    nonceOffset = 0;
  }
  const nonce = nonceBytes.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}
