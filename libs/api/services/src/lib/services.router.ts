import { Injectable } from '@nestjs/common';
import {
  adminLanguageQuerySchema,
  idInputSchema,
  langInputSchema,
  linkTranslationInputSchema,
  orderInputSchema,
  serviceInputSchema,
  serviceUpdateInputSchema,
  slugLangInputSchema,
  translateInputSchema,
  unlinkTranslationInputSchema,
} from '@blog/contracts';
import { adminProcedure, changeOriginOf, publicProcedure, router, tokenScope } from '@blog/api/http';
import { ServicesService } from './services.service';

/** The tRPC door (`services.*` in the app router): the REST door's calls, with the same schemas. */
@Injectable()
export class ServicesRouter {
  constructor(private readonly services: ServicesService) {}

  readonly router = router({
    /** The shown services of `lang`, in order (`GET /api/gst-services?lang=`). */
    list: publicProcedure
      .meta(tokenScope('content:read'))
      .input(langInputSchema)
      .query(({ input }) => this.services.listShown(input.lang)),
    bySlug: publicProcedure
      .meta(tokenScope('content:read'))
      .input(slugLangInputSchema)
      .query(({ input }) => this.services.getShown(input.slug, input.lang)),
    /** Every service, hidden ones too (`GET /api/services?language=&missing_translation=`). */
    adminList: adminProcedure
      .meta(tokenScope('content:read'))
      .input(adminLanguageQuerySchema)
      .query(({ input }) => this.services.list(input)),
    byId: adminProcedure
      .meta(tokenScope('content:read'))
      .input(idInputSchema)
      .query(({ input }) => this.services.get(input.id)),
    create: adminProcedure
      .meta(tokenScope('content:write'))
      .input(serviceInputSchema)
      .mutation(({ input, ctx }) => this.services.create(input, changeOriginOf(ctx.req, 'trpc'))),
    /** With `version`: written only over that version, else CONFLICT with `data.conflict` (`{current, changed}`). */
    update: adminProcedure
      .meta(tokenScope('content:write'))
      .input(serviceUpdateInputSchema)
      .mutation(({ input: { id, version, ...fields }, ctx }) =>
        this.services.update(id, fields, changeOriginOf(ctx.req, 'trpc'), version),
      ),
    reorder: adminProcedure
      .meta(tokenScope('content:write'))
      .input(orderInputSchema)
      .mutation(({ input }) => this.services.reorder(input.ids)),
    /** A hidden service in `language` pre-filled from service `id` and linked to it (`POST /api/services/{id}/translations`). */
    translate: adminProcedure
      .meta(tokenScope('content:write'))
      .input(translateInputSchema)
      .mutation(({ input, ctx }) => this.services.translate(input.id, input.language, changeOriginOf(ctx.req, 'trpc'))),
    /** Makes the two services versions of each other (`PUT /api/services/{id}/translations/{translation_id}`). */
    linkTranslation: adminProcedure
      .meta(tokenScope('content:write'))
      .input(linkTranslationInputSchema)
      .mutation(({ input }) => this.services.linkTranslation(input.id, input.translation_id)),
    /** Takes the service out of its translation group (`DELETE /api/services/{id}/translations`). */
    unlinkTranslation: adminProcedure
      .meta(tokenScope('content:write'))
      .input(unlinkTranslationInputSchema)
      .mutation(({ input }) => this.services.unlinkTranslation(input.id)),
    delete: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input }) => this.services.remove(input.id)),
  });
}
