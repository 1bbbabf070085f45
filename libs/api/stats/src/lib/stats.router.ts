import { Injectable } from '@nestjs/common';
import { TRPCError } from '@trpc/server';
import {
  statsInquiriesSchema,
  statsPageSchema,
  statsPostViewsInputSchema,
  statsPostViewsSchema,
  statsRangeSchema,
  statsSearchSchema,
  statsSourceSchema,
  statsSummarySchema,
} from '@blog/contracts';
import { adminProcedure, router, tokenScope } from '@blog/api/http';

/** A placeholder with the `stats.*` procedures' types for the admin; the real router replaces this file. */
const notImplemented = (): never => {
  throw new TRPCError({ code: 'NOT_IMPLEMENTED', message: 'not implemented' });
};

@Injectable()
export class StatsRouter {
  private readonly range = adminProcedure.meta(tokenScope('stats:read')).input(statsRangeSchema);

  readonly router = router({
    summary: this.range.output(statsSummarySchema).query(notImplemented),
    pages: this.range.output(statsPageSchema.array()).query(notImplemented),
    sources: this.range.output(statsSourceSchema.array()).query(notImplemented),
    searches: this.range.output(statsSearchSchema.array()).query(notImplemented),
    inquiries: this.range.output(statsInquiriesSchema).query(notImplemented),
    postViews: adminProcedure
      .meta(tokenScope('stats:read'))
      .input(statsPostViewsInputSchema)
      .output(statsPostViewsSchema)
      .query(notImplemented),
  });
}
