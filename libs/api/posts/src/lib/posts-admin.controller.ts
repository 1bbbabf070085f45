import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { adminPostsQuerySchema, autosaveSlotOf, idSchema, postInputSchema } from '@blog/contracts';
import { DataSource } from 'typeorm';
import { clearAutosaveAfterSave } from '@blog/api/data';
import { AdminGuard, ZodValidationPipe } from '@blog/api/core';
import { PostPreviewsService } from './post-previews.service';
import { PostsAdminService, type AdminPostsFilter, type PostFields } from './posts-admin.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');

/** The spec's admin post endpoints (section 7), under `/api/posts`: administrators only. */
@Controller('posts')
@UseGuards(AdminGuard)
export class PostsAdminController {
  constructor(
    private readonly posts: PostsAdminService,
    private readonly previews: PostPreviewsService,
    private readonly database: DataSource,
  ) {}

  /** Every post, hidden ones too, as a plain array; `X-Total-Count` counts every match when `page` is given. */
  @Get()
  async list(
    @Query(new ZodValidationPipe(adminPostsQuerySchema)) filter: AdminPostsFilter,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.posts.list(filter);
    res.setHeader('X-Total-Count', String(total));
    return rows;
  }

  /** `{total, hidden, drafts, scheduled}` (declared before `:id`, which would take `counts` for an id). */
  @Get('counts')
  counts() {
    return this.posts.counts();
  }

  @Get(':id')
  get(@Param('id', idPipe) id: number) {
    return this.posts.get(id);
  }

  /** 200 `{status: 200, id}`: the spec's client counts only 200. */
  @Post()
  @HttpCode(200)
  create(@Body(new ZodValidationPipe(postInputSchema)) body: PostFields) {
    return this.posts.create(body);
  }

  @Put(':id')
  async update(
    @Req() req: Request,
    @Param('id', idPipe) id: number,
    @Body(new ZodValidationPipe(postInputSchema)) body: PostFields,
  ) {
    const saved = await this.posts.update(id, body);
    // Saved: the saver's autosave of this post is done with.
    await clearAutosaveAfterSave(this.database, req.user?.id, autosaveSlotOf.post(id));
    return saved;
  }

  @Delete(':id')
  remove(@Param('id', idPipe) id: number) {
    return this.posts.remove(id);
  }

  /** A new private preview link: `{path, expires_at}`, shown only now. */
  @Post(':id/previews')
  @HttpCode(200)
  createPreview(@Param('id', idPipe) id: number) {
    return this.previews.create(id);
  }

  /** Ends every preview link to the post. */
  @Delete(':id/previews')
  revokePreviews(@Param('id', idPipe) id: number) {
    return this.previews.revokeAll(id);
  }
}
