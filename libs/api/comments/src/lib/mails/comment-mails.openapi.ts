import { commentTokenInputSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';
import { COMMENT_MODERATION_LINK_DAYS } from './comment-mails.service';

const page = (description: string) => ({ description, contentType: 'text/html', schema: { type: 'string' } });
/** The mails' links are opened by people: a refused link's page says why (its button's POST is refused as errors are). */
const refusals = {
  400: page('Not a link of the mails (incomplete, altered), or meant for another page'),
  403: page('The link is forged (its signature does not match) or expired'),
  404: page('The comment of the link no longer exists'),
};

export const commentMailsApi = describeRoutes('Comments', {
  'GET /api/comments/mail/moderate': {
    summary: "The page of a held comment's mail link (Approve or Mark as spam): the comment and a button",
    description: 'Opening the link never moderates (mail scanners follow links).',
    query: commentTokenInputSchema,
    answers: { 200: page('The page with the button, or one saying the comment was already moderated'), ...refusals },
  },
  'POST /api/comments/mail/moderate': {
    summary: "Approve or mark spam a held comment by its mail's signed link (no sign-in)",
    description:
      'One use: it acts only while the comment still waits; after it, or once the owner moderated it in the admin, ' +
      `the page says it was already moderated. The links expire after ${COMMENT_MODERATION_LINK_DAYS} days.`,
    query: commentTokenInputSchema,
    answers: { 200: page('Done, or already moderated') },
    errors: [403, 404],
  },
  'GET /api/comments/mail/unsubscribe': {
    summary: "The page of a reply mail's unsubscribe link, with its button (opening it never unsubscribes)",
    query: commentTokenInputSchema,
    answers: { 200: page('The page with the button'), ...refusals },
  },
  'POST /api/comments/mail/unsubscribe': {
    summary: 'No more reply mails to this writer (RFC 8058 one-click: body `List-Unsubscribe=One-Click`, no cookie)',
    description: "`notify_replies` is turned off on every comment of the writer's e-mail.",
    query: commentTokenInputSchema,
    body: {
      contentType: 'application/x-www-form-urlencoded',
      required: false,
      schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', const: 'One-Click' } } },
    },
    answers: { 200: page('Unsubscribed') },
    errors: [403, 404],
  },
});
