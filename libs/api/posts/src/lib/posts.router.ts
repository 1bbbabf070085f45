import { Injectable } from '@nestjs/common';
import {
  adminPostsQuerySchema,
  categoryPageLangInputSchema,
  idInputSchema,
  idsInputSchema,
  langInputSchema,
  linkTranslationInputSchema,
  pageLangInputSchema,
  postInputSchema,
  postUpdateInputSchema,
  previewTokenInputSchema,
  searchLangInputSchema,
  slugLangInputSchema,
  translateInputSchema,
  unlinkTranslationInputSchema,
} from '@blog/contracts';
import { adminProcedure, changeOriginOf, publicProcedure, router, sessionProcedure, tokenScope } from '@blog/api/http';
import { PostPreviewsService } from './post-previews.service';
import { PostsAdminService } from './posts-admin.service';
import { PostsService } from './posts.service';

/** The same reads and writes as `PostsController` and `PostsAdminController`, as tRPC procedures. */
@Injectable()
export class PostsRouter {
  constructor(
    private readonly posts: PostsService,
    private readonly admin: PostsAdminService,
    private readonly previews: PostPreviewsService,
  ) {}

  readonly router = router({
    home: publicProcedure
      .meta(tokenScope('content:read'))
      .input(langInputSchema)
      .query(({ input }) => this.posts.home(input.lang)),
    bySlug: publicProcedure
      .meta(tokenScope('content:read'))
      .input(slugLangInputSchema)
      .query(({ input }) => this.posts.detail(input.slug, input.lang)),
    /** Where an old post slug leads now (`{slug}`), for the page server's 301; 404 when nowhere or hidden. */
    redirect: publicProcedure
      .meta(tokenScope('content:read'))
      .input(slugLangInputSchema)
      .query(({ input }) => this.posts.redirect(input.slug, input.lang)),
    recent: publicProcedure
      .meta(tokenScope('content:read'))
      .input(langInputSchema)
      .query(({ input }) => this.posts.recent(input.lang)),
    /** The posts related to a visible post (same category, shared keywords), best first. */
    related: publicProcedure
      .meta(tokenScope('content:read'))
      .input(slugLangInputSchema)
      .query(({ input }) => this.posts.related(input.slug, input.lang)),
    /** The visible posts among `ids`, as cards, in that order (a project's related posts). */
    byIds: publicProcedure
      .meta(tokenScope('content:read'))
      .input(idsInputSchema)
      .query(({ input }) => this.posts.cardsOf(input.ids)),
    page: publicProcedure
      .meta(tokenScope('content:read'))
      .input(pageLangInputSchema)
      .query(({ input }) => this.posts.page(input.page, input.lang)),
    byCategory: publicProcedure
      .meta(tokenScope('content:read'))
      .input(categoryPageLangInputSchema)
      .query(({ input }) => this.posts.byCategory(input.slug, input.page, input.lang)),
    search: publicProcedure
      .meta(tokenScope('content:read'))
      .input(searchLangInputSchema)
      .query(({ input }) => this.posts.search(input.term, input.lang)),
    /** A post read through its private preview link, whatever its state; 404 once the link expired. Never stored by a cache. */
    preview: sessionProcedure
      .meta(tokenScope('content:read'))
      .input(previewTokenInputSchema)
      .query(({ input }) => this.previews.read(input.token)),

    /** Every post, hidden ones too, newest updated first: `GET /api/posts`'s rows with its `X-Total-Count` as `total`. */
    adminList: adminProcedure
      .meta(tokenScope('content:read'))
      .input(adminPostsQuerySchema)
      .query(({ input }) => this.admin.list(input)),
    /** Every post, the hidden ones, the drafts and the scheduled ones (`GET /api/posts/counts`). */
    adminCounts: adminProcedure.meta(tokenScope('content:read')).query(() => this.admin.counts()),
    adminById: adminProcedure
      .meta(tokenScope('content:read'))
      .input(idInputSchema)
      .query(({ input }) => this.admin.get(input.id)),
    create: adminProcedure
      .meta(tokenScope('content:write'))
      .input(postInputSchema)
      .mutation(({ input, ctx }) => this.admin.create(input, changeOriginOf(ctx.req, 'trpc'))),
    /** With `version`: written only over that version, else CONFLICT with `data.conflict` (`{current, changed}`). */
    update: adminProcedure
      .meta(tokenScope('content:write'))
      .input(postUpdateInputSchema)
      .mutation(({ input: { id, version, ...fields }, ctx }) =>
        this.admin.update(id, fields, { origin: changeOriginOf(ctx.req, 'trpc'), version }),
      ),
    delete: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input }) => this.admin.remove(input.id)),
    /** A draft in `language` pre-filled from post `id` and linked to it (`POST /api/posts/{id}/translations`). */
    translate: adminProcedure
      .meta(tokenScope('content:write'))
      .input(translateInputSchema)
      .mutation(({ input, ctx }) => this.admin.translate(input.id, input.language, changeOriginOf(ctx.req, 'trpc'))),
    /** Makes the two posts versions of each other (`PUT /api/posts/{id}/translations/{translation_id}`). */
    linkTranslation: adminProcedure
      .meta(tokenScope('content:write'))
      .input(linkTranslationInputSchema)
      .mutation(({ input }) => this.admin.linkTranslation(input.id, input.translation_id)),
    /** Takes the post out of its translation group (`DELETE /api/posts/{id}/translations`). */
    unlinkTranslation: adminProcedure
      .meta(tokenScope('content:write'))
      .input(unlinkTranslationInputSchema)
      .mutation(({ input }) => this.admin.unlinkTranslation(input.id)),
    /** A new private preview link to the post (`POST /api/posts/{id}/previews`). */
    createPreview: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input }) => this.previews.create(input.id)),
    /** Ends every preview link to the post (`DELETE /api/posts/{id}/previews`). */
    revokePreviews: adminProcedure
      .meta(tokenScope('content:write'))
      .input(idInputSchema)
      .mutation(({ input }) => this.previews.revokeAll(input.id)),
  });
}
