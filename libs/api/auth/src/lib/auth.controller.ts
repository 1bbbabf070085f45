import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  loginInputSchema,
  profileInputSchema,
  requestPasswordInputSchema,
  resetPasswordInputSchema,
  secondFactorCodeInputSchema,
  sessionIdInputSchema,
  totpCodeInputSchema,
  twoFactorSetupInputSchema,
  type ProfileInput,
} from '@blog/contracts';
import { clientAddress, NoStore, requireUser, SignedInGuard } from '@blog/api/security';
import { ZodValidationPipe } from '@blog/api/http';
import { AuthService } from './auth.service';
import { SessionLogin } from './session-login';
import { SessionsService } from './sessions.service';
import { TwoFactorService } from './two-factor.service';

/** The auth calls; every POST answers 200 on success, as the web client expects. None is stored. */
@Controller('auth')
@NoStore()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessionLogin: SessionLogin,
    private readonly sessions: SessionsService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /** 200 signed in; 202 `{second_factor_required: true}` when the user has two-factor sign-in (not signed in yet). */
  @Post('login')
  @HttpCode(200)
  async login(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodValidationPipe(loginInputSchema)) body: { email: string; password: string },
  ) {
    const result = await this.sessionLogin.login(req, body.email, body.password);
    if (result.status === 202) res.status(202);
    return result;
  }

  /** The second step of signing in: a code of the authenticator app or a recovery code. */
  @Post('second-factor')
  @HttpCode(200)
  verifySecondFactor(
    @Req() req: Request,
    @Body(new ZodValidationPipe(secondFactorCodeInputSchema)) body: { code: string },
  ) {
    return this.sessionLogin.verifySecondFactor(req, body.code);
  }

  /** Whether the signed-in user has two-factor sign-in, and how many recovery codes are left. */
  @Get('two-factor')
  @UseGuards(SignedInGuard)
  twoFactorStatus(@Req() req: Request) {
    return this.twoFactor.status(requireUser(req.user).id);
  }

  /** With the current password: a new secret to add to the app (not active until confirmed). */
  @Post('two-factor/setup')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  beginTwoFactorSetup(
    @Req() req: Request,
    @Body(new ZodValidationPipe(twoFactorSetupInputSchema)) body: { current_password: string },
  ) {
    return this.twoFactor.beginSetup(requireUser(req.user), body.current_password, clientAddress(req));
  }

  /** A first code of the app turns two-factor on; answers the recovery codes, once. */
  @Post('two-factor/confirm')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  confirmTwoFactorSetup(@Req() req: Request, @Body(new ZodValidationPipe(totpCodeInputSchema)) body: { code: string }) {
    return this.twoFactor.confirmSetup(requireUser(req.user).id, body.code, clientAddress(req));
  }

  @Post('two-factor/disable')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  disableTwoFactor(
    @Req() req: Request,
    @Body(new ZodValidationPipe(secondFactorCodeInputSchema)) body: { code: string },
  ) {
    return this.twoFactor.disable(requireUser(req.user).id, body.code, clientAddress(req));
  }

  @Post('two-factor/recovery-codes')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  regenerateRecoveryCodes(
    @Req() req: Request,
    @Body(new ZodValidationPipe(secondFactorCodeInputSchema)) body: { code: string },
  ) {
    return this.twoFactor.regenerateRecoveryCodes(requireUser(req.user).id, body.code, clientAddress(req));
  }

  /** The body's e-mail (sent by the spec's client) is ignored: only the session counts. */
  @Post('isAdmin')
  @HttpCode(200)
  isAdmin(@Req() req: Request) {
    return this.auth.adminCheck(req.user);
  }

  @Post('logout')
  @HttpCode(200)
  logout(@Req() req: Request) {
    return this.sessionLogin.logout(req);
  }

  @Get('me')
  @UseGuards(SignedInGuard)
  me(@Req() req: Request) {
    return this.auth.me(requireUser(req.user));
  }

  /** The signed-in user's sessions (the profile's Active sessions); not in the spec. */
  @Get('sessions')
  @UseGuards(SignedInGuard)
  listSessions(@Req() req: Request) {
    return this.sessions.list(requireUser(req.user).id, req.sessionID);
  }

  /** Ends every other session of the signed-in user. */
  @Delete('sessions')
  @UseGuards(SignedInGuard)
  endOtherSessions(@Req() req: Request) {
    return this.sessions.endOthers(requireUser(req.user).id, req.sessionID);
  }

  /** Ends one other session of the signed-in user (`id` from the list). */
  @Delete('sessions/:id')
  @UseGuards(SignedInGuard)
  endSession(@Req() req: Request, @Param('id', new ZodValidationPipe(sessionIdInputSchema.shape.id, 'id')) id: string) {
    return this.sessions.end(requireUser(req.user).id, req.sessionID, id);
  }

  @Put('profile')
  @UseGuards(SignedInGuard)
  updateProfile(@Req() req: Request, @Body(new ZodValidationPipe(profileInputSchema)) body: ProfileInput) {
    return this.auth.updateProfile(requireUser(req.user), body, req.sessionID);
  }

  @Post('request-password')
  @HttpCode(200)
  requestPassword(
    @Req() req: Request,
    @Body(new ZodValidationPipe(requestPasswordInputSchema)) body: { email: string },
  ) {
    return this.auth.requestPasswordReset(body.email, clientAddress(req));
  }

  @Post('reset-password')
  @HttpCode(200)
  resetPassword(@Body(new ZodValidationPipe(resetPasswordInputSchema)) body: { token: string; new_password: string }) {
    return this.auth.resetPassword(body.token, body.new_password);
  }
}
