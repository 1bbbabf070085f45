import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, MoreThan, Repository } from 'typeorm';
import {
  formatWait,
  OK,
  PASSWORD_RESET_LIMITS,
  RESET_TOKEN_TTL_SECONDS,
  SECOND_FACTOR_PENDING_SECONDS,
  type AdminCheck,
  type LoginResponse,
  type Ok,
  type SecondFactorRequired,
} from '@blog/contracts';
import { PasswordResetTokenEntity, readSiteIdentity, UserEntity } from '@blog/api/data';
import { APP_CONFIG, DomainError, newSecretToken, secretTokenHash, type AppConfig } from '@blog/api/core';
import { endUserSessions, hashPassword, RateLimiter, verifyPassword, type SessionUser } from '@blog/api/security';
import { MailService } from '@blog/api/mail';
import { LoginLimiter } from './login-limiter';
import type { PendingSignIn } from './pending-sign-in';
import { TwoFactorService } from './two-factor.service';

const WRONG_CREDENTIALS = 'Wrong e-mail or password';

/** Who signs in, and the sign-in's answer. */
export interface SignedIn {
  user: SessionUser;
  answer: LoginResponse;
}

/** A right password: who signs in or, with two-factor sign-in, the sign-in a code must complete. */
export type PasswordSignIn = SignedIn | { pending: PendingSignIn; answer: SecondFactorRequired };

function signedIn(user: Pick<UserEntity, 'id' | 'email' | 'name' | 'is_admin'>): SignedIn {
  return {
    user: { id: user.id, email: user.email, name: user.name, is_admin: user.is_admin },
    answer: { status: 200, email: user.email, is_admin: user.is_admin ? 1 : 0, name: user.name },
  };
}

/** Signing in and out, the admin check, the user's own profile and password reset. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');
  /** Verified against when the e-mail is unknown, so both failures take the same time. */
  private readonly decoyHash = hashPassword(randomBytes(16).toString('hex'));
  private readonly resetLimiter: RateLimiter<keyof typeof PASSWORD_RESET_LIMITS>;

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

  /**
   * Checks the password (rate-limited per e-mail and per client address). The answer says who signs
   * in or, for a user with two-factor sign-in, the sign-in a code must complete; the caller keeps
   * either in the session.
   */
  async login(email: string, password: string, address: string): Promise<PasswordSignIn> {
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
      return {
        pending: { userId: user.id, until: this.twoFactor.pendingUntil() },
        answer: { status: 202, second_factor_required: true, expires_in_seconds: SECOND_FACTOR_PENDING_SECONDS },
      };
    }
    return signedIn(user);
  }

  /** Whether a code may still complete `pending` (within `SECOND_FACTOR_PENDING_SECONDS` of the password). */
  isLive(pending: PendingSignIn): boolean {
    return pending.until > this.twoFactor.clock();
  }

  /**
   * The second step of signing in with two-factor: a code of the user whose password the session
   * passed, `pending` while it is live. 401 without one, or for a wrong code.
   */
  async verifySecondFactor(pending: PendingSignIn | undefined, code: string, address: string): Promise<SignedIn> {
    if (!pending) {
      throw new DomainError(
        'UNAUTHORIZED',
        `Sign in with your e-mail and password first: the code must follow within ${formatWait(SECOND_FACTOR_PENDING_SECONDS)}`,
      );
    }
    await this.twoFactor.verifySignIn(pending.userId, code, address);
    const user = await this.users.findOne({
      where: { id: pending.userId },
      select: ['id', 'email', 'name', 'is_admin'],
    });
    if (!user) throw new DomainError('UNAUTHORIZED', WRONG_CREDENTIALS);
    return signedIn(user);
  }

  /** Decided from the session only; whatever e-mail the caller sends is ignored. */
  adminCheck(user: SessionUser | undefined): AdminCheck {
    return user ? { is_admin: user.is_admin ? 1 : 0, name: user.name } : { is_admin: 0, name: '' };
  }

  me(user: SessionUser) {
    return { id: user.id, email: user.email, name: user.name, is_admin: user.is_admin ? (1 as const) : (0 as const) };
  }

  /** Name and, with the current password, a new password; the user's sessions but `sessionId` end when it changes. */
  async updateProfile(
    user: SessionUser,
    input: { name: string; current_password?: string; new_password?: string },
    sessionId: string,
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
      if (input.new_password) await endUserSessions(manager, user.id, sessionId);
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
    const token = newSecretToken();
    await this.dataSource.getRepository(PasswordResetTokenEntity).insert({
      user_id: user.id,
      token_hash: secretTokenHash(token),
      expires_at: new Date(Date.now() + RESET_TOKEN_TTL_SECONDS * 1000),
      used_at: null,
    });
    const link = `${this.config.siteUrl}/reset-password?token=${token}`;
    const site = await readSiteIdentity(this.dataSource.manager);
    await this.mail.send({
      to: user.email,
      fromName: site.site_name,
      subject: `Set a new password for ${site.site_name}`,
      text:
        `Hello ${user.name},\n\nSomeone (hopefully you) asked to set a new password for ${site.site_name} ` +
        `(${this.config.siteUrl}).\n` +
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
        where: { token_hash: secretTokenHash(token), used_at: IsNull(), expires_at: MoreThan(new Date()) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!record) {
        throw DomainError.invalid([{ field: 'token', message: 'The reset link is invalid, used or expired' }]);
      }
      await manager.update(UserEntity, { id: record.user_id }, { password_hash: passwordHash });
      await manager.update(
        PasswordResetTokenEntity,
        { user_id: record.user_id, used_at: IsNull() },
        { used_at: new Date() },
      );
      await endUserSessions(manager, record.user_id);
    });
    return OK;
  }
}
