import { Injectable } from '@nestjs/common';
import { generalInfoInputSchema, generalInfoUpdateInputSchema } from '@blog/contracts';
import { adminProcedure, changeOriginOf, publicProcedure, router, tokenScope } from '@blog/api/http';
import { SiteInfoService } from './site-info.service';

@Injectable()
export class SiteInfoRouter {
  constructor(private readonly siteInfo: SiteInfoService) {}

  readonly router = router({
    list: publicProcedure.meta(tokenScope('content:read')).query(() => this.siteInfo.list()),
    /** With the moderation's rules, which `list` (public) leaves out. */
    adminList: adminProcedure.meta(tokenScope('content:read')).query(() => this.siteInfo.adminList()),
    tags: publicProcedure.meta(tokenScope('content:read')).query(() => this.siteInfo.tags()),
    create: adminProcedure
      .meta(tokenScope('content:write'))
      .input(generalInfoInputSchema)
      .mutation(({ input, ctx }) => this.siteInfo.create(input, changeOriginOf(ctx.req, 'trpc'))),
    /** With `version`: written only over that version, else CONFLICT with `data.conflict` (`{current, changed}`). */
    update: adminProcedure
      .meta(tokenScope('content:write'))
      .input(generalInfoUpdateInputSchema)
      .mutation(({ input: { id, version, ...fields }, ctx }) =>
        this.siteInfo.update(id, fields, changeOriginOf(ctx.req, 'trpc'), version),
      ),
  });
}
