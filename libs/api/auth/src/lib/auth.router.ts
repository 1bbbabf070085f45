import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import {
  loginInputSchema,
  profileInputSchema,
  requestPasswordInputSchema,
  resetPasswordInputSchema,
  sessionIdInputSchema,
} from '@blog/contracts';
import { clientAddress, DomainError, router, sessionProcedure, signedInProcedure, type TrpcContext } from '@blog/api/core';
import { AuthService } from './auth.service';
import { SessionsService } from './sessions.service';

function requestOf(ctx: TrpcContext): Request {
  if (!ctx.req) throw new DomainError('BAD_REQUEST', 'This call needs an HTTP request');
  return ctx.req;
}

@Injectable()
export class AuthRouter {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
  ) {}

  readonly router = router({
    login: sessionProcedure
      .input(loginInputSchema)
      .mutation(({ ctx, input }) => this.auth.login(requestOf(ctx), input.email, input.password)),
    adminCheck: sessionProcedure.query(({ ctx }) => this.auth.adminCheck(ctx.req?.user)),
    logout: sessionProcedure.mutation(({ ctx }) => this.auth.logout(requestOf(ctx))),
    me: signedInProcedure.query(({ ctx }) => this.auth.me(ctx.user)),
    updateProfile: signedInProcedure
      .input(profileInputSchema)
      .mutation(({ ctx, input }) => this.auth.updateProfile(requestOf(ctx), ctx.user, input)),
    /** The same as `GET /api/auth/sessions`, `DELETE /api/auth/sessions/{id}` and `DELETE /api/auth/sessions`. */
    sessions: signedInProcedure.query(({ ctx }) => this.sessions.list(ctx.user.id, requestOf(ctx).sessionID)),
    endSession: signedInProcedure
      .input(sessionIdInputSchema)
      .mutation(({ ctx, input }) => this.sessions.end(ctx.user.id, requestOf(ctx).sessionID, input.id)),
    endOtherSessions: signedInProcedure.mutation(({ ctx }) => this.sessions.endOthers(ctx.user.id, requestOf(ctx).sessionID)),
    requestPassword: sessionProcedure
      .input(requestPasswordInputSchema)
      .mutation(({ ctx, input }) => this.auth.requestPasswordReset(input.email, clientAddress(ctx.req))),
    resetPassword: sessionProcedure
      .input(resetPasswordInputSchema)
      .mutation(({ input }) => this.auth.resetPassword(input.token, input.new_password)),
  });
}
