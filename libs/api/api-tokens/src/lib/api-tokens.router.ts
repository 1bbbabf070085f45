import { Injectable } from '@nestjs/common';
import { apiTokenCreateInputSchema, idInputSchema } from '@blog/contracts';
import { adminProcedure, router } from '@blog/api/http';
import { ApiTokensService } from './api-tokens.service';

/**
 * `apiTokens.*`: the signed-in administrator's own tokens, through tRPC only (no REST route: tokens
 * are managed from the profile, and no token may manage tokens: these procedures name no scope).
 */
@Injectable()
export class ApiTokensRouter {
  constructor(private readonly tokens: ApiTokensService) {}

  readonly router = router({
    list: adminProcedure.query(({ ctx }) => this.tokens.list(ctx.user.id)),
    create: adminProcedure
      .input(apiTokenCreateInputSchema)
      .mutation(({ ctx, input }) => this.tokens.create(ctx.user.id, input)),
    revoke: adminProcedure.input(idInputSchema).mutation(({ ctx, input }) => this.tokens.revoke(ctx.user.id, input.id)),
  });
}
