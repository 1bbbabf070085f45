import type { PipeTransform } from '@nestjs/common';
import { toFieldErrors } from '@blog/contracts';
import type { z } from 'zod';
import { DomainError } from '@blog/api/core';

/**
 * Validates a REST parameter or body with a contracts schema and returns the parsed value.
 * `field` names a single path parameter in the error (`@Param('page', new ZodValidationPipe(pageSchema, 'page'))`).
 */
export class ZodValidationPipe<Schema extends z.ZodType> implements PipeTransform {
  constructor(
    /** Public for the fuzz test, which builds valid and hostile inputs of every route from it. */
    readonly schema: Schema,
    readonly field?: string,
  ) {}

  transform(value: unknown): z.output<Schema> {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const errors = toFieldErrors(result.error.issues).map((error) =>
      this.field
        ? { ...error, field: [this.field, error.field].filter((part) => part !== '(input)').join('.') }
        : error,
    );
    throw DomainError.invalid(errors);
  }
}
