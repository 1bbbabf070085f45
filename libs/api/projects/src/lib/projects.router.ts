import { Injectable } from '@nestjs/common';
import {
  idInputSchema,
  orderInputSchema,
  projectInputSchema,
  projectsQuerySchema,
  projectUpdateInputSchema,
  searchInputSchema,
  slugInputSchema,
} from '@blog/contracts';
import { adminProcedure, changeOriginOf, publicProcedure, router, tokenScope, trashRouter } from '@blog/api/http';
import { ProjectSearchService } from './project-search.service';
import { ProjectsService } from './projects.service';
import { ProjectsTrashService } from './trash/projects-trash.service';

/** The tRPC door (`projects.*` in the app router): the calls of `ProjectsController` and `ProjectsAdminController`. */
@Injectable()
export class ProjectsRouter {
  constructor(
    private readonly projects: ProjectsService,
    private readonly projectSearch: ProjectSearchService,
    private readonly trash: ProjectsTrashService,
  ) {}

  readonly router = router({
    list: publicProcedure
      .meta(tokenScope('content:read'))
      .input(projectsQuerySchema)
      .query(({ input }) => this.projects.list(input)),
    /** The same projects as `list`, as their cards show them (no case study): the portfolio's pages. */
    cards: publicProcedure
      .meta(tokenScope('content:read'))
      .input(projectsQuerySchema)
      .query(({ input }) => this.projects.cards(input)),
    bySlug: publicProcedure
      .meta(tokenScope('content:read'))
      .input(slugInputSchema)
      .query(({ input }) => this.projects.detail(input.slug)),
    /** Where an old project slug leads now (`{slug}`), for the page server's 301. */
    redirect: publicProcedure
      .meta(tokenScope('content:read'))
      .input(slugInputSchema)
      .query(({ input }) => this.projects.redirect(input.slug)),

    /** The site search's projects (`GET /api/searchProjects/{term}`). */
    search: publicProcedure
      .meta(tokenScope('content:read'))
      .input(searchInputSchema)
      .query(({ input }) => this.projectSearch.search(input.term)),

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
    /** The lists' order (`PUT /api/admin/projects/order`): every project out of the trash, once. */
    reorder: adminProcedure
      .meta(tokenScope('content:write'))
      .input(orderInputSchema)
      .mutation(({ input }) => this.projects.reorder(input.ids)),
    /** To the trash (`DELETE /api/admin/projects/{id}`). */
    delete: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input }) => this.projects.remove(input.id)),

    /** The trash (`/api/trash/projects`): `projects.trash.list/restore/deleteForever/empty`. */
    trash: trashRouter(() => this.trash),
  });
}
