import { Injectable } from '@nestjs/common';
import { revisionGetInputSchema, revisionsListInputSchema } from '@blog/contracts';
import { adminProcedure, router, tokenScope } from '@blog/api/http';
import { RevisionsService } from './revisions.service';

/** The same as `RevisionsController`, as tRPC procedures (administrators only). */
@Injectable()
export class RevisionsRouter {
  constructor(private readonly revisions: RevisionsService) {}

  readonly router = router({
    /** The record's revisions, the last replaced first (`GET /api/posts/{id}/revisions`, `GET /api/about/{id}/revisions`). */
    list: adminProcedure
      .meta(tokenScope('content:read'))
      .input(revisionsListInputSchema)
      .query(({ input }) => this.revisions.list(input.record, input.id)),
    /** One revision with its fields (`GET /api/posts/{id}/revisions/{revisionId}`, and About's). */
    get: adminProcedure
      .meta(tokenScope('content:read'))
      .input(revisionGetInputSchema)
      .query(({ input }) => this.revisions.get(input.record, input.id, input.revision_id)),
  });
}
