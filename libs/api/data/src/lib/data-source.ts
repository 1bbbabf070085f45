import { DataSource, type DataSourceOptions } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';

/** TypeORM options for the app and the tests: schema only through migrations, never `synchronize`. */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsRun: true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error', 'warn'],
  };
}

/** Opens a data source; `migrationsRun` brings its schema up to date first. */
export async function openDataSource(url: string): Promise<DataSource> {
  return new DataSource(dataSourceOptions(url)).initialize();
}
