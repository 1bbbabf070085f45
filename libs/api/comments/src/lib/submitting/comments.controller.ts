import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  commentSubmitInputSchema,
  commentTokenInputSchema,
  slugParamSchema,
  type CommentSubmit,
  type Language,
} from '@blog/contracts';
import { LangQuery, ZodValidationPipe } from '@blog/api/http';
import { clientAddress } from '@blog/api/security';
import { CommentsService, type CommentSender } from './comments.service';

/** Who sent a request, as the comments keep it (a keyed hash of the address, the browser's name). */
export const commentSenderOf = (req: Request | undefined): CommentSender => ({
  address: clientAddress(req),
  userAgent: req?.get('user-agent') ?? '',
});

/** The public doors of comments: no sign-in. */
@Controller()
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  // Its stamp (`rendered_at`) is new on each read: never stored by a cache.
  @Get('posts/:slug/comments')
  @Header('Cache-Control', 'no-store')
  thread(@Param('slug', new ZodValidationPipe(slugParamSchema, 'slug')) slug: string, @LangQuery() lang?: Language) {
    return this.comments.thread(slug, 'post', lang);
  }

  @Get('projects/:slug/comments')
  @Header('Cache-Control', 'no-store')
  projectThread(
    @Param('slug', new ZodValidationPipe(slugParamSchema, 'slug')) slug: string,
    @LangQuery() lang?: Language,
  ) {
    return this.comments.thread(slug, 'project', lang);
  }

  @Post('comments')
  @HttpCode(200)
  submit(@Req() req: Request, @Body(new ZodValidationPipe(commentSubmitInputSchema)) input: CommentSubmit) {
    return this.comments.submit(input, commentSenderOf(req));
  }

  @Get('comments/held')
  @Header('Cache-Control', 'no-store')
  held(@Query(new ZodValidationPipe(commentTokenInputSchema)) { token }: { token: string }) {
    return this.comments.held(token);
  }
}
