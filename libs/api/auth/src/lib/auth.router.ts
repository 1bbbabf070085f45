import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import {
  loginInputSchema,
  profileInputSchema,
  requestPasswordInputSchema,
  resetPasswordInputSchema,
} from '@blog/contracts';
import { clientAddress, DomainError, router, sessionProcedure, signedInProcedure, type TrpcContext } from '@blog/api/core';
import { AuthService } from './auth.service';

function requestOf(ctx: TrpcContext): Request {
  if (!ctx.req) throw new DomainError('BAD_REQUEST', 'This call needs an HTTP request');
  return ctx.req;
}

@Injectable()
export class AuthRouter {
  constructor(private readonly auth: AuthService) {}

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
    requestPassword: sessionProcedure
      .input(requestPasswordInputSchema)
      .mutation(({ ctx, input }) => this.auth.requestPasswordReset(input.email, clientAddress(ctx.req))),
    resetPassword: sessionProcedure
      .input(resetPasswordInputSchema)
      .mutation(({ input }) => this.auth.resetPassword(input.token, input.new_password)),
  });
}
