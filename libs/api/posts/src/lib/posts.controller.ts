import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  LANG_PARAM,
  pageSchema,
  POSTS_PAGE_SIZE,
  previewTokenSchema,
  searchTermSchema,
  slugParamSchema,
  type Language,
} from '@blog/contracts';
import { NoStore, TokenScope } from '@blog/api/security';
import { LangQuery, setPageLinks, ZodValidationPipe } from '@blog/api/http';
import { PostPreviewsService } from './post-previews.service';
import { PostsService } from './posts.service';

/** `?lang=` kept on the pager's links. */
const withLang = (url: string, lang: Language | undefined) => (lang ? `${url}?${LANG_PARAM}=${lang}` : url);

/** The public post endpoints, under `/api`; each read answers one language's posts (`?lang=`, else the default's). */
@Controller()
export class PostsController {
  constructor(
    private readonly posts: PostsService,
    private readonly previews: PostPreviewsService,
  ) {}

  @TokenScope('content:read')
  @Get('homeData')
  home(@LangQuery() lang?: Language) {
    return this.posts.home(lang);
  }

  @TokenScope('content:read')
  @Get('homeData/:slug')
  detail(@Param('slug', new ZodValidationPipe(slugParamSchema, 'slug')) slug: string, @LangQuery() lang?: Language) {
    return this.posts.detail(slug, lang);
  }

  @TokenScope('content:read')
  @Get('randomPosts')
  recent(@LangQuery() lang?: Language) {
    return this.posts.recent(lang);
  }

  /** Not in the spec: the cards of the posts related to a visible post, as tRPC `posts.related`. */
  @TokenScope('content:read')
  @Get('relatedPosts/:slug')
  related(@Param('slug', new ZodValidationPipe(slugParamSchema, 'slug')) slug: string, @LangQuery() lang?: Language) {
    return this.posts.related(slug, lang);
  }

  @TokenScope('content:read')
  @Get('gst-postsPagination/:page')
  async page(
    @Param('page', new ZodValidationPipe(pageSchema, 'page')) page: number,
    @Res({ passthrough: true }) res: Response,
    @LangQuery() lang?: Language,
  ) {
    const result = await this.posts.page(page, lang);
    setPageLinks(res, {
      page,
      total: result.total,
      pageSize: POSTS_PAGE_SIZE,
      url: (target) => withLang(`/api/gst-postsPagination/${target}`, lang),
    });
    return result;
  }

  @TokenScope('content:read')
  @Get('gst-postsByCategory/:slug/:page')
  async byCategory(
    @Param('slug', new ZodValidationPipe(slugParamSchema, 'category_slug')) slug: string,
    @Param('page', new ZodValidationPipe(pageSchema, 'page')) page: number,
    @Res({ passthrough: true }) res: Response,
    @LangQuery() lang?: Language,
  ) {
    const result = await this.posts.byCategory(slug, page, lang);
    setPageLinks(res, {
      page,
      total: result.total,
      pageSize: POSTS_PAGE_SIZE,
      url: (target) => withLang(`/api/gst-postsByCategory/${encodeURIComponent(slug)}/${target}`, lang),
    });
    return result;
  }

  @TokenScope('content:read')
  @Get('searchPosts/:term')
  search(@Param('term', new ZodValidationPipe(searchTermSchema, 'term')) term: string, @LangQuery() lang?: Language) {
    return this.posts.search(term, lang);
  }

  /** A post read through its private preview link (tRPC `posts.preview`). */
  @TokenScope('content:read')
  @Get('previews/:token')
  @NoStore()
  preview(@Param('token', new ZodValidationPipe(previewTokenSchema, 'token')) token: string) {
    return this.previews.read(token);
  }
}
