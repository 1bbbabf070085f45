import { randomInt } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Secret, TOTP as Totp } from 'otpauth';
import { toString as qrCodeOf } from 'qrcode';
import { DataSource, IsNull, Repository } from 'typeorm';
import {
  formatRecoveryCode,
  formatWait,
  isTotpCode,
  OK,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  SECOND_FACTOR_LIMITS,
  SECOND_FACTOR_PENDING_SECONDS,
  TOTP,
  TOTP_ISSUER,
  type Ok,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@blog/contracts';
import { RecoveryCodeEntity, rowsWritten, TwoFactorEntity, UserEntity } from '@blog/api/data';
import { APP_CONFIG, DomainError, type AppConfig } from '@blog/api/core';
import { RateLimiter, SecretBox, sessionSecretOf, verifyPassword } from '@blog/api/security';

type Manager = DataSource['manager'];

const WRONG_CODE = 'The code is wrong, expired or already used';
const SECRET_UNREADABLE =
  "Two-factor sign-in cannot check codes since the site's SESSION_SECRET changed: the site's operator must turn it off for this account (docs/operations/secrets.md), then set it up again";

/** The sealed secret's context: it opens for its own user only. */
const contextOf = (userId: number) => `user:${userId}`;

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238, through otpauth): the set-up
 * (password, then a first code), the check of a code at sign-in, turning it off and new recovery
 * codes. Every method takes plain values: the doors read the session and the client address.
 * Wrong codes (and wrong passwords at the set-up) count against `SECOND_FACTOR_LIMITS`, per user and
 * per address, in PostgreSQL; past them every attempt is a 429, right or not.
 */
