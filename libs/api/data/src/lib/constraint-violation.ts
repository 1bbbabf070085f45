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
