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
  const dataDir = resolve(cwd, vars.DATA_DIR ?? '.data');
  return {
    nodeEnv: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    siteUrl: (vars.SITE_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    databaseUrl: vars.DATABASE_URL,
    dataDir,
    uploadDir: vars.UPLOAD_DIR ? resolve(cwd, vars.UPLOAD_DIR) : join(dataDir, 'uploads'),
    admin: {
      email: vars.ADMIN_EMAIL ?? 'admin@example.com',
      name: vars.ADMIN_NAME ?? 'Admin',
      password: vars.ADMIN_PASSWORD,
    },
    seedDemo: vars.SEED_DEMO,
  };
}

/** Injection token of the `AppConfig`. */
export const APP_CONFIG = Symbol('APP_CONFIG');
