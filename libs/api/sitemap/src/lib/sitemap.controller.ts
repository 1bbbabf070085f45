import { Controller, Get, Header } from '@nestjs/common';
import { SitemapService } from './sitemap.service';

@Controller()
export class SitemapController {
  constructor(private readonly sitemap: SitemapService) {}

  @Get('sitemap')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  xml() {
    return this.sitemap.xml();
  }
}
