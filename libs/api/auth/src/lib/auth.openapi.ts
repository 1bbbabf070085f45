import { z } from 'zod';
import {
  activeSessionSchema,
  adminCheckSchema,
  loginResponseSchema,
  okSchema,
  recoveryCodesSchema,
  secondFactorRequiredSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

const SET_COOKIE = { 'Set-Cookie': { description: 'The session cookie.' } };

export const authApi = describeRoutes(
  'Auth',
  {
    'POST /api/auth/login': {
      summary: 'Sign in with e-mail and password (sets the session cookie)',
      answers: {
        200: { schema: loginResponseSchema, headers: SET_COOKIE },
        202: {
          description: 'A second factor is needed: `POST /api/auth/second-factor`',
          schema: secondFactorRequiredSchema,
        },
      },
      errors: [401, 429],
    },
    'POST /api/auth/second-factor': {
      summary: 'The second step of signing in: an authenticator or recovery code',
      answers: { 200: { schema: loginResponseSchema, headers: SET_COOKIE } },
      errors: [401, 409, 429],
    },
    'GET /api/auth/two-factor': {
      summary: 'Whether two-factor sign-in is on',
      answers: { 200: twoFactorStatusSchema },
    },
    'POST /api/auth/two-factor/setup': {
      summary: 'Begin two-factor set-up (with the current password)',
      answers: { 200: twoFactorSetupSchema },
      errors: [409, 429],
    },
    'POST /api/auth/two-factor/confirm': {
      summary: 'Confirm two-factor set-up with a first code (answers the recovery codes, once)',
      answers: { 200: recoveryCodesSchema },
      errors: [409, 429],
    },
    'POST /api/auth/two-factor/disable': {
      summary: 'Turn two-factor sign-in off',
      answers: { 200: okSchema },
      errors: [409, 429],
    },
    'POST /api/auth/two-factor/recovery-codes': {
      summary: 'New recovery codes (the old ones stop working)',
      answers: { 200: recoveryCodesSchema },
      errors: [409, 429],
    },
    'POST /api/auth/isAdmin': {
      summary: 'Whether the session is an administrator',
      answers: { 200: adminCheckSchema },
    },
    'POST /api/auth/logout': { summary: 'Sign out (ends the session)', answers: { 200: okSchema } },
    'GET /api/auth/me': {
      summary: 'The signed-in user',
      answers: {
        200: z.object({
          id: z.number().int(),
          email: z.string(),
          name: z.string(),
          is_admin: z.union([z.literal(0), z.literal(1)]),
        }),
      },
    },
    'GET /api/auth/sessions': {
      summary: "The signed-in user's sessions",
      answers: { 200: z.array(activeSessionSchema) },
    },
    'DELETE /api/auth/sessions': {
      summary: 'End every other session of the signed-in user',
      answers: { 200: z.object({ status: z.literal(200), ended: z.number().int() }) },
    },
    'DELETE /api/auth/sessions/{id}': { summary: 'End one other session', answers: { 200: okSchema } },
    'PUT /api/auth/profile': {
      summary: 'Change the name and, with the current password, the password',
      answers: { 200: okSchema },
      errors: [429],
    },
    'POST /api/auth/request-password': {
      summary: 'Mail a password reset link (answers alike whether the address is known)',
      answers: { 200: okSchema },
      errors: [429],
    },
    'POST /api/auth/reset-password': {
      summary: 'Set a new password with a reset link',
      answers: { 200: okSchema },
      errors: [429],
    },
  },
  'Signing in with the session cookie, two-factor sign-in, the profile.',
);
