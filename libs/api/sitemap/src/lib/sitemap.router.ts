import { Injectable } from '@nestjs/common';
import { publicProcedure, router, tokenScope } from '@blog/api/http';
import { SitemapService } from './sitemap.service';

@Injectable()
export class SitemapRouter {
  constructor(private readonly sitemap: SitemapService) {}

  readonly router = router({
    xml: publicProcedure.meta(tokenScope('content:read')).query(() => this.sitemap.xml()),
  });
}
