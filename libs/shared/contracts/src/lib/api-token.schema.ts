import { z } from 'zod';
import { textInput } from './text.schema';

/**
 * What an API token may do. Every REST route and tRPC procedure that a token may call names one scope; a token
 * outside its scopes is refused with 403 naming the scope it lacks. Routes that name none (sign-in, users,
 * two-factor, imports, backups, tokens themselves) are for the owner's session only.
 */
export const apiTokenScopes = [
  'content:read',
  'content:write',
  'uploads:write',
  'messages:read',
  'stats:read',
  'subscribers:read',
  'subscribers:write',
  'comments:read',
  'comments:write',
] as const;
export const apiTokenScopeSchema = z.enum(apiTokenScopes);
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** What a token's secret starts with, so that secret scanners (and people) recognise one that leaked. */
export const API_TOKEN_PREFIX = 'blog_';
/** `blog_` and 32 random bytes in base64url. */
export const API_TOKEN_PATTERN = /^blog_[A-Za-z0-9_-]{43}$/;
export const API_TOKEN_NAME_MAX_LENGTH = 100;
/** How many tokens one user may hold (revoked ones included until deleted with the user). */
export const API_TOKENS_PER_USER_MAX = 50;
/** "Last used" is written at most this often per token, not on every request. */
export const API_TOKEN_LAST_USED_EVERY_MS = 60_000;

/** tRPC `apiTokens.create`: a name, at least one scope, and an optional expiry in the future. */
export const apiTokenCreateInputSchema = z.object({
  name: textInput()
    .trim()
    .min(1, { error: 'Give the token a name' })
    .max(API_TOKEN_NAME_MAX_LENGTH, { error: `At most ${API_TOKEN_NAME_MAX_LENGTH} characters` }),
  scopes: z
    .array(apiTokenScopeSchema)
    .min(1, { error: 'Choose at least one scope' })
    .transform((scopes) => apiTokenScopes.filter((scope) => scopes.includes(scope))),
  /** Null or absent: the token never expires. */
  expires_at: textInput()
    .pipe(z.iso.datetime({ offset: true, error: 'must be a date and time with its offset' }))
    .refine((value) => Date.parse(value) > Date.now(), { error: 'must be in the future' })
    .nullable()
    .optional(),
});
export type ApiTokenCreateInput = z.input<typeof apiTokenCreateInputSchema>;

/** A token as the profile lists it: never its secret. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  /** The secret's first characters (`blog_AbCd`), to tell tokens apart. */
  hint: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** `apiTokens.create`'s answer: the token and its secret, shown this once and never again. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
