/// <reference types="jest" />
import { Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import type { TestDatabase } from './test-database';

/** Runs a query expected to fail (a constraint, a trigger) and answers the PostgreSQL error it failed with. */
export async function queryFailureOf(database: TestDatabase, sql: string, params: unknown[] = []) {
  // TypeORM logs every failed query; these failures are the expected outcome.
  const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  const error = await database.dataSource
    .query(sql, params)
    .then(
      () => undefined,
      (caught: unknown) => caught,
    )
    .finally(() => log.mockRestore());
  expect(error).toBeInstanceOf(QueryFailedError);
  return error as QueryFailedError & { code: string; constraint?: string };
}
