import { z } from 'zod';
import { contactMessageSchema, okSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

export const contactApi = describeRoutes('Contact', {
  'POST /api/contact': {
    summary: 'Send a contact message',
    description:
      'An inquiry also names what it is about, `project` or `service` (a slug, one of them), and the page of ' +
      'this site it was sent from, `from` (`/portfolio/homestay`). A project or service the public cannot read ' +
      '(unknown, hidden, a draft) is ignored and the message stored without a topic; a `from` that is not a ' +
      'path of this site (another site, longer than 300 characters) is dropped. Neither refuses the message.',
    answers: { 200: okSchema },
    errors: [429],
  },
  'GET /api/messages': {
    summary: 'The inbox, newest first',
    description:
      'Each message with its topic (kind, slug and the title as it was when sent) and source page. ' +
      'Filters: `topic` (`project`, `service`, or `none` for plain messages), `slug` with it (one project ' +
      'or service), `from` (the source page, e.g. `/portfolio/homestay`).',
    answers: { 200: z.array(contactMessageSchema) },
  },
  'PUT /api/messages/{id}/read': {
    summary: 'Mark a message read (or unread with `{read: false}`)',
    body: { contentType: 'application/json', required: false, schema: z.object({ read: z.boolean().optional() }) },
    answers: { 200: contactMessageSchema },
  },
  'DELETE /api/messages/{id}': { summary: 'Delete a message', answers: { 200: okSchema } },
});
