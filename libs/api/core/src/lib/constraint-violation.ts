import type { FieldError } from '@blog/contracts';
import { DomainError } from './domain-error';

/** PostgreSQL error codes (SQLSTATE) of the integrity constraints a service may trip over. */
export const PG_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  restrictViolation: '23001',
} as const;

export interface ConstraintViolation {
  /** The SQLSTATE, such as `23505`. */
  code: string;
  /** The name of the violated constraint, such as `UQ_categories_slug`. */
  constraint?: string;
}

/**
 * The SQLSTATE and constraint name of a PostgreSQL error, whether it comes straight from `pg`
 * or wrapped by TypeORM (`QueryFailedError.driverError`); undefined for any other error.
 */
export function constraintViolationOf(error: unknown): ConstraintViolation | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const source = (error as { driverError?: unknown }).driverError ?? error;
  const { code, constraint } = source as { code?: unknown; constraint?: unknown };
  if (typeof code !== 'string' || !/^23\d{3}$/.test(code)) return undefined;
  return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
}

/** Whether `error` is a unique violation, of the named constraint when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const violation = constraintViolationOf(error);
  return violation?.code === PG_ERROR.uniqueViolation && (!constraint || violation.constraint === constraint);
}

/**
 * Runs a write and turns a unique violation of one of the named constraints into a `CONFLICT`
 * (409) naming the field, so a taken slug or e-mail never surfaces as a 500:
 *
 *     await conflictOnUnique(() => repo.save(row), { UQ_categories_slug: { field: 'slug', message: 'is taken' } });
 *
 * The database stays the judge (no check-then-insert race); any other error is rethrown as it is.
 */
export async function conflictOnUnique<T>(run: () => Promise<T>, constraints: Record<string, FieldError>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const violation = constraintViolationOf(error);
    const field =
      violation?.code === PG_ERROR.uniqueViolation && violation.constraint
        ? constraints[violation.constraint]
        : undefined;
    if (field) throw new DomainError('CONFLICT', field.message, [field]);
    throw error;
  }
}
