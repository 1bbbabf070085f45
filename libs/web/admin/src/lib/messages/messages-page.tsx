import { useState } from 'react';
import type { ContactMessageRow } from '@blog/contracts';
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

/** /admin/messages: the contact inbox, newest first, unread ones marked; mark read or unread, delete. */
export function MessagesPage() {
  const messages = trpc.contact.list.useQuery(undefined, { staleTime: 0 });
  const utils = trpc.useUtils();
  const markRead = trpc.contact.markRead.useMutation();
  const remove = trpc.contact.delete.useMutation();
  const [busy, setBusy] = useState<number | null>(null);
  const setMessage = useActionNotice();

  const toggleRead = async (row: ContactMessageRow) => {
    setMessage({});
    setBusy(row.id);
    try {
      const updated = await markRead.mutateAsync({ id: row.id, read: !row.read });
      utils.contact.list.setData(undefined, (rows) => rows?.map((item) => (item.id === updated.id ? updated : item)));
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
      utils.contact.list.setData(undefined, (rows) => rows?.filter((item) => item.id !== row.id));
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
                  <td className="admin-message-text">{row.message}</td>
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
            {rows.length === 0 && <p>No messages yet.</p>}
          </>
        )}
      </QueryView>
    </section>
  );
}
