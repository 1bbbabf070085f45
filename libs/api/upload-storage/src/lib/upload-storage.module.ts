import { Inject, Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { APP_CONFIG, ROOT_LOGGER, type AppConfig } from '@blog/api/core';
import { importUploadDir } from './import-uploads';
import { UploadFiles } from './upload-files';
import { UploadStore } from './upload-store';

/** Imports the files left under `UPLOAD_DIR` when the app starts, before it serves anything. */
@Injectable()
export class UploadImportOnStart implements OnApplicationBootstrap {
  constructor(
    private readonly store: UploadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const log = this.logger.child({ context: 'UploadImport' });
    await importUploadDir(this.store, this.config.uploadDir, {
      info: (message) => log.info(message),
      warn: (message) => log.warn(message),
    });
  }
}

/**
 * Uploads kept in PostgreSQL (`UploadStore`) and served from this instance's disk cache
 * (`UploadFiles`, under `UPLOAD_CACHE_DIR`); files under `UPLOAD_DIR` are imported on start.
 */
@Module({
  providers: [
    { provide: UploadStore, useFactory: (dataSource: DataSource) => new UploadStore(dataSource), inject: [DataSource] },
    {
      provide: UploadFiles,
      useFactory: (config: AppConfig, store: UploadStore) => new UploadFiles(store, config.uploadCacheDir),
      inject: [APP_CONFIG, UploadStore],
    },
    UploadImportOnStart,
  ],
  exports: [UploadStore, UploadFiles],
})
export class UploadStorageModule {}
