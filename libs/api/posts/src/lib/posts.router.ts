import { Injectable } from '@nestjs/common';
import {
  adminPostsQuerySchema,
  categoryPageInputSchema,
  idInputSchema,
  idsInputSchema,
  pageInputSchema,
  postInputSchema,
  postUpdateInputSchema,
  previewTokenInputSchema,
  searchInputSchema,
  slugInputSchema,
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
    home: publicProcedure.meta(tokenScope('content:read')).query(() => this.posts.home()),
    bySlug: publicProcedure
      .meta(tokenScope('content:read'))
      .input(slugInputSchema)
      .query(({ input }) => this.posts.detail(input.slug)),
    /** Where an old post slug leads now (`{slug}`), for the page server's 301; 404 when nowhere or hidden. */
    redirect: publicProcedure
      .meta(tokenScope('content:read'))
      .input(slugInputSchema)
      .query(({ input }) => this.posts.redirect(input.slug)),
    recent: publicProcedure.meta(tokenScope('content:read')).query(() => this.posts.recent()),
    /** The posts related to a visible post (same category, shared keywords), best first. */
    related: publicProcedure
      .meta(tokenScope('content:read'))
      .input(slugInputSchema)
      .query(({ input }) => this.posts.related(input.slug)),
    /** The visible posts among `ids`, as cards, in that order (a project's related posts). */
    byIds: publicProcedure
      .meta(tokenScope('content:read'))
      .input(idsInputSchema)
      .query(({ input }) => this.posts.cardsOf(input.ids)),
    page: publicProcedure
      .meta(tokenScope('content:read'))
      .input(pageInputSchema)
      .query(({ input }) => this.posts.page(input.page)),
    byCategory: publicProcedure
      .meta(tokenScope('content:read'))
      .input(categoryPageInputSchema)
      .query(({ input }) => this.posts.byCategory(input.slug, input.page)),
    search: publicProcedure
      .meta(tokenScope('content:read'))
      .input(searchInputSchema)
      .query(({ input }) => this.posts.search(input.term)),
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
