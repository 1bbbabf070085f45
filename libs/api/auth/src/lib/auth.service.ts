import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource, IsNull, MoreThan, Repository } from 'typeorm';
import {
  formatWait,
  OK,
  PASSWORD_RESET_LIMITS,
  RESET_TOKEN_TTL_SECONDS,
  SECOND_FACTOR_PENDING_SECONDS,
  type AdminCheck,
  type LoginResponse,
  type LoginResult,
  type Ok,
} from '@blog/contracts';
import { PasswordResetTokenEntity, UserEntity } from '@blog/api/data';
import {
  APP_CONFIG,
  clientAddress,
  DomainError,
  hashPassword,
  MailService,
  RateLimiter,
  SESSION_COOKIE,
  verifyPassword,
  type AppConfig,
  type SessionUser,
} from '@blog/api/core';
import { LoginLimiter } from './login-limiter';
import './pending-sign-in';
import { TwoFactorService } from './two-factor.service';

const WRONG_CREDENTIALS = 'Wrong e-mail or password';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Signing in and out, the admin check, the user's own profile and password reset. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');
  /** Verified against when the e-mail is unknown, so both failures take the same time. */
  private readonly decoyHash = hashPassword(randomBytes(16).toString('hex'));
  private readonly resetLimiter: RateLimiter<keyof typeof PASSWORD_RESET_LIMITS>;
  /**
   * The session change under way for a request. A tRPC batch runs its calls at once: two sign-outs,
   * or a sign-in beside one, would race inside Passport and express-session (a crash, a 500), so
   * they take turns.
   */
  private readonly sessionChanges = new WeakMap<Request, Promise<unknown>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly dataSource: DataSource,
    private readonly limiter: LoginLimiter,
    private readonly mail: MailService,
    private readonly twoFactor: TwoFactorService,
  ) {
    this.resetLimiter = new RateLimiter(
      dataSource,
      'password-reset',
      PASSWORD_RESET_LIMITS,
      (seconds) => `Too many password reset requests. Please try again in ${formatWait(seconds)}.`,
    );
  }

  async login(req: Request, email: string, password: string): Promise<LoginResult> {
    const address = clientAddress(req);
    await this.limiter.check(email, address);
    const user = await this.users.findOne({
      where: { email },
      select: ['id', 'email', 'name', 'is_admin', 'password_hash'],
    });
    const valid = await verifyPassword(user?.password_hash ?? (await this.decoyHash), password);
    if (!user || !valid) {
      await this.limiter.failed(email, address);
      throw new DomainError('UNAUTHORIZED', WRONG_CREDENTIALS);
    }
    await this.limiter.succeeded(email);
    if (await this.twoFactor.isEnabled(user.id)) {
      const pending = { userId: user.id, until: this.twoFactor.pendingUntil() };
      await this.inTurn(req, async () => {
        const session = this.sessionOf(req);
        // A new session that signs nobody in (whoever this one signed in is signed out): only the code completes it.
        await new Promise<void>((resolve, reject) => session.regenerate((error) => (error ? reject(error) : resolve())));
        req.session.pendingSignIn = pending;
      });
      return { status: 202, second_factor_required: true, expires_in_seconds: SECOND_FACTOR_PENDING_SECONDS };
    }
    return this.signIn(req, user);
  }

  /**
   * The second step of signing in with two-factor: a code of the user whose password this session
   * passed within `SECOND_FACTOR_PENDING_SECONDS`. 401 without such a session, or for a wrong code.
   */
  async verifySecondFactor(req: Request, code: string): Promise<LoginResponse> {
    const pending = req.session?.pendingSignIn;
    if (!pending || pending.until <= this.twoFactor.clock()) {
      if (pending) delete req.session.pendingSignIn;
      throw new DomainError('UNAUTHORIZED', 'Sign in with your e-mail and password first: the code must follow within 5 minutes');
    }
    await this.twoFactor.verifySignIn(pending.userId, code, clientAddress(req));
    const user = await this.users.findOne({ where: { id: pending.userId }, select: ['id', 'email', 'name', 'is_admin'] });
    if (!user) throw new DomainError('UNAUTHORIZED', WRONG_CREDENTIALS);
    return this.signIn(req, user);
  }

  private async signIn(req: Request, user: Pick<UserEntity, 'id' | 'email' | 'name' | 'is_admin'>): Promise<LoginResponse> {
    const sessionUser: SessionUser = { id: user.id, email: user.email, name: user.name, is_admin: user.is_admin };
    await this.inTurn(req, async () => {
      this.sessionOf(req);
      // Passport regenerates the session here: the signed-in session never reuses an earlier id
      // (nor keeps a pending sign-in).
      await new Promise<void>((resolve, reject) => req.logIn(sessionUser, (error) => (error ? reject(error) : resolve())));
    });
    return { status: 200, email: user.email, is_admin: user.is_admin ? 1 : 0, name: user.name };
  }

  private sessionOf(req: Request) {
    if (!req.session) throw new DomainError('CONFLICT', 'This request has just signed out: sign in with a request of its own');
    return req.session;
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

  private inTurn<T>(req: Request, change: () => Promise<T>): Promise<T> {
    const turn = (this.sessionChanges.get(req) ?? Promise.resolve())
      .catch(() => undefined)
      .then(change);
    this.sessionChanges.set(req, turn);
    return turn;
  }

  /** Decided from the session only; whatever e-mail the caller sends is ignored. */
  adminCheck(user: SessionUser | undefined): AdminCheck {
    return user ? { is_admin: user.is_admin ? 1 : 0, name: user.name } : { is_admin: 0, name: '' };
  }

  me(user: SessionUser) {
    return { id: user.id, email: user.email, name: user.name, is_admin: user.is_admin ? (1 as const) : (0 as const) };
  }

  /** Name and, with the current password, a new password; other sessions end when it changes. */
  async updateProfile(
    req: Request,
    user: SessionUser,
    input: { name: string; current_password?: string; new_password?: string },
  ): Promise<Ok> {
    const changes: Partial<UserEntity> = { name: input.name };
    if (input.new_password) {
      const stored = await this.users.findOneOrFail({ where: { id: user.id }, select: ['id', 'password_hash'] });
      if (!(await verifyPassword(stored.password_hash, input.current_password ?? ''))) {
        throw DomainError.invalid([{ field: 'current_password', message: 'The current password is wrong' }]);
      }
      changes.password_hash = await hashPassword(input.new_password);
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.update(UserEntity, { id: user.id }, changes);
      if (input.new_password) await this.endSessions(manager, user.id, req.sessionID);
    });
    return OK;
  }

  /**
   * Answers OK whether the e-mail is known or not (no account enumeration). For a known e-mail, a
   * random single-use token, stored hashed, valid for an hour, is mailed as a link to /reset-password.
   * Past `PASSWORD_RESET_LIMITS` for the client's address or for the e-mail (counted alike for
   * unknown ones, so a refusal reveals nothing either), 429 and nothing is mailed.
   */
  async requestPasswordReset(email: string, address: string): Promise<Ok> {
    await this.resetLimiter.consume({ perAddress: address, perEmail: email });
    const user = await this.users.findOne({ where: { email }, select: ['id', 'email', 'name'] });
    if (!user) return OK;
    const token = randomBytes(32).toString('base64url');
    await this.dataSource.getRepository(PasswordResetTokenEntity).insert({
      user_id: user.id,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + RESET_TOKEN_TTL_SECONDS * 1000),
      used_at: null,
    });
    const link = `${this.config.siteUrl}/reset-password?token=${token}`;
    await this.mail.send({
      to: user.email,
      subject: 'Set a new password',
      text:
        `Hello ${user.name},\n\nSomeone (hopefully you) asked to set a new password for ${this.config.siteUrl}.\n` +
        `Open this link within an hour to choose it:\n\n${link}\n\nIf it was not you, ignore this mail: nothing changes.`,
    });
    this.logger.log(`Password reset requested for user ${user.id}`);
    return OK;
  }

  /** Sets the new password, spends the token (and every other one of the user), ends all their sessions. */
  async resetPassword(token: string, newPassword: string): Promise<Ok> {
    const passwordHash = await hashPassword(newPassword);
    await this.dataSource.transaction(async (manager) => {
      const record = await manager.findOne(PasswordResetTokenEntity, {
        where: { token_hash: sha256(token), used_at: IsNull(), expires_at: MoreThan(new Date()) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!record) {
        throw DomainError.invalid([{ field: 'token', message: 'The reset link is invalid, used or expired' }]);
      }
      await manager.update(UserEntity, { id: record.user_id }, { password_hash: passwordHash });
      await manager.update(PasswordResetTokenEntity, { user_id: record.user_id, used_at: IsNull() }, { used_at: new Date() });
      await this.endSessions(manager, record.user_id);
    });
    return OK;
  }

  private async endSessions(manager: DataSource['manager'], userId: number, keepSessionId?: string): Promise<void> {
    await manager.query(
      `DELETE FROM sessions WHERE (sess::jsonb #>> '{passport,user}') = $1 AND sid IS DISTINCT FROM $2`,
      [String(userId), keepSessionId ?? null],
    );
  }
}
