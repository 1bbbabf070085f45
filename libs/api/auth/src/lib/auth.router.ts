import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import {
  loginInputSchema,
  profileInputSchema,
  requestPasswordInputSchema,
  resetPasswordInputSchema,
} from '@blog/contracts';
import { clientAddress, DomainError, publicProcedure, router, signedInProcedure, type TrpcContext } from '@blog/api/core';
import { AuthService } from './auth.service';

function requestOf(ctx: TrpcContext): Request {
  if (!ctx.req) throw new DomainError('BAD_REQUEST', 'This call needs an HTTP request');
  return ctx.req;
}

@Injectable()
export class AuthRouter {
  constructor(private readonly auth: AuthService) {}

  readonly router = router({
    login: publicProcedure
      .input(loginInputSchema)
      .mutation(({ ctx, input }) => this.auth.login(requestOf(ctx), input.email, input.password)),
    adminCheck: publicProcedure.query(({ ctx }) => this.auth.adminCheck(ctx.req?.user)),
    logout: publicProcedure.mutation(({ ctx }) => this.auth.logout(requestOf(ctx))),
    me: signedInProcedure.query(({ ctx }) => this.auth.me(ctx.user)),
    updateProfile: signedInProcedure
      .input(profileInputSchema)
      .mutation(({ ctx, input }) => this.auth.updateProfile(requestOf(ctx), ctx.user, input)),
    requestPassword: publicProcedure
      .input(requestPasswordInputSchema)
      .mutation(({ ctx, input }) => this.auth.requestPasswordReset(input.email, clientAddress(ctx.req))),
    resetPassword: publicProcedure
      .input(resetPasswordInputSchema)
      .mutation(({ input }) => this.auth.resetPassword(input.token, input.new_password)),
  });
}
