import { Injectable } from '@nestjs/common';
import {
  idInputSchema,
  orderInputSchema,
  serviceInputSchema,
  serviceUpdateInputSchema,
  slugInputSchema,
} from '@blog/contracts';
import { adminProcedure, changeOriginOf, publicProcedure, router, tokenScope } from '@blog/api/http';
import { ServicesService } from './services.service';

/** The tRPC door (`services.*` in the app router): the REST door's calls, with the same schemas. */
@Injectable()
export class ServicesRouter {
  constructor(private readonly services: ServicesService) {}

  readonly router = router({
    /** The shown services, in order (`GET /api/gst-services`). */
    list: publicProcedure.meta(tokenScope('content:read')).query(() => this.services.listShown()),
    bySlug: publicProcedure
      .meta(tokenScope('content:read'))
      .input(slugInputSchema)
      .query(({ input }) => this.services.getShown(input.slug)),
    /** Every service, hidden ones too (`GET /api/services`). */
    adminList: adminProcedure.meta(tokenScope('content:read')).query(() => this.services.list()),
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
    delete: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input }) => this.services.remove(input.id)),
  });
}
