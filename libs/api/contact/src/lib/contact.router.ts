import { Injectable } from '@nestjs/common';
import { contactMessageInputSchema } from '@blog/contracts';
import { publicProcedure, router } from '@blog/api/core';
import { ContactService } from './contact.service';

@Injectable()
export class ContactRouter {
  constructor(private readonly contact: ContactService) {}

  readonly router = router({
    send: publicProcedure
      .input(contactMessageInputSchema)
      .mutation(({ input }) => this.contact.send(input)),
  });
}
