import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@blog/api/core';
import { ExportsController } from './exports.controller';
import { SiteArchiveService } from './site-archive.service';

/** The site archive: `SiteArchiveService` (export and restore) and `GET /api/export`. */
@Module({
  controllers: [ExportsController],
  providers: [
    {
      provide: SiteArchiveService,
      useFactory: (dataSource: DataSource, config: AppConfig) => new SiteArchiveService(dataSource, config.siteUrl),
      inject: [DataSource, APP_CONFIG],
    },
  ],
  exports: [SiteArchiveService],
})
export class ExportsModule {}
