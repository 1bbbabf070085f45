import { Injectable } from '@nestjs/common';
import {
  idInputSchema,
  projectInputSchema,
  projectsQuerySchema,
  projectUpdateInputSchema,
  slugInputSchema,
} from '@blog/contracts';
import { adminProcedure, changeOriginOf, publicProcedure, router, tokenScope } from '@blog/api/http';
import { ProjectsService } from './projects.service';
import { ProjectsTrashService } from './trash/projects-trash.service';

/** The tRPC door (`projects.*` in the app router): the calls of `ProjectsController` and `ProjectsAdminController`. */
@Injectable()
export class ProjectsRouter {
  constructor(
    private readonly projects: ProjectsService,
    private readonly trash: ProjectsTrashService,
  ) {}

  readonly router = router({
    list: publicProcedure
      .meta(tokenScope('content:read'))
      .input(projectsQuerySchema)
      .query(({ input }) => this.projects.list(input)),
    bySlug: publicProcedure
      .meta(tokenScope('content:read'))
      .input(slugInputSchema)
      .query(({ input }) => this.projects.detail(input.slug)),
    /** Where an old project slug leads now (`{slug}`), for the page server's 301. */
    redirect: publicProcedure
      .meta(tokenScope('content:read'))
      .input(slugInputSchema)
      .query(({ input }) => this.projects.redirect(input.slug)),

    adminList: adminProcedure.meta(tokenScope('content:read')).query(() => this.projects.adminList()),
    adminById: adminProcedure
      .meta(tokenScope('content:read'))
      .input(idInputSchema)
      .query(({ input }) => this.projects.get(input.id)),
    create: adminProcedure
      .meta(tokenScope('content:write'))
      .input(projectInputSchema)
      .mutation(({ input, ctx }) => this.projects.create(input, changeOriginOf(ctx.req, 'trpc'))),
    /** With `version`: written only over that version, else CONFLICT with `data.conflict` (`{current, changed}`). */
    update: adminProcedure
      .meta(tokenScope('content:write'))
      .input(projectUpdateInputSchema)
      .mutation(({ input: { id, version, ...fields }, ctx }) =>
        this.projects.update(id, fields, { origin: changeOriginOf(ctx.req, 'trpc'), version }),
      ),
    /** To the trash (`DELETE /api/admin/projects/{id}`). */
    delete: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input }) => this.projects.remove(input.id)),

    /** Every trashed project, the last deleted first (`GET /api/trash/projects`). */
    trashList: adminProcedure.meta(tokenScope('content:read')).query(() => this.trash.list()),
    /** Back from the trash, under its slug or a free one (`POST /api/trash/projects/{id}/restore`). */
    restore: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input, ctx }) => this.trash.bin.restore(input.id, changeOriginOf(ctx.req, 'trpc'))),
    /** Deleted for good (`DELETE /api/trash/projects/{id}`). */
    deleteForever: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input }) => this.trash.bin.deleteForever(input.id)),
    /** Every trashed project deleted for good (`DELETE /api/trash/projects`). */
    emptyTrash: adminProcedure.meta(tokenScope('content:write')).mutation(() => this.trash.bin.empty()),
  });
}
