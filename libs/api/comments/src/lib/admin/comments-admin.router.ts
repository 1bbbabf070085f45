import { Injectable } from '@nestjs/common';
import {
  commentActionInputSchema,
  commentBulkInputSchema,
  commentEraseInputSchema,
  commentTextTrpcInputSchema,
  commentsQuerySchema,
} from '@blog/contracts';
import { adminProcedure, router, tokenScope } from '@blog/api/http';
import { CommentsAdminService } from './comments-admin.service';

const readProcedure = adminProcedure.meta(tokenScope('comments:read'));
const writeProcedure = adminProcedure.meta(tokenScope('comments:write'));

/** The owner's tRPC door (`commentsAdmin.*` in the app router), as REST's `/api/comments…`. */
@Injectable()
export class CommentsAdminRouter {
  constructor(private readonly admin: CommentsAdminService) {}

  readonly router = router({
    list: readProcedure.input(commentsQuerySchema).query(({ input }) => this.admin.list(input)),
    counts: readProcedure.query(() => this.admin.counts()),
    approve: writeProcedure
      .input(commentActionInputSchema)
      .mutation(({ input }) => this.admin.moderate(input.id, 'approve')),
    spam: writeProcedure.input(commentActionInputSchema).mutation(({ input }) => this.admin.moderate(input.id, 'spam')),
    trash: writeProcedure
      .input(commentActionInputSchema)
      .mutation(({ input }) => this.admin.moderate(input.id, 'trash')),
    bulk: writeProcedure
      .input(commentBulkInputSchema)
      .mutation(({ input }) => this.admin.bulk(input.action, input.ids)),
    edit: writeProcedure
      .input(commentTextTrpcInputSchema)
      .mutation(({ input }) => this.admin.edit(input.id, input.body)),
    eraseEmail: writeProcedure
      .input(commentEraseInputSchema)
      .mutation(({ input }) => this.admin.eraseEmail(input.email)),
    reply: writeProcedure
      .input(commentTextTrpcInputSchema)
      .mutation(({ ctx, input }) => this.admin.reply(input.id, input.body, ctx.user)),
  });
}
