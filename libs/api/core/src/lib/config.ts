import { createPublicKey } from 'node:crypto';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { COMMENT_MIN_SECONDS_TO_SUBMIT, SITEMAP_URLS_PER_FILE } from '@blog/contracts';

/** Everything the server reads from its environment (each variable is described in `ENV_VARIABLES`). */
export interface AppConfig {
  nodeEnv: string;
  host: string;
  port: number;
  /** The public origin, without a trailing slash. */
  siteUrl: string;
  /** Unset: an embedded PostgreSQL is started under `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** Where uploads were kept as files: those found there are imported into PostgreSQL on start. */
  uploadDir: string;
  /** This instance's disk cache of the uploads stored in PostgreSQL. */
  uploadCacheDir: string;
  admin: { email: string; name: string; password?: string };
  seedDemo: boolean;
  /** Signs the session cookie; unset: generated once and kept in `dataDir`. */
  sessionSecret?: string;
  /** Outgoing mail (`smtp://user:pass@host:587`); unset: mails are written to the log. */
  smtpUrl?: string;
  mailFrom: string;
  /** Where new contact messages are mailed, when SMTP is configured. */
  contactNotifyEmail?: string;
  /** At most this many mails a second leave through SMTP (the provider's sending rate). */
  mailRatePerSecond: number;
  /** DKIM signing of outgoing mail (nodemailer's `dkim` option); null: unsigned (the provider may sign). */
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
  /** Tag manager container (`GTM-…`); unset: no tag manager is loaded. */
  gtmId?: string;
  /** Ads conversion id and label (`AW-…/…`); unset: no conversion event is sent. */
  adsConversionId?: string;
  /** How many rendered public pages each instance keeps; 0 renders every request. */
  pageCacheSize: number;
  /** And at most this many bytes of them (compressed, as they are kept); 0 renders every request. */
  pageCacheBytes: number;
  /** Rendered post pages kept in PostgreSQL and rendered ahead of visitors (`PAGE_STORE`); needs the page cache. */
  pageStore: boolean;
  /** A comment sent sooner than this after its form's stamp is scored as too fast (a spam signal). */
  commentMinSecondsToSubmit: number;
  /** First-party analytics (`STATS`): the public pages' views are counted and the beacon is loaded. */
  stats: boolean;
  /** URLs per sitemap file: above it, `/sitemap.xml` is an index (`SITEMAP_URLS_PER_FILE`). */
  sitemapUrlsPerFile: number;
  /** Which hops may tell the client's address and protocol (`X-Forwarded-*`): Express's `trust proxy`. */
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  /** `pretty`: readable lines (needs the development package pino-pretty); `json`: one JSON object a line. */
  logFormat: 'json' | 'pretty';
  /**
   * Hosts (`host` or `host:port`, lower case) that image imports may fetch from although their
   * addresses are private (tests, intranets); every other host must resolve to a public address.
   */
  imageImportAllowedHosts: string[];
  /**
   * Vimeo's oEmbed endpoint, asked for a video's picture and title (fetched under the image imports'
   * guard); another address only for tests.
   */
  vimeoOembedEndpoint: string;
  /** Origins (`https://app.example`) whose pages may call `/api` and `/trpc` from the browser (CORS); none by default. */
  corsOrigins: string[];
  /** As `imageImportAllowedHosts`, for webhook deliveries (a receiver on an intranet, tests). */
  webhookAllowedHosts: string[];
  /**
   * IndexNow (Bing, Yandex, Naver, Seznam): the key, served at `/{key}.txt`, and the endpoint told of
   * changed post URLs; null: off (the default).
   */
  indexNow: { key: string; endpoint: string } | null;
  /** Scheduled backups into `backupDir`: a cron expression in the site's time zone, or null for none. */
  backupSchedule: string | null;
  /** How many scheduled backups are kept (the oldest go first). */
  backupKeep: number;
  backupDir: string;
  /** How long the statistics keep each grain (`StatsRollupService`): raw hits, hourly and daily roll-ups. */
  statsRetention: { hitsHours: number; hourlyDays: number; dailyDays: number };
  /**
   * The secrets that authenticate the mail providers' bounce and complaint reports (`/api/mail-events/…`);
   * null (or none): that provider's door answers 503.
   */
  mailEvents: {
    /**
     * The SNS topics whose Amazon SES reports are read: AWS signs every topic's messages, anyone's
     * included, so the signature alone does not say the report is about this site's mail.
     */
    sesTopicArns: string[];
    postmark: { user: string; password: string } | null;
    /** SendGrid's verification key: base64 of the DER public key (ECDSA P-256). */
    sendgridPublicKey: string | null;
    mailgunSigningKey: string | null;
    /** The generic door's HMAC-SHA256 secret. */
    secret: string | null;
  };
}

