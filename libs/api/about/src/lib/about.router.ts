import { Injectable } from '@nestjs/common';
import { publicProcedure, router } from '@blog/api/core';
import { AboutService } from './about.service';

@Injectable()
export class AboutRouter {
  constructor(private readonly about: AboutService) {}

  readonly router = router({
    list: publicProcedure.query(() => this.about.list()),
  });
}
