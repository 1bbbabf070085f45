import { Injectable } from '@nestjs/common';
import { aboutInputSchema, aboutUpdateInputSchema, langInputSchema } from '@blog/contracts';
import { adminProcedure, changeOriginOf, publicProcedure, router, tokenScope } from '@blog/api/http';
import { AboutService } from './about.service';

@Injectable()
export class AboutRouter {
  constructor(private readonly about: AboutService) {}

  readonly router = router({
    /** The stored content, for the admin's editor (`GET /api/about`). */
    list: publicProcedure.meta(tokenScope('content:read')).query(() => this.about.list()),
    /** What the public About page shows (`GET /api/gst-about`). */
    publicList: publicProcedure
      .meta(tokenScope('content:read'))
      .input(langInputSchema)
      .query(({ input }) => this.about.publicList(input.lang)),
    create: adminProcedure
      .meta(tokenScope('content:write'))
      .input(aboutInputSchema)
      .mutation(({ input, ctx }) => this.about.create(input, changeOriginOf(ctx.req, 'trpc'))),
    /** With `version`: written only over that version, else CONFLICT with `data.conflict` (`{current, changed}`). */
    update: adminProcedure
      .meta(tokenScope('content:write'))
      .input(aboutUpdateInputSchema)
      .mutation(({ input, ctx }) => this.about.update(input.id, input, changeOriginOf(ctx.req, 'trpc'), input.version)),
  });
}
