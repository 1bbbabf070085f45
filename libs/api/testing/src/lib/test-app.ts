import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { workspaceRoot } from '@nx/devkit';
import { CoreModule, configureHttpApp, loadConfig, type AppConfig } from '@blog/api/core';
import { DataModule } from '@blog/api/data';
import type { TestDatabase } from '@blog/api/data/testing';

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

/** The demo images in the source tree (the server bundle carries its own copy). */
export const DEMO_ASSETS_DIR = join(workspaceRoot, 'libs/api/seed/src/lib/assets');
