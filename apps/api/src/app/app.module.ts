import { type DynamicModule, Module } from '@nestjs/common';
import { CoreModule, type AppConfig } from '@blog/api/core';
import { DataModule } from '@blog/api/data';
import { PagesModule } from '@blog/api/pages';
import { TrpcModule } from '@blog/api/trpc';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forRoot(config), DataModule.forRoot(databaseUrl), TrpcModule, PagesModule.forRoot(databaseUrl)],
    };
  }
}
