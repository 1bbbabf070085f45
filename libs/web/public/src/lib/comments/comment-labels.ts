import type { CommentFormRefusal } from '@blog/contracts';
import { commentCountLabel } from '@blog/web/ui';

/** What the post page's thread and comment form say (their tests read the same words). */
export const COMMENT_LABELS = {
  heading: (count: number) => (count === 0 ? 'Comments' : commentCountLabel(count)),
  none: 'No comments yet. Be the first to write one.',
  formHeading: 'Write a comment',
  name: 'Name',
  email: 'E-mail (never shown)',
  website: 'Website (optional)',
  body: 'Comment',
  notify: 'E-mail me when someone replies',
  submit: 'Post comment',
  reply: 'Reply',
  replyingTo: (name: string) => `Replying to ${name}`,
  cancelReply: 'Cancel reply',
  author: 'Author',
  held: 'Your comment is waiting for approval. Only you can see it until then.',
  published: 'Your comment is published.',
  closed: 'Comments are closed on this post.',
  checkFields: 'Please correct the highlighted fields.',
  checkField: 'Please check this field.',
} as const;

/** Why a comment was refused, in words. */
export const COMMENT_REFUSAL_MESSAGES: Record<CommentFormRefusal, string> = {
  invalid: COMMENT_LABELS.checkFields,
  tooMany: 'Too many comments from you in a short time. Please try again later.',
  closed: COMMENT_LABELS.closed,
  notFound: 'This post or the comment you answer no longer takes comments.',
  failed: 'Your comment could not be sent. Please try again.',
};
