import { Injectable } from '@nestjs/common';
import { commentSubmitInputSchema, commentTokenInputSchema, commentThreadInputSchema } from '@blog/contracts';
import { publicProcedure, router } from '@blog/api/http';
import { CommentsService } from './comments.service';
import { commentSenderOf } from './comments.controller';

/** The public tRPC door (`comments.*` in the app router), as REST's `/api/posts/{slug}/comments` and `/api/comments`. */
@Injectable()
export class CommentsRouter {
  constructor(private readonly comments: CommentsService) {}

  readonly router = router({
    list: publicProcedure
      .input(commentThreadInputSchema)
      .query(({ input }) => this.comments.thread(input.slug, input.subject, input.lang)),
    submit: publicProcedure
      .input(commentSubmitInputSchema)
      .mutation(({ ctx, input }) => this.comments.submit(input, commentSenderOf(ctx.req))),
    held: publicProcedure.input(commentTokenInputSchema).query(({ input }) => this.comments.held(input.token)),
  });
}
