import { Injectable } from '@nestjs/common';
import { publicProcedure, router } from '@blog/api/core';
import { SitemapService } from './sitemap.service';

@Injectable()
export class SitemapRouter {
  constructor(private readonly sitemap: SitemapService) {}

  readonly router = router({
    xml: publicProcedure.query(() => this.sitemap.xml()),
  });
}
