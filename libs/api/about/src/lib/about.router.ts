import { Injectable } from '@nestjs/common';
import { aboutInputSchema, aboutUpdateInputSchema } from '@blog/contracts';
import { adminProcedure, publicProcedure, router } from '@blog/api/core';
import { AboutService } from './about.service';

@Injectable()
export class AboutRouter {
  constructor(private readonly about: AboutService) {}

  readonly router = router({
    list: publicProcedure.query(() => this.about.list()),
    create: adminProcedure.input(aboutInputSchema).mutation(({ input }) => this.about.create(input.content)),
    update: adminProcedure
      .input(aboutUpdateInputSchema)
      .mutation(({ input }) => this.about.update(input.id, input.content)),
  });
}
