import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { AnyTRPCRouter } from '@trpc/server';
import type { DestinationStream } from 'pino';
import { CoreModule, createRootLogger, loadConfig, type AppConfig } from '@blog/api/core';
import { configureHttpApp, router } from '@blog/api/http';
import { MAIL_TRANSPORT, MailModule, type MailMessage, type MailTransport } from '@blog/api/mail';
import { DataModule } from '@blog/api/data';
import type { TestDatabase } from '@blog/api/data/testing';
import { OpenApiModule } from '@blog/api/openapi';
import { conformanceRecorder } from './conformance';
import { TestSignInModule } from './test-sign-in.controller';

export const TEST_SITE_URL = 'http://blog.test';

/** An `AppConfig` as the server would read it, with a throw-away data folder and no log output. */
export function testConfig(env: NodeJS.ProcessEnv = {}): AppConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'blog-test-'));
  return loadConfig({ SITE_URL: TEST_SITE_URL, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
}

/** Catches the mail a test app sends. */
export class Mailbox implements MailTransport {
  readonly sent: Array<MailMessage & { from: string }> = [];

  async send(message: MailMessage & { from: string }): Promise<void> {
    this.sent.push(message);
  }
}

export interface TestAppOptions {
  config?: AppConfig;
  /**
   * Serves these domain routers at `/trpc` under their app-router names (`{ auth: app.get(AuthRouter).router }`
   * answers `/trpc/auth.login`), as the real server does with the app router.
   */
  trpc?: (app: INestApplication) => AnyTRPCRouter | Record<string, AnyTRPCRouter>;
  /**
   * Serves the test-only sign-in door (`POST /api/test/sign-in`, `GET /api/test/session`) that
   * `signInAgents`, `agentSignedInAs` and `sessionUserOf` use, so specs sign in without the auth domain.
   */
  signIn?: boolean;
  /** Where the app's log lines go (JSON, at the config's `logLevel`), for a spec that reads them. */
  logDestination?: DestinationStream;
  /**
   * `false`: the answers are not checked against the OpenAPI document (a spec that means to break the
   * server, such as an outage). By default `app.close()` fails with every answer that did not conform.
   */
  conformance?: boolean;
  /** Providers replaced by these values (a domain's outside service: `{ provide: TOKEN, useValue }`). */
  overrides?: Array<{ provide: unknown; useValue: unknown }>;
  /**
   * `true`: mail goes through nodemailer to the config's `SMTP_URL` (a `startTestSmtpServer()`), as in
   * production, instead of the in-memory `Mailbox`.
   */
  realSmtp?: boolean;
}

/**
 * A Nest app with the given domain modules over the test database, configured as the real server
 * (sessions, cross-site check, error filter); its mail lands in `app.get(MAIL_TRANSPORT)` (a `Mailbox`),
 * or with `realSmtp` goes to the config's SMTP server.
 */
export async function createTestApp(
  database: TestDatabase,
  modules: Array<Type | DynamicModule>,
  options: TestAppOptions = {},
): Promise<INestApplication> {
  const config = options.config ?? testConfig();
  const builder = Test.createTestingModule({
    imports: [
      CoreModule.forRoot(config, createRootLogger(config, options.logDestination)),
      MailModule.forRoot(config),
      DataModule.forRoot(database.url),
      ...modules,
      OpenApiModule,
      ...(options.signIn ? [TestSignInModule] : []),
    ],
  });
  if (!options.realSmtp) builder.overrideProvider(MAIL_TRANSPORT).useValue(new Mailbox());
  for (const { provide, useValue } of options.overrides ?? []) builder.overrideProvider(provide).useValue(useValue);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication({ logger: false, rawBody: true });
  const conformance = options.conformance === false ? undefined : conformanceRecorder(() => app);
  if (conformance) app.use(conformance.middleware);
  const routers = options.trpc?.(app);
  configureHttpApp(app, routers && ('_def' in routers ? (routers as AnyTRPCRouter) : router(routers)));
  await app.init();
  if (conformance) {
    const close = app.close.bind(app);
    app.close = async () => {
      const problems = conformance.problems();
      await close();
      if (problems.length > 0) {
        throw new Error(`Answers that do not conform to the OpenAPI document:\n- ${problems.join('\n- ')}`);
      }
    };
  }
  return app;
}

export function mailboxOf(app: INestApplication): Mailbox {
  return app.get<Mailbox>(MAIL_TRANSPORT);
}

/** The demo images in the source tree (the server bundle carries its own copy). */
export const DEMO_ASSETS_DIR = join(__dirname, '../../../seed/src/lib/assets');
