import { Controller, Get } from '@nestjs/common';
import { AboutService } from './about.service';

@Controller()
export class AboutController {
  constructor(private readonly about: AboutService) {}

  @Get('gst-about')
  publicList() {
    return this.about.list();
  }

  @Get('about')
  list() {
    return this.about.list();
  }
}
