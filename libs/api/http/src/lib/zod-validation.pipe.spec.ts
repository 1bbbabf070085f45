import { contactMessageInputSchema, idSchema, pageSchema } from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import { ZodValidationPipe } from './zod-validation.pipe';

/** The DomainError `run` throws, or fails the test when it throws none. */
function domainErrorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('no error was thrown');
}

describe('ZodValidationPipe', () => {
  it('returns the parsed value of a valid path parameter', () => {
    const pipe = new ZodValidationPipe(pageSchema, 'page');
    expect(pipe.transform('2')).toBe(2);
    expect(new ZodValidationPipe(idSchema, 'id').transform('15')).toBe(15);
  });

  it('returns the parsed (trimmed, defaulted) value of a valid body', () => {
    const pipe = new ZodValidationPipe(contactMessageInputSchema);
    expect(pipe.transform({ name: ' An ', email: 'an@example.com ', message: ' Hi ' })).toEqual({
      name: 'An',
      email: 'an@example.com',
      phone: '',
      message: 'Hi',
      from: null,
    });
  });

  it.each(['0', 'x', '1.5', ''])('refuses the path parameter %p with BAD_REQUEST naming the field', (value) => {
    const error = domainErrorOf(() => new ZodValidationPipe(pageSchema, 'page').transform(value));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.errors).toEqual([{ field: 'page', message: expect.any(String) }]);
    expect(error.message).toContain('page');
  });

  it('names the fields of an invalid body by their paths', () => {
    const error = domainErrorOf(() =>
      new ZodValidationPipe(contactMessageInputSchema).transform({ name: 'An', email: 'nope', message: '' }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.errors?.map((item) => item.field).sort()).toEqual(['email', 'message']);
    for (const item of error.errors ?? []) expect(item.message).not.toBe('');
  });

  it('prefixes body paths with the given field name', () => {
    const error = domainErrorOf(() =>
      new ZodValidationPipe(contactMessageInputSchema, 'body').transform({ name: 'An', email: 'nope', message: 'Hi' }),
    );
    expect(error.errors?.map((item) => item.field)).toEqual(['body.email']);
  });

  it('refuses a body that is not an object', () => {
    const error = domainErrorOf(() => new ZodValidationPipe(contactMessageInputSchema).transform('text'));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.errors).toHaveLength(1);
  });
});
