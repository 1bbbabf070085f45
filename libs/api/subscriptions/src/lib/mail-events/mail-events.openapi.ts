import { describeRoutes } from '@blog/api/openapi';
import { genericMailEventsSchema } from './providers/generic';

export const mailEventsApi = describeRoutes(
  'Mail events',
  {
    'POST /api/mail-events/{provider}': {
      summary: "A mail provider's bounce and complaint report",
      description:
        '`provider` is `ses` (Amazon SES through SNS: `text/plain` JSON, its SNS signature checked against an ' +
        'AWS certificate, its topic one of `MAIL_EVENTS_SES_TOPIC_ARNS`; subscription confirmations are ' +
        'confirmed), `postmark` (basic authentication), `sendgrid` ' +
        '(the signed Event Webhook), `mailgun` (signed webhooks; stale or replayed signatures refused) or ' +
        '`generic` (the body below, `X-Signature: sha256=<hex>` the HMAC-SHA256 of the body with ' +
        '`MAIL_EVENTS_SECRET`). A hard bounce or a complaint suppresses the address; soft bounces only when ' +
        'repeated over days; auto-replies never. 401: a missing or wrong signature; 404: an unknown provider; ' +
        '403: an SNS topic not named in `MAIL_EVENTS_SES_TOPIC_ARNS`; 503: that provider is not set up.',
      body: { contentType: 'application/json', schema: genericMailEventsSchema },
      answers: { 204: { description: 'Received' } },
      errors: [401],
    },
  },
  "The mail providers' reports of bounces and complaints, which keep the subscribers' list clean.",
);
