import { commentSubmittedSchema, heldCommentSchema, postCommentsSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

export const commentsApi = describeRoutes(
  'Comments',
  {
    'GET /api/posts/{slug}/comments': {
      summary: "A published post's approved comments: threads oldest first, replies under their parent",
      description:
        'Never a held or spam comment, nor an e-mail. `open` says whether a comment may be written now ' +
        "(`closed_reason` why not); `rendered_at` is the stamp to send back with one. `?lang=`: the post's " +
        "language (a slug is unique in its language), else the site's default.",
      answers: { 200: postCommentsSchema },
      errors: [404],
    },
    'GET /api/projects/{slug}/comments': {
      summary: "A published project's approved comments, as a post's",
      description: "`?lang=`: the project's language (a slug is unique in its language), else the site's default.",
      answers: { 200: postCommentsSchema },
      errors: [404],
    },
    'POST /api/comments': {
      summary:
        'Write a comment under a post or a project (`post_id` or `project_id`, one of them), or a reply to one of its comments (no account needed)',
      description:
        'A first comment from an e-mail waits for approval; later ones from an e-mail with an approved comment ' +
        'are shown at once unless a moderation rule holds them. Spam is answered as a held comment. `token` ' +
        'shows the held comment to its writer (`GET /api/comments/held`). 403 when comments are closed.',
      answers: { 200: commentSubmittedSchema },
      errors: [403, 404, 429],
    },
    'GET /api/comments/held': {
      summary: 'A held comment, to its writer only, by the token its submission answered',
      answers: { 200: heldCommentSchema },
      errors: [404],
    },
  },
  "Readers' comments under posts and projects.",
);
