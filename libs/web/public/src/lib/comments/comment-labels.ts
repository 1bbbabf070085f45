import type { CommentFormRefusal } from '@blog/contracts';
import { translatorOf, type Translate } from '../i18n/i18n';

/** What the thread and comment form say, in the language of `t`. */
export function commentLabelsOf(t: Translate) {
  return {
    heading: (count: number) => (count === 0 ? t('comments.heading') : t('ui.commentCount', { count })),
    none: t('comments.none'),
    formHeading: t('comments.formHeading'),
    name: t('comments.name'),
    email: t('comments.email'),
    website: t('comments.website'),
    body: t('comments.body'),
    notify: t('comments.notify'),
    submit: t('comments.submit'),
    reply: t('comments.reply'),
    replyTo: (name: string) => t('comments.replyTo', { name }),
    replyingTo: (name: string) => t('comments.replyingTo', { name }),
    cancelReply: t('comments.cancelReply'),
    author: t('comments.author'),
    held: t('comments.held'),
    published: t('comments.published'),
    closed: t('comments.closed'),
    checkFields: t('comments.checkFields'),
    checkField: t('comments.checkField'),
    honeypot: t('comments.honeypot'),
    /** Why a comment was refused, in words. */
    refusals: {
      invalid: t('comments.checkFields'),
      tooMany: t('comments.tooMany'),
      closed: t('comments.closed'),
      notFound: t('comments.notFound'),
      failed: t('comments.failed'),
    } satisfies Record<CommentFormRefusal, string>,
  };
}

/** The English words by name (the spec's), as the thread's tests read them. */
export const COMMENT_LABELS = commentLabelsOf(translatorOf('en'));
export const COMMENT_REFUSAL_MESSAGES = COMMENT_LABELS.refusals;
