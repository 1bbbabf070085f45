import { z } from 'zod';

/**
 * What an API token may do. Every REST route and tRPC procedure that a token may call names one scope; a token
 * outside its scopes is refused with 403 naming the scope it lacks. Routes that name none (sign-in, users,
 * two-factor, imports, backups, tokens themselves) are for the owner's session only.
 */
export const apiTokenScopes = ['content:read', 'content:write', 'uploads:write', 'messages:read'] as const;
export const apiTokenScopeSchema = z.enum(apiTokenScopes);
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;
