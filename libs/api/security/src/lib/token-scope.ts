import { SetMetadata } from '@nestjs/common';
import type { ApiTokenScope } from '@blog/contracts';

/** Metadata key read by the token guard (to refuse) and by the OpenAPI document (to describe security). */
export const TOKEN_SCOPE_KEY = 'blog:token-scope';

/** REST: the scope an API token needs to call this route. A route without it refuses every token. */
export const TokenScope = (scope: ApiTokenScope) => SetMetadata(TOKEN_SCOPE_KEY, scope);
