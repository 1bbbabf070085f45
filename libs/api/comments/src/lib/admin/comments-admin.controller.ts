import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  commentBulkInputSchema,
  commentEraseInputSchema,
  commentTextInputSchema,
  commentsQuerySchema,
  idSchema,
  type CommentBulk,
  type CommentErase,
  type CommentsQuery,
} from '@blog/contracts';
import { ZodValidationPipe } from '@blog/api/http';
import { AdminGuard, requireAdmin, TokenScope } from '@blog/api/security';
import { CommentsAdminService } from './comments-admin.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');

/**
 * The owner's comments under `/api/comments`: administrators, and API tokens with `comments:read` (the
 * queue, the counts) or `comments:write` (moderating, answering).
 */
@Controller('comments')
@UseGuards(AdminGuard)
export class CommentsAdminController {
  constructor(private readonly admin: CommentsAdminService) {}

  @TokenScope('comments:read')
  @Get()
  list(@Query(new ZodValidationPipe(commentsQuerySchema)) query: CommentsQuery) {
    return this.admin.list(query);
  }

  @TokenScope('comments:read')
  @Get('counts')
  counts() {
    return this.admin.counts();
  }

  @TokenScope('comments:write')
  @Post('bulk')
  @HttpCode(200)
  bulk(@Body(new ZodValidationPipe(commentBulkInputSchema)) { action, ids }: CommentBulk) {
    return this.admin.bulk(action, ids);
  }

  @TokenScope('comments:write')
  @Post('erase')
  @HttpCode(200)
  erase(@Body(new ZodValidationPipe(commentEraseInputSchema)) { email }: CommentErase) {
    return this.admin.eraseEmail(email);
  }

  @TokenScope('comments:write')
  @Post(':id/approve')
  @HttpCode(200)
  approve(@Param('id', idPipe) id: number) {
    return this.admin.moderate(id, 'approve');
  }

  @TokenScope('comments:write')
  @Post(':id/spam')
  @HttpCode(200)
  spam(@Param('id', idPipe) id: number) {
    return this.admin.moderate(id, 'spam');
  }

  @TokenScope('comments:write')
  @Post(':id/trash')
  @HttpCode(200)
  trash(@Param('id', idPipe) id: number) {
    return this.admin.moderate(id, 'trash');
  }

  @TokenScope('comments:write')
  @Put(':id')
  edit(
    @Param('id', idPipe) id: number,
    @Body(new ZodValidationPipe(commentTextInputSchema)) { body }: { body: string },
  ) {
    return this.admin.edit(id, body);
  }

  @TokenScope('comments:write')
  @Post(':id/reply')
  @HttpCode(200)
  reply(
    @Req() req: Request,
    @Param('id', idPipe) id: number,
    @Body(new ZodValidationPipe(commentTextInputSchema)) { body }: { body: string },
  ) {
    return this.admin.reply(id, body, requireAdmin(req.user));
  }
}
