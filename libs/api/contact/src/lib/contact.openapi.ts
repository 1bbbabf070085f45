import { z } from 'zod';
import { contactMessageSchema, okSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

export const contactApi = describeRoutes('Contact', {
  'POST /api/contact': { summary: 'Send a contact message', answers: { 200: okSchema }, errors: [429] },
  'GET /api/messages': { summary: 'The inbox, newest first', answers: { 200: z.array(contactMessageSchema) } },
  'PUT /api/messages/{id}/read': {
    summary: 'Mark a message read (or unread with `{read: false}`)',
    body: { contentType: 'application/json', required: false, schema: z.object({ read: z.boolean().optional() }) },
    answers: { 200: contactMessageSchema },
  },
  'DELETE /api/messages/{id}': { summary: 'Delete a message', answers: { 200: okSchema } },
});
