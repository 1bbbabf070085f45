import { Injectable } from '@nestjs/common';
import { aboutInputSchema, aboutUpdateInputSchema, autosaveSlotOf } from '@blog/contracts';
import { DataSource } from 'typeorm';
import { clearAutosaveAfterSave } from '@blog/api/data';
import { adminProcedure, publicProcedure, router } from '@blog/api/core';
import { AboutService } from './about.service';

@Injectable()
export class AboutRouter {
  constructor(
    private readonly about: AboutService,
    private readonly database: DataSource,
  ) {}

  readonly router = router({
    /** The stored content, for the admin's editor (`GET /api/about`). */
    list: publicProcedure.query(() => this.about.list()),
    /** What the public About page shows (`GET /api/gst-about`). */
    publicList: publicProcedure.query(() => this.about.publicList()),
    create: adminProcedure.input(aboutInputSchema).mutation(({ input }) => this.about.create(input.content)),
    update: adminProcedure.input(aboutUpdateInputSchema).mutation(async ({ ctx, input }) => {
      const saved = await this.about.update(input.id, input.content);
      // Saved: the saver's autosave of the About page is done with.
      await clearAutosaveAfterSave(this.database, ctx.user.id, autosaveSlotOf.about(input.id));
      return saved;
    }),
  });
}