/** No proxy (`false`), the number of proxy hops in front, or the proxies' addresses and subnets. */
export type TrustProxy = false | number | string[];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where the embedded database, generated secrets and the uploads' disk cache live, relative to the working directory. */
export const DEFAULT_DATA_DIR = '.data';

/** The first administrator, created when no user exists. */
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
export const DEFAULT_ADMIN_NAME = 'Admin';

export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

/** Vimeo's oEmbed endpoint (`?url=https://vimeo.com/{id}`): the only way to a video's picture without an API key. */
export const DEFAULT_VIMEO_OEMBED_ENDPOINT = 'https://vimeo.com/api/oembed.json';

/** IndexNow's shared endpoint: it passes each submission on to every search engine taking part. */
export const DEFAULT_INDEXNOW_ENDPOINT = 'https://api.indexnow.org/indexnow';

/** Daily at 03:00 in the site's time zone, when the blog is quietest. */
export const DEFAULT_BACKUP_SCHEDULE = '0 3 * * *';

/** The address names Express's `trust proxy` knows, beside addresses and subnets. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;
const proxyAddress = z.union([z.enum(PROXY_NAMES), z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

const optional = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/**
 * `TRUST_PROXY`: unset, `false` or `0` trusts no proxy (the address is the connection's); a number
 * trusts that many hops; else a comma-separated list of proxy addresses, subnets and names.
 * `true` (trust every hop) is refused: any client could then choose its own address.
 */
const trustProxySchema = optional.transform((value, ctx): TrustProxy => {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !proxyAddress.safeParse(entry).success);
  if (invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a hop count or a comma-separated list of proxy addresses, subnets, loopback, linklocal or uniquelocal (not "${invalid.join('", "')}")`,
    });
    return z.NEVER;
  }
  return entries;
});

/** One `IMAGE_IMPORT_ALLOWED_HOSTS` entry: a host name, an IPv4 address or a bracketed IPv6 one, and an optional port. */
const ALLOWED_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** `IMAGE_IMPORT_ALLOWED_HOSTS`: a comma-separated list of `host` or `host:port`; unset or blank: none. */
const allowedHostsSchema = optional.transform((value, ctx): string[] => {
  if (value === undefined) return [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !ALLOWED_HOST.test(entry));
  if (invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma-separated list of host or host:port (not "${invalid.join('", "')}")`,
    });
    return z.NEVER;
  }
  return entries;
});

/** `CORS_ORIGINS`: a comma-separated list of origins (scheme, host and optional port, no path); unset or blank: none. */
const corsOriginsSchema = optional.transform((value, ctx): string[] => {
  if (value === undefined) return [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => {
    try {
      const url = new URL(entry);
      // An origin only: no path, query, fragment or credentials (`https://app.example/` is allowed).
      const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !entry.includes('@');
      return !/^https?:$/.test(url.protocol) || !bare || !/^https?:\/\/[^/]+\/?$/i.test(entry);
    } catch {
      return true;
    }
  });
  if (invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma-separated list of origins such as https://app.example or http://localhost:5173 (not "${invalid.join('", "')}")`,
    });
    return z.NEVER;
  }
  return entries.map((entry) => new URL(entry).origin);
});

/** Whether a value is a public key as SendGrid shows it: base64 of its DER (SubjectPublicKeyInfo). */
function isPublicKey(value: string): boolean {
  try {
    createPublicKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'spki' });
    return true;
  } catch {
    return false;
  }
}

/** An Amazon SNS topic's ARN: `arn:aws:sns:<region>:<account>:<name>` (other AWS partitions too). */
const SNS_TOPIC_ARN = /^arn:aws(-[a-z]+)*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/;

