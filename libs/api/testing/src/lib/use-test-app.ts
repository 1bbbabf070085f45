import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import type { AnyTRPCRouter } from '@trpc/server';
import { type AppConfig } from '@blog/api/core';
import { createCallerFactory } from '@blog/api/http';
import { createTestDatabase, type TestDatabase } from '@blog/api/data/testing';
import { signInAgents, type SignedInAgents } from './sign-in';
import { createTestApp, testConfig, type TestAppOptions } from './test-app';

/** A database, its migrations, an app and sign-ins (argon2id hashes): slow on a loaded machine. */
export const SETUP_TIMEOUT_MS = 60_000;

export interface UseTestAppOptions extends Omit<TestAppOptions, 'config'> {
  /** The app's config, or a function making it once the spec's earlier `beforeAll` hooks have run; `testConfig()` by default. */
  config?: AppConfig | (() => AppConfig);
  /** `false`: only the database; the spec starts its apps with `appWith`. */
  app?: boolean;
}

/** What `useTestApp` set up, readable from the spec's own hooks and tests on. */
export interface TestAppContext extends SignedInAgents {
  readonly database: TestDatabase;
  readonly app: INestApplication;
  readonly config: AppConfig;
  /** One more app with the same modules over the same database (these options instead), closed by `afterAll`. */
  appWith(options?: TestAppOptions): Promise<INestApplication>;
  /**
   * A typed server-side caller of a domain's router in the app (`t.caller(AboutRouter).list()`), made on
   * its first use, so that a spec can hold it from its `describe` on.
   */
  caller<TRouter extends AnyTRPCRouter>(provider: Type<{ router: TRouter }>): ReturnType<TRouter['createCaller']>;
}

type SetUp = Omit<TestAppContext, 'appWith' | 'caller'>;

/**
 * The set-up of an API spec: `beforeAll` makes a database of its own, an app with `modules` over it
 * (`createTestApp`) and, with `signIn: true`, the three agents of `signInAgents` (anonymous, reader,
 * admin); `afterAll` closes the app (and those of `appWith`) and drops the database. Call it in a `describe`
 * (or at the top of the file): hooks the spec registers after the call run after this set-up.
 */
export function useTestApp(
  modules: Array<Type | DynamicModule>,
  { app: startApp = true, ...options }: UseTestAppOptions = {},
): TestAppContext {
  const state: { -readonly [Key in keyof SetUp]?: SetUp[Key] } = {};
  const apps: INestApplication[] = [];
  const appWith = async (appOptions: TestAppOptions = {}) => {
    const app = await createTestApp(read('database'), modules, appOptions);
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    const config = typeof options.config === 'function' ? options.config() : (options.config ?? testConfig());
    state.config = config;
    state.database = await createTestDatabase();
    if (!startApp) return;
    state.app = await appWith({ ...options, config });
    if (options.signIn) Object.assign(state, await signInAgents(state.app, state.database));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    // Every app closed and the database dropped even when one fails (answers not conforming to the document).
    const closed = await Promise.allSettled(apps.map((app) => app.close()));
    await state.database?.drop();
    const failed = closed.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  });

  function read<Key extends keyof SetUp>(key: Key): SetUp[Key] {
    const value = state[key];
    if (value === undefined) {
      const hint = !state.database
        ? 'before its beforeAll ran'
        : !state.app
          ? 'with { app: false }'
          : 'without { signIn: true }';
      throw new Error(`useTestApp: '${key}' was read ${hint}`);
    }
    return value as SetUp[Key];
  }
  const keys: Array<keyof SetUp> = [
    'database',
    'app',
    'config',
    'anonymous',
    'reader',
    'admin',
    'readerUser',
    'adminUser',
  ];
  const caller = <TRouter extends AnyTRPCRouter>(provider: Type<{ router: TRouter }>) => {
    let made: Record<PropertyKey, unknown> | undefined;
    const make = () =>
      (made ??= createCallerFactory(read('app').get(provider).router)({}) as Record<PropertyKey, unknown>);
    return new Proxy({}, { get: (_target, key) => make()[key] }) as ReturnType<TRouter['createCaller']>;
  };
  return Object.defineProperties(
    { appWith, caller },
    Object.fromEntries(keys.map((key) => [key, { get: () => read(key), enumerable: true }])),
  ) as TestAppContext;
}
