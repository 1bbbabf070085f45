import { useId, useState } from 'react';
import {
  INQUIRY_TOPIC_KINDS,
  inquiryTopicPath,
  visitSourceText,
  type ContactMessageRow,
  type MessagesQuery,
} from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { formatDateTime } from '../forms/format';
import { RowAction } from '../forms/row-action';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';

export const confirmDeleteMessage = (name: string) => `Bạn có chắc muốn xoá tin nhắn của ${name} không?`;

/** Newest first (the server's order; kept here too so that the inbox never depends on it). */
export function newestFirst(messages: ContactMessageRow[]): ContactMessageRow[] {
  return [...messages].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/** The topic filter's choices: a kind, a message without a topic, or one project or service (`kind:slug`). */
const TOPIC_CHOICES = { project: 'Every project', service: 'Every service', none: 'No topic' } as const;
const KIND_LABELS = { project: 'Project', service: 'Service' } as const;

/** `project:homestay` → `{topic: 'project', slug: 'homestay'}`; `''` → no filter. */
function topicFilterOf(choice: string): Pick<MessagesQuery, 'topic' | 'slug'> {
  if (!choice) return {};
  const [topic, slug] = choice.split(/:(.*)/s) as [MessagesQuery['topic'], string | undefined];
  return slug ? { topic, slug } : { topic };
}

/** Each distinct value of `pick` among `rows`, in their order. */
function distinct<T>(rows: ContactMessageRow[], pick: (row: ContactMessageRow) => T | null, key: (value: T) => string) {
  const seen = new Map<string, T>();
  for (const row of rows) {
    const value = pick(row);
    if (value !== null && !seen.has(key(value))) seen.set(key(value), value);
  }
  return [...seen.values()];
}

/**
 * /admin/messages: the contact inbox, newest first, unread ones marked; mark read or unread, delete.
 * Each message says what it is about (a link to the project or service page) and the page it was
 * sent from; the owner filters by topic (a kind, or one project or service) and by source page,
 * the server doing the filtering (`contact.list`'s input), the choices read from the whole inbox.
 */
export function MessagesPage() {
  const ids = useId();
  const [topicChoice, setTopicChoice] = useState('');
  const [from, setFrom] = useState('');
  const query: MessagesQuery = { ...topicFilterOf(topicChoice), ...(from ? { from } : {}) };
  const filter = Object.keys(query).length ? query : undefined;
  const all = trpc.contact.list.useQuery(undefined, { staleTime: 0 });
  const messages = trpc.contact.list.useQuery(filter, { staleTime: 0 });
  const utils = trpc.useUtils();
  /** Applies a change to the inbox as shown and to the whole one the choices come from. */
  const updateRows = (change: (rows: ContactMessageRow[]) => ContactMessageRow[]) => {
    for (const input of new Set([undefined, filter])) utils.contact.list.setData(input, (rows) => rows && change(rows));
  };
  const topics = distinct(
    all.data ?? [],
    (row) => row.topic,
    (topic) => `${topic.kind}:${topic.slug}`,
  );
  const sources = distinct(
    all.data ?? [],
    (row) => row.source_path,
    (path) => path,
  );
  const markRead = trpc.contact.markRead.useMutation();
  const remove = trpc.contact.delete.useMutation();
  const [busy, setBusy] = useState<number | null>(null);
  const setMessage = useActionNotice();

  const toggleRead = async (row: ContactMessageRow) => {
    setMessage({});
    setBusy(row.id);
    try {
      const updated = await markRead.mutateAsync({ id: row.id, read: !row.read });
      updateRows((rows) => rows.map((item) => (item.id === updated.id ? updated : item)));
    } catch (failure) {
      setMessage({ error: (failure as Error).message || 'The message could not be updated.' });
    } finally {
      setBusy(null);
    }
  };

  const deleteMessage = async (row: ContactMessageRow) => {
    if (!window.confirm(confirmDeleteMessage(row.name))) return;
    setMessage({});
    setBusy(row.id);
    try {
      await remove.mutateAsync({ id: row.id });
      updateRows((rows) => rows.filter((item) => item.id !== row.id));
      setMessage({ success: `The message from ${row.name} has been deleted.` });
    } catch (failure) {
      setMessage({ error: (failure as Error).message || 'The message could not be deleted.' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.messages}</h1>
      <div className="admin-toolbar">
        <label htmlFor={`${ids}-topic`}>Topic</label>
        <select id={`${ids}-topic`} value={topicChoice} onChange={(event) => setTopicChoice(event.target.value)}>
          <option value="">All messages</option>
          {(Object.keys(TOPIC_CHOICES) as Array<keyof typeof TOPIC_CHOICES>).map((choice) => (
            <option key={choice} value={choice}>
              {TOPIC_CHOICES[choice]}
            </option>
          ))}
          {INQUIRY_TOPIC_KINDS.flatMap((kind) =>
            topics
              .filter((topic) => topic.kind === kind)
              .map((topic) => (
                <option key={`${kind}:${topic.slug}`} value={`${kind}:${topic.slug}`}>
                  {KIND_LABELS[kind]}: {topic.title}
                </option>
              )),
          )}
        </select>
        <label htmlFor={`${ids}-from`}>Source page</label>
        <select id={`${ids}-from`} value={from} onChange={(event) => setFrom(event.target.value)}>
          <option value="">All pages</option>
          {sources.map((path) => (
            <option key={path} value={path}>
              {path}
            </option>
          ))}
        </select>
      </div>
      <QueryView query={messages}>
        {(rows) => (
          <>
            <AdminTable columns={['Name', 'Email', 'Phone', 'Date', 'Message', 'Actions']}>
              {newestFirst(rows).map((row) => (
                <tr key={row.id} className={row.read ? undefined : 'admin-row--unread'}>
                  <td>
                    {row.name}
                    {!row.read && (
                      <>
                        {' '}
                        <span className="admin-tag admin-tag--unread">Unread</span>
                      </>
                    )}
                  </td>
                  <td>
                    <a href={`mailto:${row.email}`}>{row.email}</a>
                  </td>
                  <td>{row.phone ? <a href={`tel:${row.phone.replace(/[^\d+]/g, '')}`}>{row.phone}</a> : '—'}</td>
                  <td>{formatDateTime(row.created_at)}</td>
                  <td className="admin-message-text">
                    {row.topic && (
                      <p className="admin-message-meta">
                        About {row.topic.kind}:{' '}
                        <a href={inquiryTopicPath(row.topic.kind, row.topic.slug, row.source_path)}>
                          {row.topic.title}
                        </a>
                      </p>
                    )}
                    {row.message}
                    {row.source_path && <p className="admin-message-meta">Sent from {row.source_path}</p>}
                    {row.visit_source && (
                      <p className="admin-message-meta">The visit came from {visitSourceText(row.visit_source)}</p>
                    )}
                  </td>
                  <td>
                    <div className="admin-actions">
                      <RowAction
                        label={row.read ? 'Mark unread' : 'Mark read'}
                        subject={row.name}
                        onClick={() => void toggleRead(row)}
                        disabled={busy === row.id}
                      />
                      <RowAction
                        label={LABELS.delete}
                        subject={row.name}
                        danger
                        onClick={() => void deleteMessage(row)}
                        disabled={busy === row.id}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </AdminTable>
            {rows.length === 0 && <p>{filter ? 'No messages match these filters.' : 'No messages yet.'}</p>}
          </>
        )}
      </QueryView>
    </section>
  );
}
