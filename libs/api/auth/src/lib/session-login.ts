import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { type LoginResponse, type LoginResult, OK, type Ok } from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import { clientAddress, SESSION_COOKIE, type SessionUser } from '@blog/api/security';
import { AuthService } from './auth.service';
import './pending-sign-in';

/**
 * The session side of signing in and out, for both doors (REST and tRPC): `AuthService` decides
 * from plain values who signs in; this puts that into the request's Passport session, or ends it.
 */
@Injectable()
export class SessionLogin {
  /**
   * The session change under way for a request. A tRPC batch runs its calls at once: two sign-outs,
   * or a sign-in beside one, would race inside Passport and express-session (a crash, a 500), so
   * they take turns.
   */
  private readonly changes = new WeakMap<Request, Promise<unknown>>();

  constructor(private readonly auth: AuthService) {}

  async login(req: Request, email: string, password: string): Promise<LoginResult> {
    const outcome = await this.auth.login(email, password, clientAddress(req));
    if ('pending' in outcome) {
      await this.inTurn(req, async () => {
        const session = this.sessionOf(req);
        // A new session that signs nobody in (whoever this one signed in is signed out): only the code completes it.
        await new Promise<void>((resolve, reject) =>
          session.regenerate((error) => (error ? reject(error) : resolve())),
        );
        req.session.pendingSignIn = outcome.pending;
      });
      return outcome.answer;
    }
    return this.signIn(req, outcome.user, outcome.answer);
  }

  /** The second step of signing in with two-factor, for the sign-in this session has pending. */
  async verifySecondFactor(req: Request, code: string): Promise<LoginResponse> {
    const pending = req.session?.pendingSignIn;
    const live = pending && this.auth.isLive(pending) ? pending : undefined;
    if (pending && !live) delete req.session.pendingSignIn;
    const outcome = await this.auth.verifySecondFactor(live, code, clientAddress(req));
    return this.signIn(req, outcome.user, outcome.answer);
  }

  logout(req: Request): Promise<Ok> {
    return this.inTurn(req, async () => {
      // Already ended by an earlier call of the same request.
      if (!req.session) return OK;
      await new Promise<void>((resolve, reject) => req.logOut((error) => (error ? reject(error) : resolve())));
      await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
      req.res?.clearCookie(SESSION_COOKIE);
      return OK;
    });
  }

  private async signIn(req: Request, user: SessionUser, answer: LoginResponse): Promise<LoginResponse> {
    await this.inTurn(req, async () => {
      this.sessionOf(req);
      // Passport regenerates the session here: the signed-in session never reuses an earlier id
      // (nor keeps a pending sign-in).
      await new Promise<void>((resolve, reject) => req.logIn(user, (error) => (error ? reject(error) : resolve())));
    });
    return answer;
  }

  private sessionOf(req: Request) {
    if (!req.session)
      throw new DomainError('CONFLICT', 'This request has just signed out: sign in with a request of its own');
    return req.session;
  }

  private inTurn<T>(req: Request, change: () => Promise<T>): Promise<T> {
    const turn = (this.changes.get(req) ?? Promise.resolve()).catch(() => undefined).then(change);
    this.changes.set(req, turn);
    return turn;
  }
}
