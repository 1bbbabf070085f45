import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  COMMENT_STATES,
  COMMENTS_PAGE_SIZE,
  commentSubjectPath,
  commentTextInputSchema,
  pageCount,
  type AdminComment,
  type CommentAction,
  type CommentCounts,
  type CommentSpamSignal,
  type CommentsQuery,
  type CommentState,
} from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Pagination } from '@blog/web/ui';
import { StateTabs } from '../forms/state-tabs';
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { TextAreaField } from '../forms/field';
import { formatDateTime } from '../forms/format';
import { Modal } from '../forms/modal';
import { listParamsOf } from '../forms/list-params';
import { QueryView } from '../forms/query-view';
import { RowAction } from '../forms/row-action';
import { serverMessageOf } from '../forms/server-errors';
import { LABELS } from '../labels';
import { EraseEmailDialog } from './erase-email-dialog';

const labels = LABELS.comments;

/** The filters of the address bar (`?state=&post=&page=`), so that a filtered page can be reloaded and shared. */
function filtersOf(params: URLSearchParams): CommentsQuery {
  const state = params.get('state') as CommentState | null;
  const post = Number(params.get('post'));
  return {
    ...(state && COMMENT_STATES.includes(state) ? { state } : {}),
    ...(Number.isInteger(post) && post > 0 ? { post } : {}),
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

/** The actions a comment in `state` offers: none that would leave it as it is. */
const ACTIONS_OF: Record<CommentState, CommentAction[]> = {
  pending: ['approve', 'spam', 'trash'],
  approved: ['spam', 'trash'],
  spam: ['approve', 'trash'],
  trash: ['approve', 'spam'],
};

/**
 * /admin/comments: readers' comments, held ones first (the server's order: `commentsAdmin.list`). Tabs per
 * state with their counts and a post filter; each comment with its post, writer, text, the spam signals
 * that fired and its score; approve, mark spam, trash (one, or the ticked ones at once), edit its text,
 * and reply as the author (a reply to a held comment approves it).
 */
export function CommentsPage() {
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [ticked, setTicked] = useState<number[]>([]);
  const [writing, setWriting] = useState<{ comment: AdminComment; mode: 'reply' | 'edit' } | null>(null);
  const [erasing, setErasing] = useState(false);
  const setMessage = useActionNotice();
  const utils = trpc.useUtils();
  // The page shown stays while the next one loads, instead of a spinner.
  const list = trpc.commentsAdmin.list.useQuery(filters, { staleTime: 0, placeholderData: keepPreviousData });
  const counts = trpc.commentsAdmin.counts.useQuery(undefined, { staleTime: 0 });
  const posts = trpc.posts.adminList.useQuery({}, { staleTime: 0 });
  const approve = trpc.commentsAdmin.approve.useMutation();
  const spam = trpc.commentsAdmin.spam.useMutation();
  const trash = trpc.commentsAdmin.trash.useMutation();
  const bulk = trpc.commentsAdmin.bulk.useMutation();
  const single = { approve, spam, trash };

  const show = (next: Omit<CommentsQuery, 'page'>) => {
    setTicked([]);
    setParams(listParamsOf({ ...next, page: 1 }));
  };
  const refresh = () => Promise.all([utils.commentsAdmin.list.invalidate(), utils.commentsAdmin.counts.invalidate()]);

  /** Runs a moderation and says how it went; the list and the counts (the sidebar's badge too) follow. */
  const run = async (work: () => Promise<unknown>, success: string) => {
    setMessage({});
    try {
      await work();
      setTicked([]);
      await refresh();
      setMessage({ success });
    } catch (failure) {
      setMessage({ error: serverMessageOf(failure) });
    }
  };
  const moderate = (comment: AdminComment, action: CommentAction) =>
    run(() => single[action].mutateAsync({ id: comment.id }), labels.done[action](1));
  const moderateTicked = (action: CommentAction) =>
    run(() => bulk.mutateAsync({ action, ids: ticked }), labels.done[action](ticked.length));

  const hrefFor = (page: number) =>
    `/admin/comments?${new URLSearchParams(listParamsOf({ ...filters, page }))}`.replace(/\?$/, '');

  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.comments}</h1>
      <StateTabs
        states={COMMENT_STATES}
        names={labels.states}
        state={filters.state}
        counts={counts.data}
        onChange={(state) => show({ ...filters, state })}
      />
      <div className="admin-toolbar">
        <label htmlFor={`${ids}-post`}>{labels.post}</label>
        <select
          id={`${ids}-post`}
          value={filters.post ?? ''}
          onChange={(event) => show({ ...filters, post: Number(event.target.value) || undefined })}
        >
          <option value="">{labels.allPosts}</option>
          {(posts.data?.rows ?? []).map((post) => (
            <option key={post.id} value={post.id}>
              {post.title}
            </option>
          ))}
        </select>
        <button type="button" className="admin-button" onClick={() => setErasing(true)}>
          {labels.erase.open}
        </button>
      </div>
      <QueryView query={list}>
        {({ comments, total, page, page_size }) => {
          const pages = pageCount(total, page_size || COMMENTS_PAGE_SIZE);
          const shown = comments.map((comment) => comment.id);
          const allTicked = shown.length > 0 && shown.every((id) => ticked.includes(id));
          return (
            <>
              <div role="group" aria-label={labels.bulk} className="admin-toolbar">
                <label>
                  <input
                    type="checkbox"
                    checked={allTicked}
                    disabled={shown.length === 0}
                    onChange={() => setTicked(allTicked ? [] : shown)}
                  />{' '}
                  {labels.tickAll}
                </label>
                {(['approve', 'spam', 'trash'] as const).map((action) => (
                  <button
                    key={action}
                    type="button"
                    className="admin-button"
                    disabled={ticked.length === 0}
                    onClick={() => void moderateTicked(action)}
                  >
                    {labels.bulkAction(labels.actions[action], ticked.length)}
                  </button>
                ))}
              </div>
              <AdminTable columns={labels.columns}>
                {comments.map((comment) => (
                  <CommentRow
                    key={comment.id}
                    comment={comment}
                    ticked={ticked.includes(comment.id)}
                    onTick={(on) =>
                      setTicked((now) => (on ? [...now, comment.id] : now.filter((id) => id !== comment.id)))
                    }
                    onModerate={(action) => void moderate(comment, action)}
                    onWrite={(mode) => setWriting({ comment, mode })}
                  />
                ))}
              </AdminTable>
              {total === 0 && <p>{filters.state || filters.post ? labels.noneFound : labels.none}</p>}
              <Pagination page={Math.min(page, pages)} pageCount={pages} hrefFor={hrefFor} label={labels.pages} />
            </>
          );
        }}
      </QueryView>
      {erasing && <EraseEmailDialog onClose={() => setErasing(false)} onErased={refresh} />}
      {writing && (
        <WriteDialog
          {...writing}
          onClose={() => setWriting(null)}
          onSaved={async (success) => {
            setWriting(null);
            await refresh();
            setMessage({ success });
          }}
        />
      )}
    </section>
  );
}

