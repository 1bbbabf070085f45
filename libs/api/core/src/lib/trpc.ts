import { initTRPC, TRPCError } from '@trpc/server';
import { toFieldErrors, type FieldError } from '@blog/contracts';
import type { Request, Response } from 'express';
import { DomainError } from './domain-error';

export interface TrpcContext {
  req?: Request;
  res?: Response;
}

function fieldErrorsOf(cause: unknown): FieldError[] | undefined {
  if (cause instanceof DomainError) return cause.errors;
  // An input schema failure: tRPC keeps the zod error as the cause.
  const issues = (cause as { issues?: unknown })?.issues;
  return Array.isArray(issues) ? toFieldErrors(issues) : undefined;
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    return { ...shape, data: { ...shape.data, fieldErrors: fieldErrorsOf(error.cause) } };
  },
});

/** Gives a `DomainError` thrown by a service its own tRPC code (the REST filter does the same). */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: cause.code, message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(domainErrors);
export const createCallerFactory = t.createCallerFactory;
