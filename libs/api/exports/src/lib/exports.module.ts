import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@blog/api/core';
import { SiteExportEntity } from '@blog/api/data';
import { sessionSecretOf } from '@blog/api/security';
import { ExportsController } from './exports.controller';
import { SiteArchiveService } from './site-archive.service';
import { SiteExportsController } from './site-exports.controller';
import { SiteExportsRouter } from './site-exports.router';
import { SiteExportsService } from './site-exports.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './exports.openapi';

/**
 * The site archive: `SiteArchiveService` (export and restore), `GET /api/export` streamed at once, and
 * exports made in the background by the job queue (`JobsModule` must be in the app) for the admin.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SiteExportEntity])],
  controllers: [ExportsController, SiteExportsController],
  providers: [
    {
      provide: SiteArchiveService,
      useFactory: (dataSource: DataSource, config: AppConfig) =>
        new SiteArchiveService(dataSource, config.siteUrl, sessionSecretOf(config)),
      inject: [DataSource, APP_CONFIG],
    },
    SiteExportsService,
    SiteExportsRouter,
  ],
  exports: [SiteArchiveService, SiteExportsRouter],
})
export class ExportsModule {}