/** The post or project a comment is under, linked to its page; a project's marked so. */
function CommentSubjectLink({ comment }: { comment: AdminComment }) {
  const [kind, subject] = comment.project ? (['project', comment.project] as const) : (['post', comment.post] as const);
  if (!subject) return null;
  return (
    <>
      {kind === 'project' && <span className="admin-message-meta">{labels.project} </span>}
      <a href={commentSubjectPath(kind, subject.slug)} target="_blank" rel="noopener">
        {subject.title}
      </a>
    </>
  );
}

function CommentRow({
  comment,
  ticked,
  onTick,
  onModerate,
  onWrite,
}: {
  comment: AdminComment;
  ticked: boolean;
  onTick: (on: boolean) => void;
  onModerate: (action: CommentAction) => void;
  onWrite: (mode: 'reply' | 'edit') => void;
}) {
  const subject = labels.subject(comment.author_name);
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          aria-label={`${labels.tick} ${subject}`}
          checked={ticked}
          onChange={(event) => onTick(event.target.checked)}
        />
      </td>
      <td>
        <p>
          <strong>{comment.author_name}</strong>
          {comment.by_owner && ` (${labels.byOwner})`}
        </p>
        <p className="admin-message-meta">{comment.author_email}</p>
        {comment.author_url && (
          <p className="admin-message-meta">
            <a href={comment.author_url} rel="nofollow ugc noopener" target="_blank">
              {comment.author_url}
            </a>
          </p>
        )}
      </td>
      <td>
        {comment.parent_id !== null && <p className="admin-message-meta">{labels.isReply}</p>}
        <p className="admin-comment-body">{comment.body}</p>
        <p className="admin-message-meta">
          {labels.score(comment.spam_score)}
          {comment.signals.length > 0 &&
            `: ${comment.signals.map((signal) => `${labels.signals[signal.name as CommentSpamSignal] ?? signal.name} (${signal.score})`).join(', ')}`}
        </p>
      </td>
      <td>
        <CommentSubjectLink comment={comment} />
      </td>
      <td>
        {labels.states[comment.state]}
        <p className="admin-message-meta">{formatDateTime(comment.created_at)}</p>
      </td>
      <td>
        {ACTIONS_OF[comment.state].map((action) => (
          <RowAction
            key={action}
            label={labels.actions[action]}
            subject={subject}
            danger={action !== 'approve'}
            onClick={() => onModerate(action)}
          />
        ))}
        {comment.state !== 'spam' && comment.state !== 'trash' && (
          <RowAction
            label={labels.reply}
            subject={labels.replySubject(comment.author_name)}
            onClick={() => onWrite('reply')}
          />
        )}
        <RowAction label={labels.edit} subject={subject} onClick={() => onWrite('edit')} />
      </td>
    </tr>
  );
}

/** Replying to a comment (as the author) or correcting its text: the text is checked as the server does. */
function WriteDialog({
  comment,
  mode,
  onClose,
  onSaved,
}: {
  comment: AdminComment;
  mode: 'reply' | 'edit';
  onClose: () => void;
  onSaved: (success: string) => Promise<void>;
}) {
  const [body, setBody] = useState(mode === 'edit' ? comment.body : '');
  const [error, setError] = useState<string>();
  const reply = trpc.commentsAdmin.reply.useMutation();
  const edit = trpc.commentsAdmin.edit.useMutation();
  const saving = reply.isPending || edit.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = commentTextInputSchema.shape.body.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await (mode === 'reply' ? reply : edit).mutateAsync({ id: comment.id, body: parsed.data });
      await onSaved(mode === 'reply' ? labels.replied : labels.edited);
    } catch (failure) {
      setError(serverMessageOf(failure));
    }
  };

  return (
    <Modal
      title={mode === 'reply' ? labels.replyTo(comment.author_name) : labels.editOf(comment.author_name)}
      onClose={onClose}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        {mode === 'reply' && <blockquote className="admin-comment-body">{comment.body}</blockquote>}
        <TextAreaField
          label={mode === 'reply' ? labels.replyText : labels.text}
          rows={6}
          value={body}
          error={error}
          onChange={(event) => setBody(event.target.value)}
        />
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
            {mode === 'reply' ? labels.sendReply : LABELS.update}
          </button>
          <button type="button" className="admin-button" onClick={onClose}>
            {LABELS.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
