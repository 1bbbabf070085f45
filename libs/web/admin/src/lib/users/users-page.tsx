import { useState } from 'react';
import type { User } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { formatDateTime } from '../forms/format';
import { RowAction } from '../forms/row-action';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';
import { UserForm } from './user-form';

export const confirmDeleteUser = (name: string) => `Bạn có chắc muốn xoá người dùng ${name} không?`;

/**
 * /admin/users: the accounts (administrators first of all) with add, edit ('Sửa') and delete ('Xóa').
 * The server refuses deleting yourself or the last administrator (409): the refusal is shown as is.
 */
export function UsersPage() {
  const users = trpc.users.list.useQuery(undefined, { staleTime: 0 });
  // Only to mark "you" in the list: the page works without it.
  const me = trpc.auth.me.useQuery();
  const utils = trpc.useUtils();
  const remove = trpc.users.delete.useMutation();
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const setMessage = useActionNotice();
  const myId = me.data?.id;

  const deleteUser = async (user: User) => {
    if (!window.confirm(confirmDeleteUser(user.name))) return;
    setMessage({});
    try {
      await remove.mutateAsync({ id: user.id });
      utils.users.list.setData(undefined, (rows) => rows?.filter((row) => row.id !== user.id));
      setMessage({ success: `The user ${user.name} has been deleted.` });
    } catch (failure) {
      setMessage({ error: (failure as Error).message || `The user ${user.name} could not be deleted.` });
    }
  };

  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.users}</h1>
      <div className="admin-toolbar">
        <button type="button" className="admin-button admin-button--primary" onClick={() => setEditing('new')}>
          Add user
        </button>
      </div>
      <QueryView query={users}>
        {(rows) => (
          <>
            <AdminTable columns={['Name', 'Email', 'Admin', 'Created', 'Actions']}>
              {rows.map((user) => (
                <tr key={user.id}>
                  <td className="admin-truncate" title={user.name}>
                    {user.name}
                    {user.id === myId && (
                      <>
                        {' '}
                        <span className="admin-tag">you</span>
                      </>
                    )}
                  </td>
                  <td>{user.email}</td>
                  <td>{user.is_admin === 1 ? 'Yes' : 'No'}</td>
                  <td>{formatDateTime(user.created_at)}</td>
                  <td>
                    <div className="admin-actions">
                      <RowAction label={LABELS.edit} subject={user.name} onClick={() => setEditing(user)} />
                      <RowAction
                        label={LABELS.delete}
                        subject={user.name}
                        danger
                        onClick={() => void deleteUser(user)}
                        disabled={remove.isPending && remove.variables?.id === user.id}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </AdminTable>
            {rows.length === 0 && <p>No users yet.</p>}
          </>
        )}
      </QueryView>
      {editing && (
        <UserForm
          user={editing === 'new' ? undefined : editing}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setMessage({ success: `The user ${saved.name} has been saved.` });
            // Your own name is in the greeting, and your own role decides the admin check.
            if (saved.id === myId) void Promise.all([utils.auth.me.invalidate(), utils.auth.adminCheck.invalidate()]);
          }}
        />
      )}
    </section>
  );
}
