import { Injectable } from '@nestjs/common';
import { generalInfoInputSchema, generalInfoUpdateInputSchema } from '@blog/contracts';
import { adminProcedure, publicProcedure, router } from '@blog/api/core';
import { SiteInfoService } from './site-info.service';

@Injectable()
export class SiteInfoRouter {
  constructor(private readonly siteInfo: SiteInfoService) {}

  readonly router = router({
    list: publicProcedure.query(() => this.siteInfo.list()),
    tags: publicProcedure.query(() => this.siteInfo.tags()),
    create: adminProcedure.input(generalInfoInputSchema).mutation(({ input }) => this.siteInfo.create(input)),
    update: adminProcedure
      .input(generalInfoUpdateInputSchema)
      .mutation(({ input: { id, ...fields } }) => this.siteInfo.update(id, fields)),
  });
}
