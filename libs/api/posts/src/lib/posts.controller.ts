import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { pageSchema, POSTS_PAGE_SIZE, previewTokenSchema, searchTermSchema, slugParamSchema } from '@blog/contracts';
import { NoStore, TokenScope } from '@blog/api/security';
import { setPageLinks, ZodValidationPipe } from '@blog/api/http';
import { PostPreviewsService } from './post-previews.service';
import { PostsService } from './posts.service';

/** The public post endpoints, under `/api`. */
@Controller()
export class PostsController {
  constructor(
    private readonly posts: PostsService,
    private readonly previews: PostPreviewsService,
  ) {}

  @TokenScope('content:read')
  @Get('homeData')
  home() {
    return this.posts.home();
  }

  @TokenScope('content:read')
  @Get('homeData/:slug')
  detail(@Param('slug', new ZodValidationPipe(slugParamSchema, 'slug')) slug: string) {
    return this.posts.detail(slug);
  }

  @TokenScope('content:read')
  @Get('randomPosts')
  recent() {
    return this.posts.recent();
  }

  /** Not in the spec: the cards of the posts related to a visible post, as tRPC `posts.related`. */
  @TokenScope('content:read')
  @Get('relatedPosts/:slug')
  related(@Param('slug', new ZodValidationPipe(slugParamSchema, 'slug')) slug: string) {
    return this.posts.related(slug);
  }

  @TokenScope('content:read')
  @Get('gst-postsPagination/:page')
  async page(
    @Param('page', new ZodValidationPipe(pageSchema, 'page')) page: number,
    @Res({ passthrough: true }) res: Response,
  ) {
    const result = await this.posts.page(page);
    setPageLinks(res, {
      page,
      total: result.total,
      pageSize: POSTS_PAGE_SIZE,
      url: (target) => `/api/gst-postsPagination/${target}`,
    });
    return result;
  }

  @TokenScope('content:read')
  @Get('gst-postsByCategory/:slug/:page')
  async byCategory(
    @Param('slug', new ZodValidationPipe(slugParamSchema, 'category_slug')) slug: string,
    @Param('page', new ZodValidationPipe(pageSchema, 'page')) page: number,
    @Res({ passthrough: true }) res: Response,
  ) {
    const result = await this.posts.byCategory(slug, page);
    setPageLinks(res, {
      page,
      total: result.total,
      pageSize: POSTS_PAGE_SIZE,
      url: (target) => `/api/gst-postsByCategory/${encodeURIComponent(slug)}/${target}`,
    });
    return result;
  }

  @TokenScope('content:read')
  @Get('searchPosts/:term')
  search(@Param('term', new ZodValidationPipe(searchTermSchema, 'term')) term: string) {
    return this.posts.search(term);
  }

  /** A post read through its private preview link (tRPC `posts.preview`). */
  @TokenScope('content:read')
  @Get('previews/:token')
  @NoStore()
  preview(@Param('token', new ZodValidationPipe(previewTokenSchema, 'token')) token: string) {
    return this.previews.read(token);
  }
}
