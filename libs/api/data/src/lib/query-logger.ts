import { Logger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';
import { constraintViolationOf } from './constraint-violation';

/**
 * TypeORM's failed queries and warnings through Nest's logger, so the server's (pino: JSON, with the
 * request id), instead of `console.log`; never a query's parameters, which hold e-mails, password
 * hashes and messages.
 */
export class QueryLogger implements TypeOrmLogger {
  private readonly logger = new Logger('TypeORM');

  logQueryError(error: string | Error, query: string): void {
    // A refusal by an integrity constraint is the database judging a write (a taken slug): the service
    // answers it (409, 400), and one it does not answer reaches the exception filter, which logs the 500.
    const violation = constraintViolationOf(error);
    if (violation) {
      this.logger.debug(`Query refused by ${violation.constraint ?? violation.code}: ${query}`);
      return;
    }
    this.logger.error(`Query failed: ${error instanceof Error ? error.message : error} (${query})`);
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn(`Slow query (${time} ms): ${query}`);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(String(message));
  }

  // Successful queries, schema building and migrations are not logged (as with `logging: ['error', 'warn']`).
  logQuery(): void {
    return;
  }

  logSchemaBuild(): void {
    return;
  }

  logMigration(): void {
    return;
  }
}
