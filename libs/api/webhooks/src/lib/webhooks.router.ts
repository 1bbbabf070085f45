import { Injectable } from '@nestjs/common';
import {
  idInputSchema,
  webhookDeliveriesInputSchema,
  webhookDeliveryInputSchema,
  webhookInputSchema,
  webhookUpdateInputSchema,
} from '@blog/contracts';
import { adminProcedure, router } from '@blog/api/http';
import { WebhooksService } from './webhooks.service';

/** `webhooks.*` in the app router: webhooks are managed through tRPC only (the admin's Webhooks screen). */
@Injectable()
export class WebhooksRouter {
  constructor(private readonly webhooks: WebhooksService) {}

  readonly router = router({
    list: adminProcedure.query(() => this.webhooks.list()),
    create: adminProcedure.input(webhookInputSchema).mutation(({ input }) => this.webhooks.create(input)),
    update: adminProcedure
      .input(webhookUpdateInputSchema)
      .mutation(({ input: { id, ...fields } }) => this.webhooks.update(id, fields)),
    delete: adminProcedure.input(idInputSchema).mutation(({ input }) => this.webhooks.remove(input.id)),
    secret: adminProcedure.input(idInputSchema).query(({ input }) => this.webhooks.secret(input.id)),
    rotateSecret: adminProcedure.input(idInputSchema).mutation(({ input }) => this.webhooks.rotateSecret(input.id)),
    deliveries: adminProcedure
      .input(webhookDeliveriesInputSchema)
      .query(({ input }) => this.webhooks.deliveriesOf(input.webhook_id)),
    sendTest: adminProcedure.input(idInputSchema).mutation(({ input }) => this.webhooks.sendTest(input.id)),
    resend: adminProcedure.input(webhookDeliveryInputSchema).mutation(({ input }) => this.webhooks.resend(input.id)),
  });
}
