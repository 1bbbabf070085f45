import { idInputSchema } from '@blog/contracts';
import type { TrashBin } from '@blog/api/core';
import { changeOriginOf } from './change-origin';
import { adminProcedure, router, tokenScope } from './trpc';

/** A trash as its doors use it: the trashed records' list and the `TrashBin`. */
export interface TrashDoors<Trashed> {
  list(): Promise<Trashed[]>;
  bin: Pick<TrashBin<unknown>, 'restore' | 'deleteForever' | 'empty'>;
}

/**
 * The tRPC router of a trash (the posts' `trash.*`, the projects' `projects.trash.*`), administrators only,
 * as its REST doors (`/api/trash/{kind}`): the trashed records the last deleted first, restore, delete for
 * good, empty. `trashOf` is called per request (a router is made before its class's fields are set).
 */
export function trashRouter<Trashed>(trashOf: () => TrashDoors<Trashed>) {
  return router({
    /** `GET /api/trash/{kind}`. */
    list: adminProcedure.meta(tokenScope('content:read')).query(() => trashOf().list()),
    /** Back from the trash, under its slug or a free one (`POST /api/trash/{kind}/{id}/restore`). */
    restore: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input, ctx }) => trashOf().bin.restore(input.id, changeOriginOf(ctx.req, 'trpc'))),
    /** Deleted for good (`DELETE /api/trash/{kind}/{id}`). */
    deleteForever: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input }) => trashOf().bin.deleteForever(input.id)),
    /** Every trashed record deleted for good (`DELETE /api/trash/{kind}`). */
    empty: adminProcedure.meta(tokenScope('content:write')).mutation(() => trashOf().bin.empty()),
  });
}

export type TrashRouter<Trashed> = ReturnType<typeof trashRouter<Trashed>>;
