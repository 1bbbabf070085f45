import { Module } from '@nestjs/common';
import { CommentsController } from './submitting/comments.controller';
import { CommentsRouter } from './submitting/comments.router';
import { CommentsService } from './submitting/comments.service';
// Their routes' OpenAPI description, loaded with the module that serves them.
import './submitting/comments.openapi';

/**
 * Readers' comments under posts: written without an account, filtered for spam on the site itself
 * (nothing is sent anywhere), moderated as WordPress does, and the owner's moderation.
 */
@Module({
  controllers: [CommentsController],
  providers: [CommentsService, CommentsRouter],
  exports: [CommentsService, CommentsRouter],
})
export class CommentsModule {}
