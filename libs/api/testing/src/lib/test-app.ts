import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { workspaceRoot } from '@nx/devkit';
import { CoreModule, configureHttpApp, hashPassword, loadConfig, type AppConfig } from '@blog/api/core';
import { DataModule, seedDatabase, type SeedReport } from '@blog/api/data';
import type { TestDatabase } from './test-database';

export const TEST_SITE_URL = 'http://blog.test';

/** An `AppConfig` as the server would read it, with a throw-away data folder. */
export function testConfig(env: NodeJS.ProcessEnv = {}): AppConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'blog-test-'));
  return loadConfig({ SITE_URL: TEST_SITE_URL, DATA_DIR: dataDir, ...env });
}

/** A Nest app with the given domain modules over the test database, configured as the real server. */
export async function createTestApp(
  database: TestDatabase,
  modules: Array<Type | DynamicModule>,
  config: AppConfig = testConfig(),
): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({
    imports: [CoreModule.forRoot(config), DataModule.forRoot(database.url), ...modules],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  configureHttpApp(app);
  await app.init();
  return app;
}

export const DEMO_ASSETS_DIR = join(workspaceRoot, 'libs/api/data/src/lib/seed/assets');

/** The demo site `npm start` seeds, with the given administrator password. */
export function seedDemo(database: TestDatabase, config: AppConfig = testConfig()): Promise<SeedReport> {
  return seedDatabase(database.dataSource, {
    admin: config.admin,
    demo: true,
    uploadDir: config.uploadDir,
    assetsDir: DEMO_ASSETS_DIR,
    hashPassword,
    log: () => undefined,
  });
}
