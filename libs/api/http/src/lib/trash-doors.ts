import { Controller, Delete, Get, HttpCode, Inject, Param, Post, UseGuards, type Type } from '@nestjs/common';
import { idInputSchema, idSchema } from '@blog/contracts';
import type { ChangeOrigin } from '@blog/api/data';
import { AdminGuard, TokenScope } from '@blog/api/security';
import type { TrashBin } from '@blog/api/core';
import { changeOriginOf, RestChange } from './change-origin';
import { adminProcedure, router, tokenScope } from './trpc';
import { ZodValidationPipe } from './zod-validation.pipe';

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

const idPipe = new ZodValidationPipe(idSchema, 'id');

/**
 * The REST doors of a trash, under `/api/trash/{kind}` (`/api/trash/posts`, `/api/trash/projects`),
 * administrators only, the same calls as `trashRouter`. `service` is the provider holding the trash.
 */
export function trashController<Trashed>(kind: string, service: Type<TrashDoors<Trashed>>): Type<unknown> {
  @Controller(`trash/${kind}`)
  @UseGuards(AdminGuard)
  class TrashDoorsController {
    constructor(@Inject(service) private readonly trash: TrashDoors<Trashed>) {}

    /** The trashed records, the last deleted first. */
    @TokenScope('content:read')
    @Get()
    list() {
      return this.trash.list();
    }

    /** `{status: 200, id, slug, slug_changed}`: the slug it got back. */
    @TokenScope('content:write')
    @Post(':id/restore')
    @HttpCode(200)
    restore(@Param('id', idPipe) id: number, @RestChange() origin: ChangeOrigin) {
      return this.trash.bin.restore(id, origin);
    }

    /** Deletes the trashed record for good. */
    @TokenScope('content:write')
    @Delete(':id')
    deleteForever(@Param('id', idPipe) id: number) {
      return this.trash.bin.deleteForever(id);
    }

    /** Empties the trash: `{status: 200, deleted}`. */
    @TokenScope('content:write')
    @Delete()
    empty() {
      return this.trash.bin.empty();
    }
  }
  return TrashDoorsController;
}
