import { Injectable } from '@nestjs/common';
import { autosaveSaveInputSchema, autosaveSlotInputSchema } from '@blog/contracts';
import { adminProcedure, router } from '@blog/api/http';
import { AutosavesService } from './autosaves.service';

/** The same as `AutosavesController`, as tRPC procedures (administrators only, each their own autosaves). */
@Injectable()
export class AutosavesRouter {
  constructor(private readonly autosaves: AutosavesService) {}

  readonly router = router({
    /** `PUT /api/autosaves/{slot}`. */
    save: adminProcedure
      .input(autosaveSaveInputSchema)
      .mutation(({ ctx, input }) => this.autosaves.save(ctx.user.id, input.slot, input.values, input.base_version)),
    /** The slot's autosave, or null (where `GET /api/autosaves/{slot}` answers 404: an empty slot is no error to a form). */
    get: adminProcedure
      .input(autosaveSlotInputSchema)
      .query(({ ctx, input }) => this.autosaves.find(ctx.user.id, input.slot)),
    /** `GET /api/autosaves?kind=new-post`. */
    listNewPosts: adminProcedure.query(({ ctx }) => this.autosaves.listNew(ctx.user.id, 'new-post')),
    /** `GET /api/autosaves?kind=new-project`. */
    listNewProjects: adminProcedure.query(({ ctx }) => this.autosaves.listNew(ctx.user.id, 'new-project')),
    /** `DELETE /api/autosaves/{slot}`. */
    discard: adminProcedure
      .input(autosaveSlotInputSchema)
      .mutation(({ ctx, input }) => this.autosaves.discard(ctx.user.id, input.slot)),
  });
}
