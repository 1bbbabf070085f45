import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  loginInputSchema,
  profileInputSchema,
  requestPasswordInputSchema,
  resetPasswordInputSchema,
  sessionIdInputSchema,
  type ProfileInput,
} from '@blog/contracts';
import { clientAddress, NoStore, requireUser, SignedInGuard, ZodValidationPipe } from '@blog/api/core';
import { AuthService } from './auth.service';
import { SessionsService } from './sessions.service';

/** The spec's auth calls (section 7); every POST answers 200 on success, as its client expects. None is stored. */
@Controller('auth')
@NoStore()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
  ) {}

  @Post('login')
  @HttpCode(200)
  login(@Req() req: Request, @Body(new ZodValidationPipe(loginInputSchema)) body: { email: string; password: string }) {
    return this.auth.login(req, body.email, body.password);
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
    return this.auth.logout(req);
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
    return this.auth.updateProfile(req, requireUser(req.user), body);
  }

  @Post('request-password')
  @HttpCode(200)
  requestPassword(@Req() req: Request, @Body(new ZodValidationPipe(requestPasswordInputSchema)) body: { email: string }) {
    return this.auth.requestPasswordReset(body.email, clientAddress(req));
  }

  @Post('reset-password')
  @HttpCode(200)
  resetPassword(
    @Body(new ZodValidationPipe(resetPasswordInputSchema)) body: { token: string; new_password: string },
  ) {
    return this.auth.resetPassword(body.token, body.new_password);
  }
}
