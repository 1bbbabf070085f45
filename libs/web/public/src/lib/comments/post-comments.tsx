import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import {
  COMMENT_FORM_ACTION,
  COMMENT_FORM_ID,
  COMMENT_FORM_REFUSALS,
  COMMENT_HELD,
  COMMENT_HONEYPOT_FIELD,
  COMMENT_LINK_PARAMS,
  COMMENTS_ANCHOR,
  commentAnchor,
  type CommentFormRefusal,
  type CommentSubjectKind,
  type CommentThreadInput,
  type FieldError,
  type Language,
  type PublicComment,
} from '@blog/contracts';
import { fieldErrorsOf, isTooManyRequests, trpc, type QueryUtils } from '@blog/web/data';
import { FormattedDate } from '@blog/web/ui';
import { useReadLanguage, useT } from '../i18n/language-context';
import { commentLabelsOf } from './comment-labels';
import { useHydrated } from '../layout/use-hydrated';
import { CommentText } from './comment-text';
import './post-comments.css';

/** The writer's held comment named by the way back of the form (`?comment=held&token=…`), if any. */
function heldTokenOf(search: URLSearchParams): string | null {
  return search.get(COMMENT_LINK_PARAMS.comment) === COMMENT_HELD ? search.get(COMMENT_LINK_PARAMS.token) : null;
}

