import { Module } from '@nestjs/common';
import { CommentsAdminController } from './admin/comments-admin.controller';
import { CommentsAdminRouter } from './admin/comments-admin.router';
import { CommentsAdminService } from './admin/comments-admin.service';
import { CommentsController } from './submitting/comments.controller';
import { CommentsRouter } from './submitting/comments.router';
import { CommentsService } from './submitting/comments.service';
// Their routes' OpenAPI description, loaded with the module that serves them.
import './admin/comments-admin.openapi';
import './submitting/comments.openapi';

/**
 * Readers' comments under posts: written without an account, filtered for spam on the site itself
 * (nothing is sent anywhere), moderated as WordPress does, and the owner's moderation.
 */
@Module({
  controllers: [CommentsController, CommentsAdminController],
  providers: [CommentsService, CommentsRouter, CommentsAdminService, CommentsAdminRouter],
  exports: [CommentsService, CommentsRouter, CommentsAdminService, CommentsAdminRouter],
})
export class CommentsModule {}
