import {
  okSchema,
  SUBSCRIBER_IMPORT_MAX_BYTES,
  subscriberCountsSchema,
  subscriberGrowthSchema,
  subscriberImportResultSchema,
  subscriberListSchema,
} from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';
import { SUBSCRIBER_EXPORT_COLUMNS } from './subscriber-csv';

export const subscribersApi = describeRoutes(
  'Subscribers',
  {
    'GET /api/subscribers': {
      summary: 'A page of subscribers, or of suppressed addresses',
      description:
        '`state` pending or confirmed (none: both) lists subscribers in `subscribers`; unsubscribed or suppressed ' +
        'lists suppressions in `suppressions` (a masked address, the reason, the date). `q`: part of the address ' +
        'or the name (for suppressions, a whole address or part of the masked one); `topic`: a category id.',
      answers: { 200: subscriberListSchema },
    },
    'GET /api/subscribers/counts': {
      summary: 'How many subscribers and suppressions in each state, and confirmed per subscribable category',
      answers: { 200: subscriberCountsSchema },
    },
    'GET /api/subscribers/growth': {
      summary: 'Confirmations, departures and the confirmed subscribers at the end of each day',
      description: "`from` and `to` are days (`YYYY-MM-DD`) in the site's time zone, both included.",
      answers: { 200: subscriberGrowthSchema },
    },
    'GET /api/subscribers/export.csv': {
      summary: 'Every subscriber as CSV',
      description:
        `Columns: ${SUBSCRIBER_EXPORT_COLUMNS.join(', ')}; topics are category slugs separated by spaces. ` +
        "A cell a spreadsheet would take for a formula is prefixed with `'`.",
      answers: {
        200: {
          description: 'A subscriber a line, a header first',
          contentType: 'text/csv',
          schema: { type: 'string' },
          headers: { 'Content-Disposition': { description: 'attachment; filename="subscribers-<day>.csv"' } },
        },
      },
    },
    'POST /api/subscribers/import': {
      summary: 'Import subscribers from a CSV export (Mailchimp, Substack, Ghost, or email[,name])',
      description:
        `The file is the body (\`text/csv\`, at most ${SUBSCRIBER_IMPORT_MAX_BYTES / 1024 / 1024} MB), the options ` +
        'in the query. Suppressed addresses and those the export marks unsubscribed or cleaned are never added, ' +
        'existing subscribers are left as they are. The added are pending and mailed nothing but a confirmation ' +
        'link (`send_confirmation`, sent by a background job) unless `already_opted_in` with `consent_note` ' +
        'states how they agreed: then they are confirmed, the statement kept as their consent. 503 when a ' +
        'confirmation link is asked for and mail is not set up.',
      body: { contentType: 'text/csv', schema: { type: 'string' }, required: true },
      answers: { 200: subscriberImportResultSchema },
      errors: [413, 415, 503],
    },
    'DELETE /api/subscribers/suppressions/{id}': {
      summary: 'Undo a suppression: the address may subscribe, or be imported, again',
      answers: { 200: okSchema },
      errors: [404],
    },
    'DELETE /api/subscribers/{id}': {
      summary: 'Remove a subscriber (`suppress=true`: and never mail the address again)',
      answers: { 200: okSchema },
      errors: [404],
    },
  },
  'The subscribers to new posts by e-mail (token scopes `subscribers:read` and `subscribers:write`).',
);
