import { Injectable } from '@nestjs/common';
import { aboutInputSchema, aboutUpdateInputSchema } from '@blog/contracts';
import { adminProcedure, publicProcedure, router } from '@blog/api/core';
import { AboutService } from './about.service';

@Injectable()
export class AboutRouter {
  constructor(private readonly about: AboutService) {}

  readonly router = router({
    /** The stored content, for the admin's editor (`GET /api/about`). */
    list: publicProcedure.query(() => this.about.list()),
    /** What the public About page shows (`GET /api/gst-about`). */
    publicList: publicProcedure.query(() => this.about.publicList()),
    create: adminProcedure.input(aboutInputSchema).mutation(({ input }) => this.about.create(input.content)),
    update: adminProcedure
      .input(aboutUpdateInputSchema)
      .mutation(({ input }) => this.about.update(input.id, input.content)),
  });
}
