import { Injectable } from '@nestjs/common';
import {
  categoryPageInputSchema,
  pageInputSchema,
  searchInputSchema,
  slugInputSchema,
} from '@blog/contracts';
import { publicProcedure, router } from '@blog/api/core';
import { PostsService } from './posts.service';

/** The same public reads as `PostsController`, as tRPC procedures. */
@Injectable()
export class PostsRouter {
  constructor(private readonly posts: PostsService) {}

  readonly router = router({
    home: publicProcedure.query(() => this.posts.home()),
    bySlug: publicProcedure.input(slugInputSchema).query(({ input }) => this.posts.detail(input.slug)),
    recent: publicProcedure.query(() => this.posts.recent()),
    page: publicProcedure.input(pageInputSchema).query(({ input }) => this.posts.page(input.page)),
    byCategory: publicProcedure
      .input(categoryPageInputSchema)
      .query(({ input }) => this.posts.byCategory(input.slug, input.page)),
    search: publicProcedure.input(searchInputSchema).query(({ input }) => this.posts.search(input.term)),
  });
}
