import { z } from 'zod';
import { textInput } from './text.schema';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

export const emailSchema = textInput({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required' })
  .max(254, { error: 'Email must be at most 254 characters' })
  .pipe(z.email({ error: 'Email must be a valid e-mail address' }));

export const newPasswordSchema = textInput({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` });

export const loginInputSchema = z.object({
  email: emailSchema,
  password: textInput({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.input<typeof loginInputSchema>;

/** The spec's login answer: `is_admin` 1 means administrator. */
export const loginResponseSchema = z.object({
  status: z.literal(200),
  email: z.string(),
  is_admin: z.union([z.literal(0), z.literal(1)]),
  name: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The spec's admin check answer, decided from the session only. */
export const adminCheckSchema = z.object({
  is_admin: z.union([z.literal(0), z.literal(1)]),
  name: z.string(),
});
export type AdminCheck = z.infer<typeof adminCheckSchema>;

export const requestPasswordInputSchema = z.object({ email: emailSchema });

export const resetPasswordInputSchema = z
  .object({
    token: textInput({ error: 'The reset link is invalid' })
      .trim()
      .min(1, { error: 'The reset link is invalid' })
      .max(200),
    new_password: newPasswordSchema,
    password_repeat: textInput({ error: 'Repeat the password' }),
  })
  .refine((input) => input.new_password === input.password_repeat, {
    path: ['password_repeat'],
    error: 'The passwords do not match',
  });
export type ResetPasswordInput = z.input<typeof resetPasswordInputSchema>;

/** The signed-in user's own profile ('Thông tin cá nhân'): a new password needs the current one. */
export const profileInputSchema = z
  .object({
    name: textInput().trim().min(1, { error: 'Name is required' }).max(200),
    current_password: textInput().max(PASSWORD_MAX_LENGTH).optional(),
    new_password: newPasswordSchema.optional(),
  })
  .refine((input) => !input.new_password || Boolean(input.current_password), {
    path: ['current_password'],
    error: 'Enter your current password to set a new one',
  });
export type ProfileInput = z.input<typeof profileInputSchema>;

/** One of the signed-in user's sessions, as the profile's Active sessions list shows it. */
export const activeSessionSchema = z.object({
  /** An opaque id (a hash of the session id: the session id itself never leaves the server). */
  id: z.string(),
  /** Browser and system, as read from the User-Agent at sign-in ('Unknown device' without one). */
  device: z.string(),
  /** The address last seen (the proxy's client address when TRUST_PROXY is set). */
  address: z.string(),
  signed_in_at: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  /** The session of this request (this device). */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/** The id of a session to end: as `activeSessionSchema.id` gives it (64 hex digits). */
export const sessionIdInputSchema = z.object({
  id: textInput({ error: 'Session id is required' }).regex(/^[0-9a-f]{64}$/, {
    error: 'Session id must be 64 hexadecimal digits',
  }),
});
