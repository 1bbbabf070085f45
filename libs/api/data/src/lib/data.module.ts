import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from './data-source';

/** The app's one TypeORM connection; domain modules add `TypeOrmModule.forFeature([...])`. */
@Module({})
export class DataModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: DataModule,
      imports: [TypeOrmModule.forRoot(dataSourceOptions(databaseUrl))],
    };
  }
}
