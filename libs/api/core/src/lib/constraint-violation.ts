import type { FieldError } from '@blog/contracts';
import { PG_ERROR, constraintViolationOf } from '@blog/api/data';
import { DomainError } from './domain-error';

// The database's side (codes, reading an error) lives with the data layer, whose query logger reads it too.
export { PG_ERROR, constraintViolationOf, type ConstraintViolation } from '@blog/api/data';

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
