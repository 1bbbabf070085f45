import { z } from 'zod';
import { loginResponseSchema, PASSWORD_MAX_LENGTH } from './auth.schema';
import { textInput } from './text.schema';

/**
 * Two-factor sign-in with an authenticator app: TOTP (RFC 6238) as every app accepts it, SHA-1,
 * 6 digits, 30-second steps; a code of the step before or after is accepted too (clock skew).
 */
export const TOTP = { algorithm: 'SHA1', digits: 6, periodSeconds: 30, window: 1 } as const;
/** The issuer the authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Phuong Blog';

/** Recovery codes given at once, each usable once, shown as `abcde-fghij`. */
export const RECOVERY_CODE_COUNT = 10;
/** RFC 4648 base32 letters (no 0, 1, 8, 9: no 0/O or 1/l mix-ups): 10 of them are 50 random bits. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const RECOVERY_CODE_LENGTH = 10;

/** How long a session that passed the password waits for its second factor. */
export const SECOND_FACTOR_PENDING_SECONDS = 5 * 60;

const TOTP_CODE = new RegExp(`^\\d{${TOTP.digits}}$`);
const RECOVERY_CODE = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/** What is typed, as compared: no spaces or hyphens, lower case ("123 456" → "123456", "ABCDE-FGHIJ" → "abcdefghij"). */
export const normalizeSecondFactorCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
export const isTotpCode = (code: string) => TOTP_CODE.test(code);
export const isRecoveryCode = (code: string) => RECOVERY_CODE.test(code);
/** A recovery code as shown: `abcde-fghij`. */
export const formatRecoveryCode = (code: string) =>
  `${code.slice(0, RECOVERY_CODE_LENGTH / 2)}-${code.slice(RECOVERY_CODE_LENGTH / 2)}`;

const codeText = (error: string) => textInput({ error }).max(40, { error }).transform(normalizeSecondFactorCode);

/** A code from the authenticator app (confirming the set-up). */
export const totpCodeInputSchema = z.object({
  code: codeText('Enter the 6-digit code from your authenticator app').refine(isTotpCode, {
    error: 'Enter the 6-digit code from your authenticator app',
  }),
});
export type TotpCodeInput = z.input<typeof totpCodeInputSchema>;

/** A code from the app or a recovery code (signing in, turning two-factor off, new recovery codes). */
export const secondFactorCodeInputSchema = z.object({
  code: codeText('Enter the 6-digit code from your authenticator app or a recovery code').refine(
    (code) => isTotpCode(code) || isRecoveryCode(code),
    { error: 'Enter the 6-digit code from your authenticator app or a recovery code' },
  ),
});
export type SecondFactorCodeInput = z.input<typeof secondFactorCodeInputSchema>;

/** Starting the set-up asks for the password again. */
export const twoFactorSetupInputSchema = z.object({
  current_password: textInput({ error: 'Enter your current password' })
    .min(1, { error: 'Enter your current password' })
    .max(PASSWORD_MAX_LENGTH),
});
export type TwoFactorSetupInput = z.input<typeof twoFactorSetupInputSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes (0 while two-factor is off). */
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A set-up under way: what the app needs, as a QR code and as text for typing it in. */
export const twoFactorSetupSchema = z.object({
  /** The base32 secret, for entering it by hand. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a QR code: an SVG data URL. */
  qr_code: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** Recovery codes, shown once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({
  status: z.literal(200),
  recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** The password was right and the user has two-factor sign-in: a code completes the sign-in. */
export const secondFactorRequiredSchema = z.object({
  status: z.literal(202),
  second_factor_required: z.literal(true),
  expires_in_seconds: z.number().int(),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

/** What signing in with a password answers: signed in, or a code is needed. */
export const loginResultSchema = z.union([loginResponseSchema, secondFactorRequiredSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;
