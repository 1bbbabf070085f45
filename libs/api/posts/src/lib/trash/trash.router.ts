import { Injectable } from '@nestjs/common';
import { idInputSchema } from '@blog/contracts';
import { adminProcedure, changeOriginOf, router, tokenScope } from '@blog/api/http';
import { TrashService } from './trash.service';

/** The same as `TrashController`, as tRPC procedures (administrators only). */
@Injectable()
export class TrashRouter {
  constructor(private readonly trash: TrashService) {}

  readonly router = router({
    /** Every trashed post, the last deleted first (`GET /api/trash/posts`). */
    list: adminProcedure.meta(tokenScope('content:read')).query(() => this.trash.list()),
    /** Back from the trash, under its slug or a free one (`POST /api/trash/posts/{id}/restore`). */
    restore: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input, ctx }) => this.trash.bin.restore(input.id, changeOriginOf(ctx.req, 'trpc'))),
    /** Deleted for good (`DELETE /api/trash/posts/{id}`). */
    deleteForever: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input }) => this.trash.bin.deleteForever(input.id)),
    /** Every trashed post deleted for good (`DELETE /api/trash/posts`). */
    empty: adminProcedure.meta(tokenScope('content:write')).mutation(() => this.trash.bin.empty()),
  });
}
