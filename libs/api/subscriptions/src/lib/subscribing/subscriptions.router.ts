import { Injectable } from '@nestjs/common';
import {
  idInputSchema,
  subscribeInputSchema,
  subscriptionPreferencesInputSchema,
  subscriptionTokenInputSchema,
} from '@blog/contracts';
import { adminProcedure, publicProcedure, router } from '@blog/api/http';
import { clientAddress } from '@blog/api/security';
import { NewsletterService } from '../sending/newsletter.service';
import { SubscriptionsService } from './subscriptions.service';

@Injectable()
export class SubscriptionsRouter {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly newsletter: NewsletterService,
  ) {}

  readonly router = router({
    /** The categories one may subscribe to, for the form's checkboxes. */
    topics: publicProcedure.query(() => this.subscriptions.subscribableCategories()),
    subscribe: publicProcedure
      .input(subscribeInputSchema)
      .mutation(({ ctx, input }) => this.subscriptions.subscribe(input, clientAddress(ctx.req))),
    confirm: publicProcedure
      .input(subscriptionTokenInputSchema)
      .mutation(({ input }) => this.subscriptions.confirm(input.token)),
    preferences: publicProcedure
      .input(subscriptionTokenInputSchema)
      .query(({ input }) => this.subscriptions.preferences(input.token)),
    updatePreferences: publicProcedure
      .input(subscriptionPreferencesInputSchema)
      .mutation(({ input: { token, ...choices } }) => this.subscriptions.updatePreferences(token, choices)),
    unsubscribe: publicProcedure
      .input(subscriptionTokenInputSchema)
      .mutation(({ input }) => this.subscriptions.unsubscribe(input.token)),
    /** The post editor's "Sent to N subscribers". */
    postDeliveries: adminProcedure
      .input(idInputSchema)
      .query(async ({ input }) => ({ sent: await this.newsletter.sentCount(input.id) })),
  });
}
