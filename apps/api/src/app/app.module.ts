import { type DynamicModule, Module } from '@nestjs/common';
import { CoreModule, type AppConfig } from '@blog/api/core';
import { DataModule } from '@blog/api/data';
import { HealthModule } from '@blog/api/health';
import { PagesModule } from '@blog/api/pages';
import { TrpcModule } from '@blog/api/trpc';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forRoot(config), DataModule.forRoot(databaseUrl), HealthModule, TrpcModule, PagesModule.forRoot(databaseUrl)],
    };
  }
}
