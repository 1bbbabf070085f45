import { Injectable } from '@nestjs/common';
import {
  idInputSchema,
  notFoundQuerySchema,
  redirectInputSchema,
  redirectsQuerySchema,
  redirectUpdateInputSchema,
} from '@blog/contracts';
import { adminProcedure, router } from '@blog/api/http';
import { NotFoundLogService } from './not-found-log.service';
import { RedirectsService } from './redirects.service';

/** The tRPC door (`redirects.*` in the app router): the REST door's calls, with the same schemas. */
@Injectable()
export class RedirectsRouter {
  constructor(
    private readonly redirects: RedirectsService,
    private readonly notFound: NotFoundLogService,
  ) {}

  readonly router = router({
    /** `GET /api/redirects`'s rows with its `X-Total-Count` as `total`. */
    list: adminProcedure.input(redirectsQuerySchema).query(({ input }) => this.redirects.list(input)),
    create: adminProcedure.input(redirectInputSchema).mutation(({ input }) => this.redirects.create(input)),
    update: adminProcedure
      .input(redirectUpdateInputSchema)
      .mutation(({ input: { id, ...fields } }) => this.redirects.update(id, fields)),
    delete: adminProcedure.input(idInputSchema).mutation(({ input }) => this.redirects.remove(input.id)),
    notFoundList: adminProcedure.input(notFoundQuerySchema).query(({ input }) => this.notFound.list(input)),
    notFoundDelete: adminProcedure.input(idInputSchema).mutation(({ input }) => this.notFound.remove(input.id)),
    notFoundClear: adminProcedure.mutation(() => this.notFound.clear()),
  });
}
