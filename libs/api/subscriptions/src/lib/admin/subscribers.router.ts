import { Injectable } from '@nestjs/common';
import {
  subscriberGrowthInputSchema,
  subscriberImportInputSchema,
  subscriberRemoveInputSchema,
  subscribersQuerySchema,
  suppressionIdInputSchema,
} from '@blog/contracts';
import { adminProcedure, router, tokenScope } from '@blog/api/http';
import { SubscribersAdminService } from './subscribers-admin.service';

const readProcedure = adminProcedure.meta(tokenScope('subscribers:read'));
const writeProcedure = adminProcedure.meta(tokenScope('subscribers:write'));

/** The tRPC door (`subscribers.*` in the app router): the Subscribers screen, as REST's `/api/subscribers…`. */
@Injectable()
export class SubscribersRouter {
  constructor(private readonly admin: SubscribersAdminService) {}

  readonly router = router({
    list: readProcedure.input(subscribersQuerySchema).query(({ input }) => this.admin.list(input)),
    counts: readProcedure.query(() => this.admin.counts()),
    growth: readProcedure.input(subscriberGrowthInputSchema).query(({ input }) => this.admin.growth(input)),
    remove: writeProcedure.input(subscriberRemoveInputSchema).mutation(({ input }) => this.admin.remove(input)),
    restoreSuppression: writeProcedure
      .input(suppressionIdInputSchema)
      .mutation(({ input }) => this.admin.restoreSuppression(input.id)),
    import: writeProcedure
      .input(subscriberImportInputSchema)
      .mutation(({ input: { csv, ...options } }) => this.admin.import(csv, options)),
  });
}