/** The comment the "Reply" link without JavaScript answers (`?reply=<id>`), if any. */
function replyIdOf(search: URLSearchParams): number | null {
  const id = Number(search.get(COMMENT_LINK_PARAMS.reply));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** What comments are under: a post or a project. */
export interface CommentSubject {
  kind: CommentSubjectKind;
  id: number;
  slug: string;
}

/** The thread's read of a post (`{slug, lang}`, as the post page reads it) or a project (`{slug, lang, subject}`). */
const threadInputOf = ({ kind, slug }: Pick<CommentSubject, 'kind' | 'slug'>, lang?: Language): CommentThreadInput =>
  kind === 'post' ? { slug, lang } : { slug, lang, subject: kind };

/** What the thread reads, for the post's or project's page to declare (rendered once on the server). */
export const prefetchPostComments = (
  utils: QueryUtils,
  subject: Pick<CommentSubject, 'kind' | 'slug'>,
  search: URLSearchParams,
  lang?: Language,
) => {
  const token = heldTokenOf(search);
  return [
    utils.comments.list.prefetch(threadInputOf(subject, lang)),
    ...(token ? [utils.comments.held.prefetch({ token })] : []),
  ];
};

/** How the form was refused: without JavaScript from the page's query, with it from the answer. */
interface Refusal {
  refusal: CommentFormRefusal;
  errors: FieldError[];
}

function refusalInQuery(search: URLSearchParams, checkField: string): Refusal | null {
  const refusal = search.get(COMMENT_LINK_PARAMS.error) as CommentFormRefusal | null;
  if (!refusal || !COMMENT_FORM_REFUSALS.includes(refusal)) return null;
  const fields = (search.get(COMMENT_LINK_PARAMS.fields) ?? '').split(',').filter(Boolean);
  return { refusal, errors: fields.map((field) => ({ field, message: checkField })) };
}

function refusalOf(error: unknown): Refusal {
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  const refusal: CommentFormRefusal = isTooManyRequests(error)
    ? 'tooMany'
    : status === 400
      ? 'invalid'
      : status === 403
        ? 'closed'
        : status === 404
          ? 'notFound'
          : 'failed';
  return { refusal, errors: fieldErrorsOf(error) };
}

/** One comment: its writer (linked to their website, `nofollow ugc`), the author's mark, date and text. */
function Comment({ comment, note }: { comment: PublicComment; note?: string }) {
  const LABELS = commentLabelsOf(useT());
  const headingId = `${commentAnchor(comment.id)}-by`;
  return (
    <article
      className={comment.by_owner ? 'comment comment--author' : 'comment'}
      id={commentAnchor(comment.id)}
      aria-labelledby={headingId}
    >
      <header className="comment__header">
        <span className="comment__name" id={headingId}>
          {comment.author_url ? (
            <a href={comment.author_url} rel="nofollow ugc">
              {comment.author_name}
            </a>
          ) : (
            comment.author_name
          )}
        </span>
        {comment.by_owner && <span className="comment__badge">{LABELS.author}</span>}{' '}
        <FormattedDate className="comment__date" iso={comment.created_at} />
      </header>
      {note && (
        <p className="comment__note" role="status">
          {note}
        </p>
      )}
      <CommentText text={comment.body} />
    </article>
  );
}

/**
 * The comments of a post or a project (`subject`), server-rendered under it: the approved threads
 * (replies under their parent), the writer's own held comment when the way back names it, and the form. Without JavaScript the form
 * posts to `/comments`, which answers 303 back here (held: `?comment=held&token=…`, refused:
 * `?comment_error=…&comment_fields=…`), and a "Reply" link leads to the form answering that comment
 * (`?reply=<id>#comment-form`); with it the comment is sent in place (tRPC) and "Reply" fills the form.
 */
export function PostComments({ subject }: { subject: CommentSubject }) {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  const id = useId();
  const threadInput = threadInputOf(subject, useReadLanguage());
  const LABELS = commentLabelsOf(useT());
  /** The submission's field naming the subject. */
  const subjectField = subject.kind === 'post' ? 'post_id' : 'project_id';
  const thread = trpc.comments.list.useQuery(threadInput);
  const [heldToken, setHeldToken] = useState(() => heldTokenOf(query));
  const held = trpc.comments.held.useQuery({ token: heldToken ?? '' }, { enabled: Boolean(heldToken), retry: false });
  const submit = trpc.comments.submit.useMutation();
  const utils = trpc.useUtils();
  const [refused, setRefused] = useState(() => refusalInQuery(query, LABELS.checkField));
  const [published, setPublished] = useState(false);
  const [replyId, setReplyId] = useState(() => replyIdOf(query));
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const hydrated = useHydrated();
  /**
   * The stamp sent with the comment: with JavaScript a fresh one, asked for when the form is first
   * used, since the page's own may have been kept for hours by the page cache (the time from page to
   * submit is a spam signal); the page's when that read fails.
   */
  const freshStamp = useRef<Promise<string> | null>(null);
  const takeFreshStamp = (pageStamp: string) =>
    (freshStamp.current ??= utils.comments.list.fetch(threadInput, { staleTime: 0 }).then(
      (fresh) => fresh.rendered_at,
      () => pageStamp,
    ));
  if (!thread.data) return null;
  const { comments, count, open, rendered_at: renderedAt } = thread.data;
  // Replies go one level deep: only a shown top-level comment is answered.
  const replyTo = comments.find((comment) => comment.id === replyId) ?? null;
  /** The form on this page, answering `id` (without JavaScript, `?reply=<id>`) or no one. */
  const formLink = (id: number | null) =>
    `${pathname}${id === null ? '' : `?${new URLSearchParams({ [COMMENT_LINK_PARAMS.reply]: String(id) })}`}#${COMMENT_FORM_ID}`;
  const errorOf = (field: string) => refused?.errors.find((error) => error.field === field)?.message;

  function answer(comment: PublicComment) {
    setReplyId(comment.id);
    bodyRef.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (field: string) => String(data.get(field) ?? '');
    try {
      const sent = await submit.mutateAsync({
        [subjectField]: subject.id,
        parent_id: replyTo?.id ?? null,
        author_name: text('author_name'),
        author_email: text('author_email'),
        author_url: text('author_url'),
        body: text('body'),
        notify_replies: data.has('notify_replies'),
        rendered_at: await takeFreshStamp(renderedAt),
        [COMMENT_HONEYPOT_FIELD]: text(COMMENT_HONEYPOT_FIELD),
      });
      setRefused(null);
      setReplyId(null);
      // The next comment is timed from its own first use of the form.
      freshStamp.current = null;
      form.reset();
      if (sent.state === 'approved') {
        setPublished(true);
        await utils.comments.list.invalidate(threadInput);
      } else {
        setPublished(false);
        setHeldToken(sent.token);
      }
    } catch (error) {
      setRefused(refusalOf(error));
    }
  }

  const field = (name: 'author_name' | 'author_email' | 'author_url', label: string, type: string, auto: string) => {
    const error = errorOf(name);
    return (
      <div className="comment-form__field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          type={type}
          required={name !== 'author_url'}
          autoComplete={auto}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
        />
        {error && (
          <p className="comment-form__error" id={`${id}-${name}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className="comments" id={COMMENTS_ANCHOR} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{LABELS.heading(count)}</h2>
      {comments.length === 0 && !held.data && <p>{LABELS.none}</p>}
      {comments.length > 0 && (
        <ol className="comments__list">
          {comments.map((comment) => (
            <li key={comment.id}>
              <Comment comment={comment} />
              {open && (
                <a
                  className="comment__reply"
                  href={formLink(comment.id)}
                  onClick={(event) => {
                    event.preventDefault();
                    answer(comment);
                  }}
                >
                  {LABELS.reply}
                  <span className="visually-hidden">{LABELS.replyTo(comment.author_name)}</span>
                </a>
              )}
              {comment.replies.length > 0 && (
                <ol className="comments__replies">
                  {comment.replies.map((reply) => (
                    <li key={reply.id}>
                      <Comment comment={reply} />
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
      {held.data && <Comment comment={held.data} note={LABELS.held} />}
      {published && (
        <p className="comment-form__success" role="status">
          {LABELS.published}
        </p>
      )}
      {open ? (
        <form
          className="comment-form"
          id={COMMENT_FORM_ID}
          method="post"
          action={COMMENT_FORM_ACTION}
          aria-labelledby={`${id}-form-heading`}
          onSubmit={(event) => void onSubmit(event)}
          onFocus={() => void takeFreshStamp(renderedAt)}
          noValidate
        >
          <h3 id={`${id}-form-heading`}>{LABELS.formHeading}</h3>
          {refused && (
            <p className="comment-form__failure" role="alert">
              {LABELS.refusals[refused.refusal]}
            </p>
          )}
          {replyTo && (
            <p className="comment-form__replying">
              {LABELS.replyingTo(replyTo.author_name)}{' '}
              {hydrated ? (
                <button type="button" className="ui-button" onClick={() => setReplyId(null)}>
                  {LABELS.cancelReply}
                </button>
              ) : (
                <a className="ui-button" href={formLink(null)}>
                  {LABELS.cancelReply}
                </a>
              )}
            </p>
          )}
          <input type="hidden" name="from" value={pathname} />
          <input type="hidden" name={subjectField} value={subject.id} />
          {replyTo && <input type="hidden" name="parent_id" value={replyTo.id} />}
          <input type="hidden" name="rendered_at" value={renderedAt} />
          {field('author_name', LABELS.name, 'text', 'name')}
          {field('author_email', LABELS.email, 'email', 'email')}
          {field('author_url', LABELS.website, 'url', 'url')}
          <div className="comment-form__field">
            <label htmlFor={`${id}-body`}>{LABELS.body}</label>
            <textarea
              id={`${id}-body`}
              name="body"
              rows={6}
              required
              ref={bodyRef}
              aria-invalid={Boolean(errorOf('body'))}
              aria-describedby={errorOf('body') ? `${id}-body-error` : undefined}
            />
            {errorOf('body') && (
              <p className="comment-form__error" id={`${id}-body-error`}>
                {errorOf('body')}
              </p>
            )}
          </div>
          <label className="comment-form__notify">
            <input type="checkbox" name="notify_replies" value="true" /> {LABELS.notify}
          </label>
          {/* The honeypot: off screen and out of the tab order; only robots fill it in. */}
          <div className="comment-form__honeypot" aria-hidden="true">
            <label htmlFor={`${id}-${COMMENT_HONEYPOT_FIELD}`}>{LABELS.honeypot}</label>
            <input
              id={`${id}-${COMMENT_HONEYPOT_FIELD}`}
              name={COMMENT_HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
          <button type="submit" className="ui-button" disabled={submit.isPending}>
            {LABELS.submit}
          </button>
        </form>
      ) : (
        <p className="comments__closed">{thread.data.closed_reason ?? LABELS.closed}</p>
      )}
    </section>
  );
}
