import { Injectable } from '@nestjs/common';
import { statsPostViewsInputSchema, statsRangeSchema } from '@blog/contracts';
import { adminProcedure, router, tokenScope } from '@blog/api/http';
import { StatsService } from './stats.service';

const statsProcedure = adminProcedure.meta(tokenScope('stats:read'));

/** The tRPC door (`stats.*` in the app router): the dashboard's reads, as the REST door's `/api/stats/*`. */
@Injectable()
export class StatsRouter {
  constructor(private readonly stats: StatsService) {}

  readonly router = router({
    summary: statsProcedure.input(statsRangeSchema).query(({ input }) => this.stats.summary(input)),
    pages: statsProcedure.input(statsRangeSchema).query(({ input }) => this.stats.pages(input)),
    sources: statsProcedure.input(statsRangeSchema).query(({ input }) => this.stats.sources(input)),
    searches: statsProcedure.input(statsRangeSchema).query(({ input }) => this.stats.searches(input)),
    inquiries: statsProcedure.input(statsRangeSchema).query(({ input }) => this.stats.inquiries(input)),
    /** Views of the last `STATS_POST_VIEWS_DAYS` days of each post asked for (the posts list, the editor). */
    postViews: statsProcedure.input(statsPostViewsInputSchema).query(({ input }) => this.stats.postViews(input.ids)),
  });
}
