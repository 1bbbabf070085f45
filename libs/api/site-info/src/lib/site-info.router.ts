import { Injectable } from '@nestjs/common';
import { publicProcedure, router } from '@blog/api/core';
import { SiteInfoService } from './site-info.service';

@Injectable()
export class SiteInfoRouter {
  constructor(private readonly siteInfo: SiteInfoService) {}

  readonly router = router({
    list: publicProcedure.query(() => this.siteInfo.list()),
  });
}
