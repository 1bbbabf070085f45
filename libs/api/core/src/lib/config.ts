import { join, resolve } from 'node:path';
import { z } from 'zod';

/** Everything the server reads from its environment (documented in the README). */
export interface AppConfig {
  nodeEnv: string;
  host: string;
  port: number;
  /** The public origin, without a trailing slash. */
  siteUrl: string;
  /** Unset: an embedded PostgreSQL is started under `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  uploadDir: string;
  admin: { email: string; name: string; password?: string };
  seedDemo: boolean;
  /** Signs the session cookie; unset: generated once and kept in `dataDir`. */
  sessionSecret?: string;
  /** Outgoing mail (`smtp://user:pass@host:587`); unset: mails are written to the log. */
  smtpUrl?: string;
  mailFrom: string;
  /** Where new contact messages are mailed, when SMTP is configured. */
  contactNotifyEmail?: string;
  /** Tag manager container (`GTM-…`); unset: no tag manager is loaded. */
  gtmId?: string;
  /** Ads conversion id and label (`AW-…/…`); unset: no conversion event is sent. */
  adsConversionId?: string;
  /** How many rendered public pages each instance keeps; 0 renders every request. */
  pageCacheSize: number;
}

const optional = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  SITE_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  DATABASE_URL: optional,
  DATA_DIR: optional,
  UPLOAD_DIR: optional,
  ADMIN_EMAIL: optional.pipe(z.email({ error: 'must be an e-mail address' }).optional()),
  ADMIN_PASSWORD: optional.pipe(
    z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  ),
  ADMIN_NAME: optional,
  SESSION_SECRET: optional.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: optional,
  CONTACT_NOTIFY_EMAIL: optional.pipe(z.email({ error: 'must be an e-mail address' }).optional()),
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
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value !== 'false' && value !== '0'),
});

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
  const dataDir = resolve(cwd, vars.DATA_DIR ?? '.data');
  const siteUrl = (vars.SITE_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    siteUrl,
    databaseUrl: vars.DATABASE_URL,
    dataDir,
    uploadDir: vars.UPLOAD_DIR ? resolve(cwd, vars.UPLOAD_DIR) : join(dataDir, 'uploads'),
    admin: {
      email: vars.ADMIN_EMAIL ?? 'admin@example.com',
      name: vars.ADMIN_NAME ?? 'Admin',
      password: vars.ADMIN_PASSWORD,
    },
    seedDemo: vars.SEED_DEMO,
    sessionSecret: vars.SESSION_SECRET,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? `no-reply@${new URL(siteUrl).hostname}`,
    contactNotifyEmail: vars.CONTACT_NOTIFY_EMAIL,
    gtmId: vars.GTM_ID,
    adsConversionId: vars.ADS_CONVERSION_ID,
    pageCacheSize: vars.PAGE_CACHE_SIZE,
  };
}

/** Injection token of the `AppConfig`. */
export const APP_CONFIG = Symbol('APP_CONFIG');
