import { Injectable } from '@nestjs/common';
import {
  adminPostsQuerySchema,
  categoryPageInputSchema,
  idInputSchema,
  pageInputSchema,
  postInputSchema,
  postUpdateInputSchema,
  autosaveSlotOf,
  previewTokenInputSchema,
  searchInputSchema,
  slugInputSchema,
} from '@blog/contracts';
import { adminProcedure, publicProcedure, router, sessionProcedure } from '@blog/api/core';
import { DataSource } from 'typeorm';
import { clearAutosaveAfterSave } from '@blog/api/data';
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
    private readonly database: DataSource,
  ) {}

  readonly router = router({
    home: publicProcedure.query(() => this.posts.home()),
    bySlug: publicProcedure.input(slugInputSchema).query(({ input }) => this.posts.detail(input.slug)),
    /** Where an old post slug leads now (`{slug}`), for the page server's 301; 404 when nowhere or hidden. */
    redirect: publicProcedure.input(slugInputSchema).query(({ input }) => this.posts.redirect(input.slug)),
    recent: publicProcedure.query(() => this.posts.recent()),
    /** The posts related to a visible post (same category, shared keywords), best first. */
    related: publicProcedure.input(slugInputSchema).query(({ input }) => this.posts.related(input.slug)),
    page: publicProcedure.input(pageInputSchema).query(({ input }) => this.posts.page(input.page)),
    byCategory: publicProcedure
      .input(categoryPageInputSchema)
      .query(({ input }) => this.posts.byCategory(input.slug, input.page)),
    search: publicProcedure.input(searchInputSchema).query(({ input }) => this.posts.search(input.term)),
    /** A post read through its private preview link, whatever its state; 404 once the link expired. Never stored by a cache. */
    preview: sessionProcedure.input(previewTokenInputSchema).query(({ input }) => this.previews.read(input.token)),

    /** Every post, hidden ones too, newest updated first: `GET /api/posts`'s rows with its `X-Total-Count` as `total`. */
    adminList: adminProcedure.input(adminPostsQuerySchema).query(({ input }) => this.admin.list(input)),
    /** Every post, the hidden ones, the drafts and the scheduled ones (`GET /api/posts/counts`). */
    adminCounts: adminProcedure.query(() => this.admin.counts()),
    adminById: adminProcedure.input(idInputSchema).query(({ input }) => this.admin.get(input.id)),
    create: adminProcedure.input(postInputSchema).mutation(({ input }) => this.admin.create(input)),
    update: adminProcedure.input(postUpdateInputSchema).mutation(async ({ ctx, input: { id, ...fields } }) => {
      const saved = await this.admin.update(id, fields);
      // Saved: the saver's autosave of this post is done with.
      await clearAutosaveAfterSave(this.database, ctx.user.id, autosaveSlotOf.post(id));
      return saved;
    }),
    delete: adminProcedure.input(idInputSchema).mutation(({ input }) => this.admin.remove(input.id)),
    /** A new private preview link to the post (`POST /api/posts/{id}/previews`). */
    createPreview: adminProcedure.input(idInputSchema).mutation(({ input }) => this.previews.create(input.id)),
    /** Ends every preview link to the post (`DELETE /api/posts/{id}/previews`). */
    revokePreviews: adminProcedure.input(idInputSchema).mutation(({ input }) => this.previews.revokeAll(input.id)),
  });
}
