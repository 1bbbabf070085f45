import { Injectable } from '@nestjs/common';
import {
  categoryInputSchema,
  categoryUpdateInputSchema,
  idInputSchema,
  langInputSchema,
  linkTranslationInputSchema,
  slugLangInputSchema,
  unlinkTranslationInputSchema,
} from '@blog/contracts';
import { adminProcedure, changeOriginOf, publicProcedure, router, tokenScope } from '@blog/api/http';
import { CategoriesService } from './categories.service';

@Injectable()
export class CategoriesRouter {
  constructor(private readonly categories: CategoriesService) {}

  readonly router = router({
    links: publicProcedure
      .meta(tokenScope('content:read'))
      .input(langInputSchema)
      .query(({ input }) => this.categories.links(input.lang)),
    list: publicProcedure.meta(tokenScope('content:read')).query(() => this.categories.list()),
    byId: publicProcedure
      .meta(tokenScope('content:read'))
      .input(idInputSchema)
      .query(({ input }) => this.categories.get(input.id)),
    /** Where an old category slug leads now (`{slug}`), for the page server's 301; 404 when nowhere. */
    redirect: publicProcedure
      .meta(tokenScope('content:read'))
      .input(slugLangInputSchema)
      .query(({ input }) => this.categories.redirect(input.slug, input.lang)),
    create: adminProcedure
      .meta(tokenScope('content:write'))
      .input(categoryInputSchema)
      .mutation(({ input, ctx }) => this.categories.create(input, changeOriginOf(ctx.req, 'trpc'))),
    /** With `version`: written only over that version, else CONFLICT with `data.conflict` (`{current, changed}`). */
    update: adminProcedure
      .meta(tokenScope('content:write'))
      .input(categoryUpdateInputSchema)
      .mutation(({ input: { id, version, ...fields }, ctx }) =>
        this.categories.update(id, fields, changeOriginOf(ctx.req, 'trpc'), version),
      ),
    /** Makes the two categories versions of each other (`PUT /api/categories/{id}/translations/{translation_id}`). */
    linkTranslation: adminProcedure
      .meta(tokenScope('content:write'))
      .input(linkTranslationInputSchema)
      .mutation(({ input }) => this.categories.linkTranslation(input.id, input.translation_id)),
    /** Takes the category out of its translation group (`DELETE /api/categories/{id}/translations`). */
    unlinkTranslation: adminProcedure
      .meta(tokenScope('content:write'))
      .input(unlinkTranslationInputSchema)
      .mutation(({ input }) => this.categories.unlinkTranslation(input.id)),
    delete: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input }) => this.categories.remove(input.id)),
  });
}
