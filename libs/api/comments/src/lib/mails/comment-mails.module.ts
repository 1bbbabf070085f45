import { Module } from '@nestjs/common';
import { CommentsModule } from '../comments.module';
import { CommentMailLinksController } from './comment-mail-links.controller';
import { CommentMailsService } from './comment-mails.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './comment-mails.openapi';

/**
 * The comment mails (the owner's for a held comment, a reader's for a reply) and the pages of their
 * links. A module of its own: it runs on the job queue, which the comment specs without mail need not start.
 */
@Module({
  imports: [CommentsModule],
  controllers: [CommentMailLinksController],
  providers: [CommentMailsService],
  exports: [CommentMailsService],
})
export class CommentMailsModule {}
