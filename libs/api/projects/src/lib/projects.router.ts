import { Injectable } from '@nestjs/common';
import {
  adminLanguageQuerySchema,
  idInputSchema,
  linkTranslationInputSchema,
  orderInputSchema,
  projectInputSchema,
  projectsQuerySchema,
  projectUpdateInputSchema,
  searchLangInputSchema,
  slugLangInputSchema,
  translateInputSchema,
  unlinkTranslationInputSchema,
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
      .input(slugLangInputSchema)
      .query(({ input }) => this.projects.detail(input.slug, input.lang)),
    /** Where an old project slug in `lang` leads now (`{slug, language, path}`), for the page server's 301. */
    redirect: publicProcedure
      .meta(tokenScope('content:read'))
      .input(slugLangInputSchema)
      .query(({ input }) => this.projects.redirect(input.slug, input.lang)),

    /** The site search's projects (`GET /api/searchProjects/{term}`). */
    search: publicProcedure
      .meta(tokenScope('content:read'))
      .input(searchLangInputSchema)
      .query(({ input }) => this.projectSearch.search(input.term, input.lang)),

    adminList: adminProcedure
      .meta(tokenScope('content:read'))
      .input(adminLanguageQuerySchema)
      .query(({ input }) => this.projects.adminList(input)),
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
    /** A draft in `language` pre-filled from project `id` and linked to it (`POST /api/admin/projects/{id}/translations`). */
    translate: adminProcedure
      .meta(tokenScope('content:write'))
      .input(translateInputSchema)
      .mutation(({ input, ctx }) => this.projects.translate(input.id, input.language, changeOriginOf(ctx.req, 'trpc'))),
    /** Makes the two projects versions of each other (`PUT /api/admin/projects/{id}/translations/{translation_id}`). */
    linkTranslation: adminProcedure
      .meta(tokenScope('content:write'))
      .input(linkTranslationInputSchema)
      .mutation(({ input }) => this.projects.linkTranslation(input.id, input.translation_id)),
    /** Takes the project out of its translation group (`DELETE /api/admin/projects/{id}/translations`). */
    unlinkTranslation: adminProcedure
      .meta(tokenScope('content:write'))
      .input(unlinkTranslationInputSchema)
      .mutation(({ input }) => this.projects.unlinkTranslation(input.id)),
    /** To the trash (`DELETE /api/admin/projects/{id}`). */
    delete: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input }) => this.projects.remove(input.id)),

    /** The trash (`/api/trash/projects`): `projects.trash.list/restore/deleteForever/empty`. */
    trash: trashRouter(() => this.trash),
  });
}
