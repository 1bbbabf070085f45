import { initTRPC, TRPCError } from '@trpc/server';
import { toFieldErrors, type ApiTokenScope, type FieldError, type VersionConflict } from '@blog/contracts';
import type { Request, Response } from 'express';
// Passport's augmentation of Express's Request (`req.user`), also where no other file brings it in (specs).
import type {} from 'passport';
import { asDomainError, DomainError, UNEXPECTED_ERROR_MESSAGE } from '@blog/api/core';
import { enforceTokenScope, requireAdmin, requireUser, setNoStore } from '@blog/api/security';

export interface TrpcContext {
  req?: Request;
  res?: Response;
}

/** What a procedure declares beside its input: `.meta(tokenScope('content:read'))`. */
export interface TrpcMeta {
  /** The scope an API token needs to call the procedure; without it, tokens are refused (as REST's `@TokenScope`). */
  tokenScope?: ApiTokenScope;
}

/** A procedure's meta naming the scope an API token needs to call it. */
export const tokenScope = (scope: ApiTokenScope): TrpcMeta => ({ tokenScope: scope });

function fieldErrorsOf(cause: unknown): FieldError[] | undefined {
  if (cause instanceof DomainError) return cause.errors;
  // An input schema failure: tRPC keeps the zod error as the cause.
  const issues = (cause as { issues?: unknown })?.issues;
  return Array.isArray(issues) ? toFieldErrors(issues) : undefined;
}

/** A refusal's `Retry-After` in seconds, so that a form can say when to try again. */
function retryAfterOf(cause: unknown): number | undefined {
  const header = cause instanceof DomainError ? cause.headers?.['Retry-After'] : undefined;
  return header === undefined ? undefined : Number(header);
}

/** A refused save's conflict (`DomainError.versionConflict`): the record now and who changed it. */
function conflictOf(cause: unknown): VersionConflict<unknown> | undefined {
  return cause instanceof DomainError && cause.code === 'PRECONDITION_FAILED' ? cause.details : undefined;
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<TrpcMeta>()
  .create({
    // Never a stack in an answer, whatever NODE_ENV says (tRPC adds `data.stack` in development).
    isDev: false,
    errorFormatter({ shape, error }) {
      return {
        ...shape,
        // An error nobody meant to send (a failed query, a bug) is logged (`mountTrpcRouter`), not told.
        message: error.code === 'INTERNAL_SERVER_ERROR' ? UNEXPECTED_ERROR_MESSAGE : shape.message,
        data: {
          ...shape.data,
          fieldErrors: fieldErrorsOf(error.cause),
          retryAfterSeconds: retryAfterOf(error.cause),
          conflict: conflictOf(error.cause),
        },
      };
    },
  });

/** Gives a `DomainError` thrown by a service its own tRPC code (the REST filter does the same). */
const domainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  // A database outage becomes SERVICE_UNAVAILABLE (503 + Retry-After), as on REST.
  const cause = result.ok ? undefined : asDomainError(result.error.cause);
  if (cause) {
    for (const [name, value] of Object.entries(cause.headers ?? {})) ctx.res?.setHeader(name, value);
    // A stale version is tRPC's CONFLICT (REST's 412 has no better twin there), its details in `data.conflict`.
    const code = cause.code === 'PRECONDITION_FAILED' ? 'CONFLICT' : cause.code;
    throw new TRPCError({ code, message: cause.message, cause });
  }
  return result;
});

/** The API token rule of REST's `TokenScopeGuard`, with the procedure's `tokenScope` meta. */
const tokenScopes = t.middleware(({ ctx, meta, next }) => {
  enforceTokenScope(ctx.req, meta?.tokenScope);
  return next();
});

export const router = t.router;
export const publicProcedure = t.procedure.use(domainErrors).use(tokenScopes);
/**
 * Reads or changes the session (sign-in, sign-out, password reset): the answer is never stored (the
 * whole batch's, when it shares one with public reads).
 */
export const sessionProcedure = publicProcedure.use(({ ctx, next }) => {
  setNoStore(ctx.res);
  return next();
});
/** Any signed-in user; `ctx.user` is set. */
export const signedInProcedure = sessionProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: requireUser(ctx.req?.user) } }),
);
/** Administrators only, as `AdminGuard` on REST; `ctx.user` is set. */
export const adminProcedure = sessionProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: requireAdmin(ctx.req?.user) } }),
);
export const createCallerFactory = t.createCallerFactory;
