import type { RequestHandler } from 'express';
import {
  COMMENT_FORM_ACTION,
  COMMENT_FORM_ID,
  COMMENT_HELD,
  COMMENT_HONEYPOT_FIELD,
  COMMENT_LINK_PARAMS,
  commentAnchor,
  commentSubmitInputSchema,
  sitePathOf,
  toFieldErrors,
  type CommentFormRefusal,
  type FieldError,
} from '@blog/contracts';
import { asDomainError, logUnexpectedError } from '@blog/api/core';
import { commentSenderOf } from './comments.controller';
import { CommentsService } from './comments.service';

/** The fields the form sends, as text (an empty optional field is left out). */
const FORM_FIELDS = [
  'post_id',
  'project_id',
  'parent_id',
  'author_name',
  'author_email',
  'author_url',
  'body',
  'notify_replies',
  'rendered_at',
  COMMENT_HONEYPOT_FIELD,
] as const;

/**
 * A comment sent as an HTML form (`POST /comments`, before or without JavaScript), through
 * `CommentsService.submit` as the REST and tRPC doors: shown at once, 303 to its page (`/{slug}` or
 * `/projects/{slug}`) `#comment-{id}`; held (or spam, which looks the same), 303 to that page with
 * `?comment=held&token=…#comment-{id}`, the page showing it
 * to its writer alone. Refused: 303 back to `from` (the page the form was on) with
 * `?comment_error=<why>[&comment_fields=…][&reply=<parent_id>]#comment-form`.
 */
export function commentFormRoute(comments: CommentsService): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST' || req.path !== COMMENT_FORM_ACTION) return next();
    const body = (req.body ?? {}) as Record<string, unknown>;
    const typed = Object.fromEntries(
      FORM_FIELDS.flatMap((field) => {
        const value = body[field];
        return typeof value === 'string' && value !== '' ? [[field, value]] : [];
      }),
    );
    const back = (typeof body['from'] === 'string' && sitePathOf(body['from'])) || '/';
    res.setHeader('Cache-Control', 'no-store');
    const refuse = (refusal: CommentFormRefusal, errors: FieldError[] = []) => {
      const query = new URLSearchParams({ [COMMENT_LINK_PARAMS.error]: refusal });
      if (errors.length > 0)
        query.set(COMMENT_LINK_PARAMS.fields, [...new Set(errors.map((error) => error.field))].join(','));
      // A refused reply comes back as a reply (the page shows the form answering that comment, if it still can).
      if (typeof typed['parent_id'] === 'string' && /^\d+$/.test(typed['parent_id'])) {
        query.set(COMMENT_LINK_PARAMS.reply, typed['parent_id']);
      }
      res.redirect(303, `${back}?${query}#${COMMENT_FORM_ID}`);
    };
    const checked = commentSubmitInputSchema.safeParse(typed);
    if (!checked.success) return refuse('invalid', toFieldErrors(checked.error.issues));
    comments.submit(checked.data, commentSenderOf(req)).then(
      ({ id, state, token, path }) => {
        const held = new URLSearchParams({
          [COMMENT_LINK_PARAMS.comment]: COMMENT_HELD,
          [COMMENT_LINK_PARAMS.token]: token,
        });
        const query = state === 'approved' ? '' : `?${held}`;
        res.redirect(303, `${path}${query}#${commentAnchor(id)}`);
      },
      (error: unknown) => {
        const refusal = asDomainError(error);
        if (refusal?.headers) res.set(refusal.headers);
        if (refusal?.code === 'TOO_MANY_REQUESTS') return refuse('tooMany');
        if (refusal?.code === 'FORBIDDEN') return refuse('closed');
        if (refusal?.code === 'NOT_FOUND') return refuse('notFound');
        if (refusal?.code === 'BAD_REQUEST') return refuse('invalid', refusal.errors);
        if (!refusal) logUnexpectedError(req, error, `POST ${req.path} (comment form)`);
        refuse('failed');
      },
    );
  };
}
