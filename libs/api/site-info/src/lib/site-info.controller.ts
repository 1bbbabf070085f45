import { Controller, Get } from '@nestjs/common';
import { SiteInfoService } from './site-info.service';

@Controller()
export class SiteInfoController {
  constructor(private readonly siteInfo: SiteInfoService) {}

  @Get('gst-generalInfo')
  publicList() {
    return this.siteInfo.list();
  }

  @Get('generalInfo')
  list() {
    return this.siteInfo.list();
  }
}
