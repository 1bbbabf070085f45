import { Injectable } from '@nestjs/common';
import {
  adminLanguageQuerySchema,
  idInputSchema,
  langInputSchema,
  linkTranslationInputSchema,
  orderInputSchema,
  testimonialInputSchema,
  testimonialUpdateInputSchema,
  translateInputSchema,
  unlinkTranslationInputSchema,
} from '@blog/contracts';
import { adminProcedure, changeOriginOf, publicProcedure, router, tokenScope } from '@blog/api/http';
import { TestimonialsService } from './testimonials.service';

/** The tRPC door (`testimonials.*` in the app router): the REST door's calls, with the same schemas. */
@Injectable()
export class TestimonialsRouter {
  constructor(private readonly testimonials: TestimonialsService) {}

  readonly router = router({
    /** The shown testimonials of `lang`, in order (`GET /api/gst-testimonials?lang=`). */
    list: publicProcedure
      .meta(tokenScope('content:read'))
      .input(langInputSchema)
      .query(({ input }) => this.testimonials.listShown(input.lang)),
    /** Every testimonial, hidden ones too (`GET /api/testimonials?language=&missing_translation=`). */
    adminList: adminProcedure
      .meta(tokenScope('content:read'))
      .input(adminLanguageQuerySchema)
      .query(({ input }) => this.testimonials.list(input)),
    byId: adminProcedure
      .meta(tokenScope('content:read'))
      .input(idInputSchema)
      .query(({ input }) => this.testimonials.get(input.id)),
    create: adminProcedure
      .meta(tokenScope('content:write'))
      .input(testimonialInputSchema)
      .mutation(({ input, ctx }) => this.testimonials.create(input, changeOriginOf(ctx.req, 'trpc'))),
    /** With `version`: written only over that version, else CONFLICT with `data.conflict` (`{current, changed}`). */
    update: adminProcedure
      .meta(tokenScope('content:write'))
      .input(testimonialUpdateInputSchema)
      .mutation(({ input: { id, version, ...fields }, ctx }) =>
        this.testimonials.update(id, fields, changeOriginOf(ctx.req, 'trpc'), version),
      ),
    reorder: adminProcedure
      .meta(tokenScope('content:write'))
      .input(orderInputSchema)
      .mutation(({ input }) => this.testimonials.reorder(input.ids)),
    /** A hidden testimonial in `language` pre-filled from testimonial `id` and linked to it (`POST /api/testimonials/{id}/translations`). */
    translate: adminProcedure
      .meta(tokenScope('content:write'))
      .input(translateInputSchema)
      .mutation(({ input, ctx }) =>
        this.testimonials.translate(input.id, input.language, changeOriginOf(ctx.req, 'trpc')),
      ),
    /** Makes the two testimonials versions of each other (`PUT /api/testimonials/{id}/translations/{translation_id}`). */
    linkTranslation: adminProcedure
      .meta(tokenScope('content:write'))
      .input(linkTranslationInputSchema)
      .mutation(({ input }) => this.testimonials.linkTranslation(input.id, input.translation_id)),
    /** Takes the testimonial out of its translation group (`DELETE /api/testimonials/{id}/translations`). */
    unlinkTranslation: adminProcedure
      .meta(tokenScope('content:write'))
      .input(unlinkTranslationInputSchema)
      .mutation(({ input }) => this.testimonials.unlinkTranslation(input.id)),
    delete: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input }) => this.testimonials.remove(input.id)),
  });
}