@Injectable()
export class TwoFactorService {
  private readonly logger = new Logger('TwoFactor');
  /** Epoch milliseconds that codes are checked at; a spec moves it to step through time. */
  clock: () => number = () => Date.now();
  private readonly box: SecretBox;
  private readonly limiter: RateLimiter<keyof typeof SECOND_FACTOR_LIMITS>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(TwoFactorEntity) private readonly secrets: Repository<TwoFactorEntity>,
    private readonly dataSource: DataSource,
  ) {
    this.box = new SecretBox(sessionSecretOf(config), 'two-factor sign-in');
    this.limiter = new RateLimiter(
      dataSource,
      'second-factor',
      SECOND_FACTOR_LIMITS,
      (seconds) => `Too many wrong codes. Try again in ${formatWait(seconds)}.`,
    );
  }

  async status(userId: number): Promise<TwoFactorStatus> {
    const enabled = await this.isEnabled(userId);
    const recoveryCodesLeft = enabled
      ? await this.dataSource.getRepository(RecoveryCodeEntity).countBy({ user_id: userId, used_at: IsNull() })
      : 0;
    return { enabled, recovery_codes_left: recoveryCodesLeft };
  }

  async isEnabled(userId: number): Promise<boolean> {
    const row = await this.secrets.findOne({ where: { user_id: userId }, select: ['user_id', 'enabled_at'] });
    return Boolean(row?.enabled_at);
  }

  /** Until when (epoch milliseconds) a session that passed the password now may give its code. */
  pendingUntil(): number {
    return this.clock() + SECOND_FACTOR_PENDING_SECONDS * 1000;
  }

  /**
   * Checks the password, then keeps a new secret as a pending set-up (replacing an earlier pending
   * one): it guards nothing until `confirmSetup` gets a code of it. 409 while two-factor is on.
   */
  async beginSetup(
    user: { id: number; email: string },
    currentPassword: string,
    address: string,
  ): Promise<TwoFactorSetup> {
    const keys = this.keysOf(user.id, address);
    await this.limiter.check(keys);
    const stored = await this.users.findOneOrFail({ where: { id: user.id }, select: ['id', 'password_hash'] });
    if (!(await verifyPassword(stored.password_hash, currentPassword))) {
      await this.limiter.penalty(keys);
      throw DomainError.invalid([{ field: 'current_password', message: 'The current password is wrong' }]);
    }
    if (await this.isEnabled(user.id)) throw this.alreadyOn();
    const secret = new Secret({ size: 20 });
    const saved = await rowsWritten(
      this.dataSource,
      `INSERT INTO user_two_factor (user_id, secret) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_used_step = NULL, updated_at = now()
         WHERE user_two_factor.enabled_at IS NULL`,
      [user.id, this.box.seal(secret.base32, contextOf(user.id))],
    );
    // Turned on meanwhile, from another session.
    if (saved === 0) throw this.alreadyOn();
    const uri = this.totpOf(secret, user.email).toString();
    const svg = await qrCodeOf(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      secret: secret.base32,
      otpauth_uri: uri,
      qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /** A first code of the pending secret turns two-factor on; answers the recovery codes, shown once. */
  async confirmSetup(userId: number, code: string, address: string): Promise<RecoveryCodes> {
    const row = await this.rowOf(userId);
    if (!row) throw new DomainError('CONFLICT', 'Start the set-up first: no authenticator app is being set up');
    if (row.enabled_at) throw this.alreadyOn();
    await this.checkCode(
      userId,
      address,
      () => this.useTotp(row, code),
      () => this.wrongCodeField(),
    );
    return this.dataSource.transaction(async (manager) => {
      await manager.update(TwoFactorEntity, { user_id: userId }, { enabled_at: new Date() });
      return this.replaceRecoveryCodes(manager, userId);
    });
  }

  /** Turns two-factor off, with a code of the app or a recovery code. */
  async disable(userId: number, code: string, address: string): Promise<Ok> {
    const row = await this.enabledRowOf(userId);
    await this.checkCode(
      userId,
      address,
      () => this.useCode(row, code),
      () => this.wrongCodeField(),
    );
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(RecoveryCodeEntity, { user_id: userId });
      await manager.delete(TwoFactorEntity, { user_id: userId });
    });
    return OK;
  }

  /** New recovery codes (the earlier ones stop working), with a code of the app or a recovery code. */
  async regenerateRecoveryCodes(userId: number, code: string, address: string): Promise<RecoveryCodes> {
    const row = await this.enabledRowOf(userId);
    await this.checkCode(
      userId,
      address,
      () => this.useCode(row, code),
      () => this.wrongCodeField(),
    );
    return this.dataSource.transaction((manager) => this.replaceRecoveryCodes(manager, userId));
  }

  /** The second step of signing in: a right code (each step once) or an unused recovery code, else 401. */
  async verifySignIn(userId: number, code: string, address: string): Promise<void> {
    const row = await this.rowOf(userId);
    // Turned off since the password was checked: the password alone signs in now.
    if (!row?.enabled_at) throw new DomainError('UNAUTHORIZED', 'Sign in with your password again');
    await this.checkCode(
      userId,
      address,
      () => this.useCode(row, code),
      () => new DomainError('UNAUTHORIZED', WRONG_CODE),
    );
  }

  private keysOf(userId: number, address: string) {
    return { perUser: String(userId), perAddress: address };
  }

  private async checkCode(
    userId: number,
    address: string,
    use: () => Promise<boolean>,
    wrong: () => DomainError,
  ): Promise<void> {
    const keys = this.keysOf(userId, address);
    await this.limiter.check(keys);
    if (!(await use())) {
      await this.limiter.penalty(keys);
      throw wrong();
    }
    await this.limiter.reset({ perUser: keys.perUser });
  }

  private useCode(row: TwoFactorEntity, code: string): Promise<boolean> {
    return isTotpCode(code) ? this.useTotp(row, code) : this.useRecoveryCode(row.user_id, code);
  }

  /**
   * A code of the step before, at or after now, whose step is later than the last one accepted: that
   * step is recorded in the same statement, so a code (or an older one) is never accepted twice,
   * even by two requests at once.
   */
  private async useTotp(row: TwoFactorEntity, code: string): Promise<boolean> {
    const totp = this.totpOf(Secret.fromBase32(this.openSecret(row)), '');
    const now = this.clock();
    const delta = totp.validate({ token: code, timestamp: now, window: TOTP.window });
    if (delta === null) return false;
    const step = totp.counter({ timestamp: now }) + delta;
    const used = await rowsWritten(
      this.dataSource,
      `UPDATE user_two_factor SET last_used_step = $2, updated_at = now()
       WHERE user_id = $1 AND (last_used_step IS NULL OR last_used_step < $2)`,
      [row.user_id, step],
    );
    return used === 1;
  }

  /**
   * The app's secret. It no longer opens once the session secret it was sealed under has changed:
   * a 409 that says so (the recovery codes, keyed the same way, fail too), never a 500.
   */
  private openSecret(row: TwoFactorEntity): string {
    try {
      return this.box.open(row.secret, contextOf(row.user_id));
    } catch {
      this.logger.error(
        `The two-factor secret of user ${row.user_id} does not open: SESSION_SECRET changed since it was set up`,
      );
      throw new DomainError('CONFLICT', SECRET_UNREADABLE);
    }
  }

  /** Spends an unused recovery code, in one statement (two requests at once spend it once). */
  private async useRecoveryCode(userId: number, code: string): Promise<boolean> {
    const used = await rowsWritten(
      this.dataSource,
      `UPDATE user_recovery_codes SET used_at = now(), updated_at = now()
       WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL`,
      [userId, this.box.digest(code)],
    );
    return used === 1;
  }

  private async replaceRecoveryCodes(manager: Manager, userId: number): Promise<RecoveryCodes> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
      Array.from(
        { length: RECOVERY_CODE_LENGTH },
        () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
      ).join(''),
    );
    await manager.delete(RecoveryCodeEntity, { user_id: userId });
    await manager.insert(
      RecoveryCodeEntity,
      codes.map((code) => ({ user_id: userId, code_hash: this.box.digest(code), used_at: null })),
    );
    return { status: 200, recovery_codes: codes.map(formatRecoveryCode) };
  }

  private totpOf(secret: Secret, label: string): Totp {
    return new Totp({
      issuer: TOTP_ISSUER,
      label,
      secret,
      algorithm: TOTP.algorithm,
      digits: TOTP.digits,
      period: TOTP.periodSeconds,
    });
  }

  private rowOf(userId: number): Promise<TwoFactorEntity | null> {
    return this.secrets.findOne({
      where: { user_id: userId },
      select: ['user_id', 'secret', 'enabled_at', 'last_used_step'],
    });
  }

  private async enabledRowOf(userId: number): Promise<TwoFactorEntity> {
    const row = await this.rowOf(userId);
    if (!row?.enabled_at) throw new DomainError('CONFLICT', 'Two-factor sign-in is off');
    return row;
  }

  private alreadyOn(): DomainError {
    return new DomainError('CONFLICT', 'Two-factor sign-in is already on: turn it off first to set up another app');
  }

  private wrongCodeField(): DomainError {
    return DomainError.invalid([{ field: 'code', message: WRONG_CODE }]);
  }
}
