import { QueryFailedError } from 'typeorm';
import { DomainError } from './domain-error';
import { conflictOnUnique, constraintViolationOf, isUniqueViolation, PG_ERROR } from './constraint-violation';

/** A PostgreSQL error as `pg` raises it. */
function pgError(code: string, constraint?: string) {
  return Object.assign(new Error('duplicate key value violates unique constraint'), { code, constraint });
}

/** The same error wrapped by TypeORM. */
function typeormError(code: string, constraint?: string) {
  return new QueryFailedError('INSERT INTO categories ...', [], pgError(code, constraint));
}

const SLUG = { field: 'slug', message: 'This slug is already used' };

describe('constraintViolationOf', () => {
  it('reads the code and constraint of a pg error and of a TypeORM QueryFailedError', () => {
    expect(constraintViolationOf(pgError('23505', 'UQ_categories_slug'))).toEqual({
      code: '23505',
      constraint: 'UQ_categories_slug',
    });
    expect(constraintViolationOf(typeormError('23503', 'FK_posts_category'))).toEqual({
      code: '23503',
      constraint: 'FK_posts_category',
    });
  });

  it('answers undefined for errors that are no integrity violation', () => {
    for (const error of [new Error('boom'), pgError('42P01'), null, undefined, 'text', { code: 23505 }]) {
      expect(constraintViolationOf(error)).toBeUndefined();
    }
  });
});

describe('isUniqueViolation', () => {
  it('matches any unique violation, or only the named constraint', () => {
    const error = typeormError(PG_ERROR.uniqueViolation, 'UQ_users_email');
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'UQ_users_email')).toBe(true);
    expect(isUniqueViolation(error, 'UQ_posts_slug')).toBe(false);
    expect(isUniqueViolation(typeormError(PG_ERROR.foreignKeyViolation, 'UQ_users_email'))).toBe(false);
  });
});

describe('conflictOnUnique', () => {
  it('answers what the write answers', async () => {
    await expect(conflictOnUnique(async () => 42, { UQ_categories_slug: SLUG })).resolves.toBe(42);
  });

  it('turns a unique violation of a named constraint into a CONFLICT naming the field', async () => {
    const error = await conflictOnUnique(() => Promise.reject(typeormError('23505', 'UQ_categories_slug')), {
      UQ_categories_slug: SLUG,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'CONFLICT', message: SLUG.message, errors: [SLUG] });
  });

  it('rethrows other constraints and other errors untouched', async () => {
    const otherConstraint = typeormError('23505', 'UQ_users_email');
    const foreignKey = typeormError('23503', 'UQ_categories_slug');
    const plain = new Error('connection lost');
    for (const error of [otherConstraint, foreignKey, plain]) {
      await expect(conflictOnUnique(() => Promise.reject(error), { UQ_categories_slug: SLUG })).rejects.toBe(error);
    }
  });
});
