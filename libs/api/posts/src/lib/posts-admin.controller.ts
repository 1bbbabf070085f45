import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  ADMIN_POSTS_PAGE_SIZE,
  adminPostsQuerySchema,
  etagOf,
  idSchema,
  postInputSchema,
  translateBodySchema,
  type Language,
} from '@blog/contracts';
import type { ChangeOrigin } from '@blog/api/data';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { IfMatch, pagedRows, RestChange, ZodValidationPipe } from '@blog/api/http';
import { PostPreviewsService } from './post-previews.service';
import { PostsAdminService, type AdminPostsFilter, type PostFields } from './posts-admin.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');

/** The admin post endpoints, under `/api/posts`: administrators only. */
@Controller('posts')
@UseGuards(AdminGuard)
export class PostsAdminController {
  constructor(
    private readonly posts: PostsAdminService,
    private readonly previews: PostPreviewsService,
  ) {}

  /** Every post, hidden ones too, as a plain array; `X-Total-Count` counts every match when `page` is given. */
  @TokenScope('content:read')
  @Get()
  async list(
    @Query(new ZodValidationPipe(adminPostsQuerySchema)) filter: AdminPostsFilter,
    @Res({ passthrough: true }) res: Response,
    @Req() req: Request,
  ) {
    return pagedRows(req, res, await this.posts.list(filter), { page: filter.page, pageSize: ADMIN_POSTS_PAGE_SIZE });
  }

  /** `{total, hidden, drafts, scheduled}` (declared before `:id`, which would take `counts` for an id). */
  @TokenScope('content:read')
  @Get('counts')
  counts() {
    return this.posts.counts();
  }

  /** With `ETag: "v<version>"`, for the `If-Match` of the next `PUT`. */
  @TokenScope('content:read')
  @Get(':id')
  async get(@Param('id', idPipe) id: number, @Res({ passthrough: true }) res: Response) {
    const post = await this.posts.get(id);
    res.setHeader('ETag', etagOf(post.version));
    return post;
  }

  /** 200 `{status: 200, id}`: the spec's client counts only 200. */
  @TokenScope('content:write')
  @Post()
  @HttpCode(200)
  create(@Body(new ZodValidationPipe(postInputSchema)) body: PostFields, @RestChange() origin: ChangeOrigin) {
    return this.posts.create(body, origin);
  }

  /**
   * With `If-Match: "v<version>"`: written only over that version, else 412 with the post as it is now
   * (`current`) and who changed it (`changed`). Without it (the spec's client), over any version.
   */
  @TokenScope('content:write')
  @Put(':id')
  update(
    @Param('id', idPipe) id: number,
    @Body(new ZodValidationPipe(postInputSchema)) body: PostFields,
    @IfMatch() version: number | undefined,
    @RestChange() origin: ChangeOrigin,
  ) {
    return this.posts.update(id, body, { origin, version });
  }

  @TokenScope('content:write')
  @Delete(':id')
  remove(@Param('id', idPipe) id: number) {
    return this.posts.remove(id);
  }

  /** 201 the new version: a draft in `language` pre-filled from the post and linked to it (tRPC `posts.translate`). */
  @TokenScope('content:write')
  @Post(':id/translations')
  translate(
    @Param('id', idPipe) id: number,
    @Body(new ZodValidationPipe(translateBodySchema)) body: { language: Language },
    @RestChange() origin: ChangeOrigin,
  ) {
    return this.posts.translate(id, body.language, origin);
  }

  /** Makes the two posts versions of each other (tRPC `posts.linkTranslation`); answers the post. */
  @TokenScope('content:write')
  @Put(':id/translations/:translation_id')
  linkTranslation(
    @Param('id', idPipe) id: number,
    @Param('translation_id', new ZodValidationPipe(idSchema, 'translation_id')) translationId: number,
  ) {
    return this.posts.linkTranslation(id, translationId);
  }

  /** Takes the post out of its translation group (tRPC `posts.unlinkTranslation`); answers the post. */
  @TokenScope('content:write')
  @Delete(':id/translations')
  unlinkTranslation(@Param('id', idPipe) id: number) {
    return this.posts.unlinkTranslation(id);
  }

  /** A new private preview link: `{path, expires_at}`, shown only now. */
  @TokenScope('content:write')
  @Post(':id/previews')
  @HttpCode(200)
  createPreview(@Param('id', idPipe) id: number) {
    return this.previews.create(id);
  }

  /** Ends every preview link to the post. */
  @TokenScope('content:write')
  @Delete(':id/previews')
  revokePreviews(@Param('id', idPipe) id: number) {
    return this.previews.revokeAll(id);
  }
}
