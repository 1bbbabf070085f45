import { z } from 'zod';
import { okSchema, subscriptionPreferencesSchema, subscriptionTokenSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

const tokenQuery = z.object({ token: subscriptionTokenSchema });

export const subscriptionsApi = describeRoutes('Subscriptions', {
  'POST /api/subscriptions': {
    summary: 'Subscribe to new posts by e-mail (double opt-in)',
    description:
      'Stores the address as pending and mails it a confirmation link (valid 7 days); nothing else is mailed ' +
      'before it is confirmed. The answer is the same whether the address was new, pending, confirmed or ' +
      'unsubscribed. `topics`: category ids (none: every subscribable category). 503 when mail is not set up.',
    answers: { 200: okSchema },
    errors: [429, 503],
  },
  'POST /api/subscriptions/confirm': {
    summary: "Confirm a subscription with the confirmation mail's token",
    answers: { 200: z.object({ email: z.string() }) },
  },
  'GET /api/subscriptions/preferences': {
    summary: "A subscriber's topics and digest choice, by the token of a mail's preferences link",
    answers: { 200: subscriptionPreferencesSchema },
  },
  'PUT /api/subscriptions/preferences': {
    summary: "Change a subscriber's topics (empty: all) and weekly digest choice",
    answers: { 200: okSchema },
  },
  'POST /api/subscriptions/unsubscribe': {
    summary: 'Unsubscribe (RFC 8058 one-click: body `List-Unsubscribe=One-Click`, no cookie needed)',
    description:
      'The subscriber is deleted; only a keyed hash of the address is kept, so that it is never mailed or added again.',
    body: {
      contentType: 'application/x-www-form-urlencoded',
      required: false,
      schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', const: 'One-Click' } } },
    },
    answers: {
      200: {
        description: 'Unsubscribed: `{status: 200}`, or a page saying so for a browser that asks for HTML first',
        contentType: ['application/json', 'text/html'],
        schema: okSchema,
      },
    },
  },
  'GET /api/subscriptions/unsubscribe': {
    summary: 'A page with the unsubscribe button (opening the link never unsubscribes)',
    query: tokenQuery,
    answers: { 200: { contentType: 'text/html', schema: { type: 'string' } } },
  },
});
