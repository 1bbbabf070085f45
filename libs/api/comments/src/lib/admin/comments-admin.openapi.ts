import { adminCommentSchema, commentBulkResultSchema, commentCountsSchema, commentListSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

export const commentsAdminApi = describeRoutes(
  'Comments (owner)',
  {
    'GET /api/comments': {
      summary: 'A page of comments, held ones first (filter by `post` id and `state`)',
      description: 'Every state: pending, approved, spam and trash, with the spam signals that fired and their score.',
      answers: { 200: commentListSchema },
    },
    'GET /api/comments/counts': {
      summary: 'How many comments in each state',
      answers: { 200: commentCountsSchema },
    },
    'POST /api/comments/bulk': {
      summary: 'Approve, mark as spam or trash up to 100 comments at once',
      description: '`changed`: how many were in another state (ids of no comment are skipped).',
      answers: { 200: commentBulkResultSchema },
    },
    'POST /api/comments/erase': {
      summary: 'Erase an e-mail address from every comment written with it (a writer asking to be forgotten)',
      description:
        'Each such comment is shown as "Guest": no e-mail, website, user agent, address hash or writer token, no ' +
        'reply notifications; its text stays. What "mark spam" learnt of the address goes too. `changed`: how many ' +
        'comments changed.',
      answers: { 200: commentBulkResultSchema },
    },
    'POST /api/comments/{id}/approve': {
      summary: 'Approve a comment: it is shown on its post',
      answers: { 200: adminCommentSchema },
      errors: [404],
    },
    'POST /api/comments/{id}/spam': {
      summary: "Mark a comment as spam: never shown, and its writer's e-mail and linked hosts are spam from now on",
      answers: { 200: adminCommentSchema },
      errors: [404],
    },
    'POST /api/comments/{id}/trash': {
      summary: 'Move a comment to the trash',
      answers: { 200: adminCommentSchema },
      errors: [404],
    },
    'PUT /api/comments/{id}': {
      summary: "Correct a comment's text",
      answers: { 200: adminCommentSchema },
      errors: [404],
    },
    'POST /api/comments/{id}/reply': {
      summary: "Answer a comment as the site's author: shown at once (a held comment answered is approved)",
      description: 'The answer to a reply goes under the comment it replies to: replies are one level deep.',
      answers: { 200: adminCommentSchema },
      errors: [404],
    },
  },
  'The owner moderates the comments (token scopes `comments:read` and `comments:write`).',
);
