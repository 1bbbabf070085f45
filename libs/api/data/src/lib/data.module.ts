import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { dataSourceOptions, initializeAndMigrate } from './data-source';
import { SharedReadsModule } from './shared-reads';

/**
 * The app's one TypeORM connection, migrated (under the migration lock) before anything uses it;
 * domain modules add `TypeOrmModule.forFeature([...])`.
 */
@Module({})
export class DataModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: DataModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(databaseUrl),
          dataSourceFactory: () => initializeAndMigrate(new DataSource(dataSourceOptions(databaseUrl))),
        }),
        SharedReadsModule,
      ],
    };
  }
}
