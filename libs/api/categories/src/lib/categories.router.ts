import { Injectable } from '@nestjs/common';
import { categoryInputSchema, categoryUpdateInputSchema, idInputSchema, slugInputSchema } from '@blog/contracts';
import { adminProcedure, changeOriginOf, publicProcedure, router } from '@blog/api/core';
import { CategoriesService } from './categories.service';

@Injectable()
export class CategoriesRouter {
  constructor(private readonly categories: CategoriesService) {}

  readonly router = router({
    links: publicProcedure.query(() => this.categories.links()),
    list: publicProcedure.query(() => this.categories.list()),
    byId: publicProcedure.input(idInputSchema).query(({ input }) => this.categories.get(input.id)),
    /** Where an old category slug leads now (`{slug}`), for the page server's 301; 404 when nowhere. */
    redirect: publicProcedure.input(slugInputSchema).query(({ input }) => this.categories.redirect(input.slug)),
    create: adminProcedure
      .input(categoryInputSchema)
      .mutation(({ input, ctx }) => this.categories.create(input, changeOriginOf(ctx.req, 'trpc'))),
    /** With `version`: written only over that version, else CONFLICT with `data.conflict` (`{current, changed}`). */
    update: adminProcedure
      .input(categoryUpdateInputSchema)
      .mutation(({ input: { id, version, ...fields }, ctx }) =>
        this.categories.update(id, fields, changeOriginOf(ctx.req, 'trpc'), version),
      ),
    delete: adminProcedure.input(idInputSchema).mutation(({ input }) => this.categories.remove(input.id)),
  });
}
