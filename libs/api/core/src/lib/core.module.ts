import { type DynamicModule, Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from './config';
import { DomainEvents } from './domain-events';
import { SharedReads } from '@blog/api/data';
import { SiteLanguages } from './site-languages';
import { UploadedImageSizes } from './uploaded-image-sizes';
import { VisitSources } from './visit-sources';
import { createRootLogger, ROOT_LOGGER } from './logging';

/**
 * The `AppConfig`, the logger, the domain events, the sizes of uploaded images, the visits' sources and the site's languages, injectable
 * everywhere. `logger` (the server's one pino logger) defaults to one made from the configuration.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, logger: Logger = createRootLogger(config)): DynamicModule {
    return {
      module: CoreModule,
      // nestjs-pino's `Logger` (for `app.useLogger`) over our logger; `configureHttpApp` mounts the
      // access log itself (`useExisting`), in front of tRPC, which Nest's route middleware would miss.
      imports: [LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true })],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: ROOT_LOGGER, useValue: logger },
        DomainEvents,
        VisitSources,
        {
          provide: UploadedImageSizes,
          useFactory: (dataSource: DataSource) => new UploadedImageSizes(dataSource),
          inject: [DataSource],
        },
        {
          provide: SiteLanguages,
          useFactory: (dataSource: DataSource, sharedReads: SharedReads) => new SiteLanguages(dataSource, sharedReads),
          inject: [DataSource, SharedReads],
        },
      ],
      exports: [APP_CONFIG, ROOT_LOGGER, DomainEvents, UploadedImageSizes, VisitSources, SiteLanguages],
    };
  }
}
