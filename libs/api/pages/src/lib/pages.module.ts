import { type DynamicModule, Module } from '@nestjs/common';
import { PAGES_DATABASE_URL, PageCacheService } from './page-cache.service';

/** The cache of server-rendered public pages (the pages themselves come from the web's server entry). */
@Module({})
export class PagesModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: PagesModule,
      providers: [{ provide: PAGES_DATABASE_URL, useValue: databaseUrl }, PageCacheService],
      exports: [PageCacheService],
    };
  }
}
