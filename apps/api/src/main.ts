import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createRootLogger, loadConfig } from '@blog/api/core';
import { startDatabase } from '@blog/api/data';
import { shutDownGracefully } from '@blog/api/health';
import { seedFromConfig } from '@blog/api/seed';
import { createApp } from './app/create-app';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  // One pino logger from the first line on; Nest's `Logger` writes through it once the app exists.
  const rootLogger = createRootLogger(config);
  const log = rootLogger.child({ context: 'Bootstrap' });
  const database = await startDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: (message) => log.info(message),
  });
  // The bundle sits in dist/apps/api, beside the web build, its server entry and the copied demo images.
  const app = await createApp(config, database.url, {
    webDir: join(__dirname, '..', 'web'),
    serverDir: join(__dirname, '..', 'web-server'),
    rootLogger,
  });
  await seedFromConfig(app.get(DataSource), config, {
    assetsDir: join(__dirname, 'seed-assets'),
    log: (message) => log.info(message),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    // Not ready first, then no new connections, the requests in flight finish, then the app and its database.
    await shutDownGracefully(app);
    await database.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen(config.port, config.host);
  log.info(`The site is at ${config.siteUrl} (listening on ${config.host}:${config.port})`);
}

bootstrap().catch((error: unknown) => {
  new Logger('Bootstrap').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
