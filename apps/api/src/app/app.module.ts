import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { CoreModule, type AppConfig } from '@blog/api/core';
import { DataModule } from '@blog/api/data';
import { HealthModule } from '@blog/api/health';
import { JobsModule } from '@blog/api/jobs';
import { MailModule } from '@blog/api/mail';
import { OpenApiModule } from '@blog/api/openapi';
import { PagesModule } from '@blog/api/pages';
import { TrpcModule } from '@blog/api/trpc';
import { UploadStorageModule } from '@blog/api/upload-storage';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string, logger?: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, logger),
        MailModule.forRoot(config),
        DataModule.forRoot(databaseUrl),
        HealthModule,
        OpenApiModule,
        JobsModule.forRoot(),
        TrpcModule,
        UploadStorageModule,
        PagesModule.forRoot(databaseUrl),
      ],
    };
  }
}
