import { Injectable } from '@nestjs/common';
import {
  contactMessageInputSchema,
  idInputSchema,
  messageMarkReadInputSchema,
  messagesQuerySchema,
} from '@blog/contracts';
import { adminProcedure, publicProcedure, router, tokenScope } from '@blog/api/http';
import { ContactService, senderOf } from './contact.service';

@Injectable()
export class ContactRouter {
  constructor(private readonly contact: ContactService) {}

  readonly router = router({
    send: publicProcedure
      .input(contactMessageInputSchema)
      .mutation(({ ctx, input }) => this.contact.send(input, senderOf(ctx.req))),
    list: adminProcedure
      .meta(tokenScope('messages:read'))
      .input(messagesQuerySchema.optional())
      .query(({ input }) => this.contact.list(input)),
    markRead: adminProcedure
      .input(messageMarkReadInputSchema)
      .mutation(({ input }) => this.contact.markRead(input.id, input.read)),
    delete: adminProcedure.input(idInputSchema).mutation(({ input }) => this.contact.remove(input.id)),
  });
}
