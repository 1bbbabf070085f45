import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import {
  loginInputSchema,
  profileInputSchema,
  requestPasswordInputSchema,
  resetPasswordInputSchema,
  secondFactorCodeInputSchema,
  sessionIdInputSchema,
  totpCodeInputSchema,
  twoFactorSetupInputSchema,
} from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import { clientAddress } from '@blog/api/security';
import { router, sessionProcedure, signedInProcedure, type TrpcContext } from '@blog/api/http';
import { AuthService } from './auth.service';
import { SessionLogin } from './session-login';
import { SessionsService } from './sessions.service';
import { TwoFactorService } from './two-factor.service';

function requestOf(ctx: TrpcContext): Request {
  if (!ctx.req) throw new DomainError('BAD_REQUEST', 'This call needs an HTTP request');
  return ctx.req;
}

@Injectable()
export class AuthRouter {
  constructor(
    private readonly auth: AuthService,
    private readonly sessionLogin: SessionLogin,
    private readonly sessions: SessionsService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  readonly router = router({
    login: sessionProcedure
      .input(loginInputSchema)
      .mutation(({ ctx, input }) => this.sessionLogin.login(requestOf(ctx), input.email, input.password)),
    /** The same as `POST /api/auth/second-factor`. */
    verifySecondFactor: sessionProcedure
      .input(secondFactorCodeInputSchema)
      .mutation(({ ctx, input }) => this.sessionLogin.verifySecondFactor(requestOf(ctx), input.code)),
    adminCheck: sessionProcedure.query(({ ctx }) => this.auth.adminCheck(ctx.req?.user)),
    logout: sessionProcedure.mutation(({ ctx }) => this.sessionLogin.logout(requestOf(ctx))),
    me: signedInProcedure.query(({ ctx }) => this.auth.me(ctx.user)),
    updateProfile: signedInProcedure
      .input(profileInputSchema)
      .mutation(({ ctx, input }) => this.auth.updateProfile(ctx.user, input, requestOf(ctx).sessionID)),
    /** The same as `GET /api/auth/sessions`, `DELETE /api/auth/sessions/{id}` and `DELETE /api/auth/sessions`. */
    sessions: signedInProcedure.query(({ ctx }) => this.sessions.list(ctx.user.id, requestOf(ctx).sessionID)),
    endSession: signedInProcedure
      .input(sessionIdInputSchema)
      .mutation(({ ctx, input }) => this.sessions.end(ctx.user.id, requestOf(ctx).sessionID, input.id)),
    endOtherSessions: signedInProcedure.mutation(({ ctx }) =>
      this.sessions.endOthers(ctx.user.id, requestOf(ctx).sessionID),
    ),
    /** The same as `GET /api/auth/two-factor` and `POST /api/auth/two-factor/{setup,confirm,disable,recovery-codes}`. */
    twoFactor: signedInProcedure.query(({ ctx }) => this.twoFactor.status(ctx.user.id)),
    beginTwoFactorSetup: signedInProcedure
      .input(twoFactorSetupInputSchema)
      .mutation(({ ctx, input }) =>
        this.twoFactor.beginSetup(ctx.user, input.current_password, clientAddress(ctx.req)),
      ),
    confirmTwoFactorSetup: signedInProcedure
      .input(totpCodeInputSchema)
      .mutation(({ ctx, input }) => this.twoFactor.confirmSetup(ctx.user.id, input.code, clientAddress(ctx.req))),
    disableTwoFactor: signedInProcedure
      .input(secondFactorCodeInputSchema)
      .mutation(({ ctx, input }) => this.twoFactor.disable(ctx.user.id, input.code, clientAddress(ctx.req))),
    regenerateRecoveryCodes: signedInProcedure
      .input(secondFactorCodeInputSchema)
      .mutation(({ ctx, input }) =>
        this.twoFactor.regenerateRecoveryCodes(ctx.user.id, input.code, clientAddress(ctx.req)),
      ),
    requestPassword: sessionProcedure
      .input(requestPasswordInputSchema)
      .mutation(({ ctx, input }) => this.auth.requestPasswordReset(input.email, clientAddress(ctx.req))),
    resetPassword: sessionProcedure
      .input(resetPasswordInputSchema)
      .mutation(({ input }) => this.auth.resetPassword(input.token, input.new_password)),
  });
}
