import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from './config';
import { refuseCrossSiteWrites } from './cross-site.middleware';
import { HttpExceptionFilter } from './http-exception.filter';
import { installSessions } from './sessions';

/**
 * The HTTP settings shared by the server and the API tests: sessions, the cross-site write check,
 * the `/api` prefix and the error filter. Call before mounting tRPC, so `/trpc` gets them too.
 */
export function configureHttpApp(app: INestApplication): void {
  const config = app.get<AppConfig>(APP_CONFIG);
  // `req.ip` and `req.protocol` from a reverse proxy on the same host or private network.
  app.getHttpAdapter().getInstance().set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(refuseCrossSiteWrites(config.siteUrl));
  installSessions(app, config, app.get(DataSource));
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new HttpExceptionFilter());
}