/** `MAIL_EVENTS_SES_TOPIC_ARNS`: a comma-separated list of SNS topic ARNs; unset or blank: none. */
const snsTopicArnsSchema = optional.transform((value, ctx): string[] => {
  if (value === undefined) return [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !SNS_TOPIC_ARN.test(entry));
  if (invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma-separated list of SNS topic ARNs such as arn:aws:sns:eu-west-1:123456789012:ses-bounces (not "${invalid.join('", "')}")`,
    });
    return z.NEVER;
  }
  return entries;
});

/** The server's environment: every variable it reads, each described in `ENV_VARIABLES`. */
export const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  SITE_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  DATABASE_URL: optional,
  DATA_DIR: optional,
  UPLOAD_DIR: optional,
  UPLOAD_CACHE_DIR: optional,
  ADMIN_EMAIL: optional.pipe(z.email({ error: 'must be an e-mail address' }).optional()),
  ADMIN_PASSWORD: optional.pipe(z.string().min(8, { error: 'must be at least 8 characters' }).optional()),
  ADMIN_NAME: optional,
  SESSION_SECRET: optional.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: optional,
  CONTACT_NOTIFY_EMAIL: optional.pipe(z.email({ error: 'must be an e-mail address' }).optional()),
  MAIL_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(10),
  DKIM_PRIVATE_KEY: optional.pipe(
    z
      .string()
      // One line in an environment file: `\n` stands for the key's line breaks.
      .transform((key) => key.replace(/\\n/g, '\n'))
      .pipe(z.string().includes('PRIVATE KEY', { error: 'must be a PEM private key (-----BEGIN PRIVATE KEY-----)' }))
      .optional(),
  ),
  DKIM_SELECTOR: optional.pipe(
    z
      .string()
      .regex(/^[a-zA-Z0-9._-]+$/, { error: 'must be a DNS label such as mail2026' })
      .optional(),
  ),
  DKIM_DOMAIN: optional.pipe(
    z
      .string()
      .regex(/^[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/, { error: 'must be a domain name such as example.com' })
      .optional(),
  ),
  GTM_ID: optional.pipe(
    z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/, { error: 'must be a tag manager container id such as GTM-ABC1234' })
      .optional(),
  ),
  ADS_CONVERSION_ID: optional.pipe(
    z
      .string()
      .regex(/^AW-\d+\/[\w-]+$/, { error: 'must be a conversion id and label such as AW-123456789/AbCdEf' })
      .optional(),
  ),
  PAGE_CACHE_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  // 64 MB: about 7 000 post pages of 900 words (7 kB of gzip each, the stylesheet kept once, and 2 kB of
  // bookkeeping), or a few hundred very long ones: PAGE_CACHE_SIZE bounds ordinary pages first.
  PAGE_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 40)
    .default(64 * 1024 * 1024),
  PAGE_STORE: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value !== 'false' && value !== '0'),
  COMMENT_MIN_SECONDS_TO_SUBMIT: z.coerce.number().int().min(0).max(3600).default(COMMENT_MIN_SECONDS_TO_SUBMIT),
  STATS: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value !== 'false' && value !== '0'),
  // The sitemap protocol's own limit is 50 000 URLs a file.
  SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(1).max(50_000).default(SITEMAP_URLS_PER_FILE),
  TRUST_PROXY: trustProxySchema,
  IMAGE_IMPORT_ALLOWED_HOSTS: allowedHostsSchema,
  CORS_ORIGINS: corsOriginsSchema,
  WEBHOOK_ALLOWED_HOSTS: allowedHostsSchema,
  // IndexNow's own rule for a key: 8 to 128 letters, digits and dashes.
  INDEXNOW_KEY: optional.pipe(
    z
      .string()
      .regex(/^[a-zA-Z0-9-]{8,128}$/, { error: 'must be 8 to 128 letters, digits or dashes' })
      .optional(),
  ),
  INDEXNOW_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  VIMEO_OEMBED_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  LOG_LEVEL: optional.pipe(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional()),
  LOG_FORMAT: optional.pipe(z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional()),
  BACKUP_SCHEDULE: optional.pipe(
    z
      .string()
      .regex(/^(off|(\S+\s+){4}\S+)$/, { error: 'must be a cron expression of five fields (0 3 * * *) or off' })
      .optional(),
  ),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  // At least a day of raw hits and of hourly rows: today's figures are read from them until its roll-up.
  STATS_HITS_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(24)
    .max(24 * 366)
    .default(48),
  STATS_HOURLY_RETENTION_DAYS: z.coerce.number().int().min(2).max(3660).default(14),
  STATS_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_600).default(0),
  MAIL_EVENTS_SES_TOPIC_ARNS: snsTopicArnsSchema,
  MAIL_EVENTS_POSTMARK_USER: optional,
  MAIL_EVENTS_POSTMARK_PASSWORD: optional,
  MAIL_EVENTS_SENDGRID_PUBLIC_KEY: optional.pipe(
    z.string().refine(isPublicKey, { error: 'must be the base64 verification key SendGrid shows' }).optional(),
  ),
  MAIL_EVENTS_MAILGUN_SIGNING_KEY: optional,
  MAIL_EVENTS_SECRET: optional.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value !== 'false' && value !== '0'),
});

/** One row of the configuration reference: what a variable does, and what happens when it is unset. */
export interface EnvVariableDoc {
  /** Markdown, one line. */
  meaning: string;
  /** Markdown; absent: the schema's own default, shown as it parses. */
  default?: string;
}

/**
 * What every variable of `envSchema` means, in the order of the configuration reference that
 * `npm run config-reference` generates from it (one source: the reference is never written by hand).
 */
export const ENV_VARIABLES = {
  PORT: { meaning: 'the one port serving the web app, `/api`, `/trpc` and `/uploads`' },
  HOST: { meaning: 'the address the server listens on (`0.0.0.0` in the Docker image)' },
  SITE_URL: {
    meaning:
      'the public origin, used in the sitemap, `robots.txt` and the RSS feed; strict transport security is sent when it is https',
    default: '`http://localhost:{PORT}`',
  },
  DATABASE_URL: {
    meaning: 'a PostgreSQL server (`postgres://user:password@host:5432/db`)',
    default: 'unset: embedded PostgreSQL under `DATA_DIR`',
  },
  DATA_DIR: {
    meaning: "the embedded database, generated secrets and, by default, the uploads' disk cache",
    default: `\`./${DEFAULT_DATA_DIR}\``,
  },
  UPLOAD_DIR: {
    meaning:
      'where uploads were kept as files before they moved to PostgreSQL: files found there are imported on start',
    default: '`{DATA_DIR}/uploads`',
  },
  UPLOAD_CACHE_DIR: {
    meaning:
      "this instance's disk cache of the uploaded images (stored in PostgreSQL): not bounded, safe to empty at any time, never shared",
    default: '`{DATA_DIR}/upload-cache`',
  },
  ADMIN_EMAIL: {
    meaning: 'the e-mail address of the first administrator, created only when no user exists',
    default: `\`${DEFAULT_ADMIN_EMAIL}\``,
  },
  ADMIN_PASSWORD: {
    meaning: "the first administrator's password (8 characters or more)",
    default: 'a random password, printed once in the log',
  },
  ADMIN_NAME: { meaning: "the first administrator's name", default: `\`${DEFAULT_ADMIN_NAME}\`` },
  SEED_DEMO: {
    meaning:
      '`false` skips the demo content (categories, posts, portfolio, About, general info) on an empty database; the administrator is still created',
  },
  GTM_ID: {
    meaning:
      "a tag manager container (`GTM-ABC1234`): the public pages load its script and noscript frame, and their content security policy lets it reach Google's hosts",
    default: 'unset: no tag manager, nothing loaded from outside',
  },
  ADS_CONVERSION_ID: {
    meaning:
      "an ads conversion id with its label (`AW-123456789/AbCdEf`): `/` and `/category/seo` send a conversion event worth 1.0 VND (the policy opens Google Ads' hosts)",
    default: 'unset: no ads tag, no event',
  },
  SESSION_SECRET: {
    meaning: 'signs the session cookie (32 characters or more)',
    default:
      'generated once into `DATA_DIR`; required when `NODE_ENV=production` and `DATABASE_URL` is set, so that every instance signs alike',
  },
  SMTP_URL: {
    meaning:
      'outgoing mail (`smtp://user:pass@host:587` or `smtps://`): password reset links, contact notifications, e-mail subscriptions (confirmations and new posts), comment mails',
    default: 'unset: mails are written to the server log, and e-mail subscriptions are refused',
  },
  MAIL_FROM: { meaning: 'the sender of those mails', default: '`no-reply@{SITE_URL host}`' },
  CONTACT_NOTIFY_EMAIL: {
    meaning: 'each new contact message, and each comment held for approval, is also mailed there (when SMTP is set)',
    default: 'unset: messages wait in the admin inbox',
  },
  MAIL_RATE_PER_SECOND: {
    meaning:
      'at most this many mails a second go out through SMTP (over a pool of connections): set it to what the provider allows; new posts mailed to subscribers are sent at this rate',
  },
  DKIM_PRIVATE_KEY: {
    meaning:
      'a PEM private key (one line with `\\n` for its line breaks is accepted) that signs outgoing mail with DKIM; needs `DKIM_SELECTOR` and `DKIM_DOMAIN`, and the public key published at `{selector}._domainkey.{domain}`',
    default: 'unset: mail is not signed here (many providers sign it themselves)',
  },
  DKIM_SELECTOR: { meaning: "the DKIM selector of that key (the DNS record's first label)", default: 'unset' },
  DKIM_DOMAIN: { meaning: 'the domain the DKIM signature names (that of `MAIL_FROM`)', default: 'unset' },
  PAGE_CACHE_SIZE: {
    meaning: 'how many server-rendered public pages each instance keeps in memory; `0` renders every request',
  },
  PAGE_CACHE_BYTES: {
    meaning:
      'and how many bytes of them at most (pages are kept gzip-compressed only, the least recently used go first): the memory the page cache may take, whatever the pages weigh; `0` renders every request',
  },
  PAGE_STORE: {
    meaning:
      "keep every post's rendered page in PostgreSQL (`rendered_pages`) and render them ahead of visitors, on one instance at a time; needs the page cache",
  },
  COMMENT_MIN_SECONDS_TO_SUBMIT: {
    meaning:
      "a comment sent sooner than this many seconds after its form's signed stamp counts as too fast, a spam signal (the stamp is the page's without JavaScript, which the page cache may have kept a while; with JavaScript a fresh one taken when the form is first used); `0` leaves only a missing or forged stamp (the browser tests)",
  },
  STATS: {
    meaning:
      "first-party analytics: the public pages' views counted in the site's own database (no cookie, no address or user agent kept) and the small beacon that adds time on page and clicks out; `false` turns both off",
  },
  SITEMAP_URLS_PER_FILE: {
    meaning: 'URLs per sitemap file: above it, `/sitemap.xml` is a sitemap index (1 to 50 000)',
  },
  TRUST_PROXY: {
    meaning:
      "which reverse proxies may tell the client's address, protocol and request id (`X-Forwarded-For`, `X-Forwarded-Proto`, `X-Request-Id`): a hop count (`1`: the one proxy in front) or a comma-separated list of proxy addresses and subnets (`172.18.0.0/16`, `loopback`, `linklocal`, `uniquelocal`); `true` is refused. Required when `SITE_URL` is https",
    default: "unset: none, the address is the connection's",
  },
  IMAGE_IMPORT_ALLOWED_HOSTS: {
    meaning:
      'hosts (`host` or `host:port`, comma-separated: `127.0.0.1:8080,intranet.lan`) that image imports may fetch from although their addresses are private: for tests and intranets only; nothing else bypasses the address check (webhooks have their own `WEBHOOK_ALLOWED_HOSTS`)',
    default: 'unset: public addresses only',
  },
  VIMEO_OEMBED_ENDPOINT: {
    meaning:
      "where a Vimeo video's picture and title are asked for (`?url=https://vimeo.com/{id}`), under the image imports' guard: for tests only",
    default: `\`${DEFAULT_VIMEO_OEMBED_ENDPOINT}\``,
  },
  WEBHOOK_ALLOWED_HOSTS: {
    meaning:
      'hosts (`host` or `host:port`, comma-separated) that webhooks may be delivered to although their addresses are private: for tests and intranets only',
    default: 'unset: public addresses only',
  },
  INDEXNOW_KEY: {
    meaning: 'turns IndexNow on: the key (8 to 128 letters, digits, dashes), served at `/{key}.txt`',
    default: 'unset: off',
  },
  INDEXNOW_ENDPOINT: {
    meaning: 'where changed post URLs are submitted',
    default: `\`${DEFAULT_INDEXNOW_ENDPOINT}\``,
  },
  CORS_ORIGINS: {
    meaning:
      'origins (`https://app.example,http://localhost:5173`: scheme, host, optional port) whose pages may call `/api` and `/trpc` from a browser: only they get CORS headers and answered preflights, never with credentials (a script sends its API token; no cookie rides along)',
    default: 'unset: CORS closed, no cross-origin reads',
  },
  BACKUP_SCHEDULE: {
    meaning: "when backups are written: a five-field cron expression in the site's time zone, or `off`",
    default: `\`${DEFAULT_BACKUP_SCHEDULE}\` with the embedded database, off with \`DATABASE_URL\``,
  },
  BACKUP_KEEP: { meaning: 'how many backups are kept (the oldest go first)' },
  STATS_HITS_RETENTION_HOURS: {
    meaning:
      'how many hours the statistics keep their raw hits (`stats_hits`: a path, a time, a source; never an address or a visitor) once rolled up into hours; at least 24',
  },
  STATS_HOURLY_RETENTION_DAYS: {
    meaning: 'how many days the hourly statistics (`stats_hourly_*`) are kept once rolled up into days; at least 2',
  },
  STATS_RETENTION_DAYS: {
    meaning: 'how many days the daily statistics (`stats_daily_*`, `stats_days`) are kept; `0` keeps them all',
  },
  MAIL_EVENTS_SES_TOPIC_ARNS: {
    meaning:
      "the Amazon SNS topics (ARNs, comma-separated) that carry this site's SES bounce and complaint notifications: messages of any other topic are refused, although AWS signs them too",
    default: 'unset: the SES door answers 503',
  },
  MAIL_EVENTS_POSTMARK_USER: {
    meaning:
      "the user name of the basic authentication Postmark's bounce webhook sends (`https://user:password@host/api/mail-events/postmark`)",
    default: 'unset: the Postmark door answers 503',
  },
  MAIL_EVENTS_POSTMARK_PASSWORD: {
    meaning: 'and its password (both are needed)',
    default: 'unset: the Postmark door answers 503',
  },
  MAIL_EVENTS_SENDGRID_PUBLIC_KEY: {
    meaning:
      "the verification key of SendGrid's signed Event Webhook (base64, as SendGrid shows it): each report's ECDSA signature is checked with it",
    default: 'unset: the SendGrid door answers 503',
  },
  MAIL_EVENTS_MAILGUN_SIGNING_KEY: {
    meaning: "Mailgun's HTTP webhook signing key: each report's HMAC-SHA256 signature is checked with it",
    default: 'unset: the Mailgun door answers 503',
  },
  MAIL_EVENTS_SECRET: {
    meaning:
      'the secret (32 characters or more) of the generic bounce door: the sender signs each body with HMAC-SHA256 (`X-Signature: sha256=<hex>`)',
    default: 'unset: the generic door answers 503',
  },
  LOG_LEVEL: {
    meaning: `one of ${LOG_LEVELS.map((level) => `\`${level}\``).join(', ')}`,
    default: `\`${DEFAULT_LOG_LEVEL}\``,
  },
  LOG_FORMAT: {
    meaning:
      '`json` (one JSON object a line) or `pretty` (readable lines, needs the development package `pino-pretty`; JSON without it)',
    default: '`json` when `NODE_ENV=production`, else `pretty`',
  },
  NODE_ENV: { meaning: '`production` in the Docker image' },
} satisfies Record<keyof typeof envSchema.shape, EnvVariableDoc>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  const vars = parsed.data;
  if (vars.NODE_ENV === 'production' && vars.DATABASE_URL && !vars.SESSION_SECRET) {
    // Several instances may share the database: they must sign cookies with one secret.
    throw new Error('Invalid environment: SESSION_SECRET is required when NODE_ENV=production and DATABASE_URL is set');
  }
  if (!vars.MAIL_EVENTS_POSTMARK_USER !== !vars.MAIL_EVENTS_POSTMARK_PASSWORD) {
    // One without the other would leave the Postmark door closed with no word at start.
    throw new Error('Invalid environment: MAIL_EVENTS_POSTMARK_USER and MAIL_EVENTS_POSTMARK_PASSWORD go together');
  }
  const dkimSet = [vars.DKIM_PRIVATE_KEY, vars.DKIM_SELECTOR, vars.DKIM_DOMAIN].filter(Boolean).length;
  if (dkimSet !== 0 && dkimSet !== 3) {
    throw new Error(
      'Invalid environment: DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN are set together or not at all',
    );
  }
  const dataDir = resolve(cwd, vars.DATA_DIR ?? DEFAULT_DATA_DIR);
  const siteUrl = (vars.SITE_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  if (siteUrl.startsWith('https:') && vars.TRUST_PROXY === false) {
    // The server speaks http: only a trusted proxy can say the visitor came over https, without which
    // the Secure session cookie is never sent and nobody can sign in.
    throw new Error(
      'Invalid environment: TRUST_PROXY is required when SITE_URL is https (the hop count or address of the proxy that terminates TLS)',
    );
  }
  return {
    nodeEnv: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    siteUrl,
    databaseUrl: vars.DATABASE_URL,
    dataDir,
    uploadDir: vars.UPLOAD_DIR ? resolve(cwd, vars.UPLOAD_DIR) : join(dataDir, 'uploads'),
    uploadCacheDir: vars.UPLOAD_CACHE_DIR ? resolve(cwd, vars.UPLOAD_CACHE_DIR) : join(dataDir, 'upload-cache'),
    admin: {
      email: vars.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL,
      name: vars.ADMIN_NAME ?? DEFAULT_ADMIN_NAME,
      password: vars.ADMIN_PASSWORD,
    },
    seedDemo: vars.SEED_DEMO,
    sessionSecret: vars.SESSION_SECRET,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? `no-reply@${new URL(siteUrl).hostname}`,
    contactNotifyEmail: vars.CONTACT_NOTIFY_EMAIL,
    mailRatePerSecond: vars.MAIL_RATE_PER_SECOND,
    dkim:
      vars.DKIM_PRIVATE_KEY && vars.DKIM_SELECTOR && vars.DKIM_DOMAIN
        ? { domainName: vars.DKIM_DOMAIN, keySelector: vars.DKIM_SELECTOR, privateKey: vars.DKIM_PRIVATE_KEY }
        : null,
    gtmId: vars.GTM_ID,
    adsConversionId: vars.ADS_CONVERSION_ID,
    pageCacheSize: vars.PAGE_CACHE_SIZE,
    pageCacheBytes: vars.PAGE_CACHE_BYTES,
    pageStore: vars.PAGE_STORE,
    commentMinSecondsToSubmit: vars.COMMENT_MIN_SECONDS_TO_SUBMIT,
    stats: vars.STATS,
    sitemapUrlsPerFile: vars.SITEMAP_URLS_PER_FILE,
    trustProxy: vars.TRUST_PROXY,
    logLevel: vars.LOG_LEVEL ?? DEFAULT_LOG_LEVEL,
    logFormat: vars.LOG_FORMAT ?? (vars.NODE_ENV === 'production' ? 'json' : 'pretty'),
    imageImportAllowedHosts: vars.IMAGE_IMPORT_ALLOWED_HOSTS,
    vimeoOembedEndpoint: vars.VIMEO_OEMBED_ENDPOINT ?? DEFAULT_VIMEO_OEMBED_ENDPOINT,
    corsOrigins: vars.CORS_ORIGINS,
    webhookAllowedHosts: vars.WEBHOOK_ALLOWED_HOSTS,
    indexNow: vars.INDEXNOW_KEY
      ? { key: vars.INDEXNOW_KEY, endpoint: vars.INDEXNOW_ENDPOINT ?? DEFAULT_INDEXNOW_ENDPOINT }
      : null,
    // On by default for the embedded database only: with DATABASE_URL the database's own backups (pg_dump) are the norm.
    backupSchedule:
      vars.BACKUP_SCHEDULE === 'off'
        ? null
        : (vars.BACKUP_SCHEDULE ?? (vars.DATABASE_URL ? null : DEFAULT_BACKUP_SCHEDULE)),
    backupKeep: vars.BACKUP_KEEP,
    backupDir: join(dataDir, 'backups'),
    statsRetention: {
      hitsHours: vars.STATS_HITS_RETENTION_HOURS,
      hourlyDays: vars.STATS_HOURLY_RETENTION_DAYS,
      dailyDays: vars.STATS_RETENTION_DAYS,
    },
    mailEvents: {
      sesTopicArns: vars.MAIL_EVENTS_SES_TOPIC_ARNS,
      postmark:
        vars.MAIL_EVENTS_POSTMARK_USER && vars.MAIL_EVENTS_POSTMARK_PASSWORD
          ? { user: vars.MAIL_EVENTS_POSTMARK_USER, password: vars.MAIL_EVENTS_POSTMARK_PASSWORD }
          : null,
      sendgridPublicKey: vars.MAIL_EVENTS_SENDGRID_PUBLIC_KEY ?? null,
      mailgunSigningKey: vars.MAIL_EVENTS_MAILGUN_SIGNING_KEY ?? null,
      secret: vars.MAIL_EVENTS_SECRET ?? null,
    },
  };
}

/** Injection token of the `AppConfig`. */
export const APP_CONFIG = Symbol('APP_CONFIG');
