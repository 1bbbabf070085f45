import { Injectable } from '@nestjs/common';
import { idInputSchema, orderInputSchema, testimonialInputSchema, testimonialUpdateInputSchema } from '@blog/contracts';
import { adminProcedure, changeOriginOf, publicProcedure, router, tokenScope } from '@blog/api/http';
import { TestimonialsService } from './testimonials.service';

/** The tRPC door (`testimonials.*` in the app router): the REST door's calls, with the same schemas. */
@Injectable()
export class TestimonialsRouter {
  constructor(private readonly testimonials: TestimonialsService) {}

  readonly router = router({
    /** The shown testimonials, in order (`GET /api/gst-testimonials`). */
    list: publicProcedure.meta(tokenScope('content:read')).query(() => this.testimonials.listShown()),
    /** Every testimonial, hidden ones too (`GET /api/testimonials`). */
    adminList: adminProcedure.meta(tokenScope('content:read')).query(() => this.testimonials.list()),
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
    delete: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input }) => this.testimonials.remove(input.id)),
  });
}
