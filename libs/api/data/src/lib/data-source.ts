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
    // The posts are read from memory or SSD, where a random read costs about as much as a sequential
    // one (PostgreSQL's documentation suggests 1.1 for such storage). With the default of 4 the
    // planner reads every post rather than the search indexes, several times slower at 10 000 posts.
    extra: { options: '-c random_page_cost=1.1' },
  };
}

/** Opens a data source; `migrationsRun` brings its schema up to date first. */
export async function openDataSource(url: string): Promise<DataSource> {
  return new DataSource(dataSourceOptions(url)).initialize();
}
