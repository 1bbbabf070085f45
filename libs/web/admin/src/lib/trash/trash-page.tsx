import { useState } from 'react';
import { RETENTION, trashDaysLeft, type TrashedPost } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { formatDateTime } from '../forms/format';
import { RowAction } from '../forms/row-action';
import { Modal } from '../forms/modal';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';

const labels = LABELS.trash;

/** What the confirmation dialog is about: one post, or the whole trash. */
type Confirming = { post: TrashedPost } | { all: number } | null;

/**
 * /admin/trash: the deleted posts, kept `RETENTION.trashDays` days. Restore brings one back (under a new
 * slug when its own was taken meanwhile, which the message says); Delete forever and Empty trash ask first.
 */
export function TrashPage() {
  const trash = trpc.trash.list.useQuery(undefined, { staleTime: 0 });
  const utils = trpc.useUtils();
  const restore = trpc.trash.restore.useMutation();
  const deleteForever = trpc.trash.deleteForever.useMutation();
  const empty = trpc.trash.empty.useMutation();
  const setMessage = useActionNotice();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const busy = restore.isPending || deleteForever.isPending || empty.isPending;

  const refresh = () =>
    Promise.all([
      utils.trash.list.invalidate(),
      utils.posts.adminList.invalidate(),
      utils.posts.adminCounts.invalidate(),
    ]);

  const act = async (work: () => Promise<string>, failure: string) => {
    setMessage({});
    try {
      const success = await work();
      await refresh();
      setMessage({ success });
    } catch (error) {
      setMessage({ error: (error as Error).message || failure });
    }
  };

  const restorePost = (post: TrashedPost) =>
    act(async () => {
      const restored = await restore.mutateAsync({ id: post.id });
      return restored.slug_changed
        ? labels.restoredAs(post.title, restored.slug, post.slug)
        : labels.restored(post.title);
    }, 'The post could not be restored.');

  const confirm = async () => {
    const target = confirming;
    setConfirming(null);
    if (!target) return;
    if ('post' in target) {
      await act(async () => {
        await deleteForever.mutateAsync({ id: target.post.id });
        return labels.deleted(target.post.title);
      }, 'The post could not be deleted.');
    } else {
      await act(async () => labels.emptied((await empty.mutateAsync()).deleted), 'The trash could not be emptied.');
    }
  };

  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.trash}</h1>
      <p>{labels.explanation(RETENTION.trashDays)}</p>
      <QueryView query={trash}>
        {(posts) =>
          posts.length === 0 ? (
            <p>{labels.none}</p>
          ) : (
            <>
              <div className="admin-toolbar">
                <button
                  type="button"
                  className="admin-button admin-button--danger"
                  disabled={busy}
                  onClick={() => setConfirming({ all: posts.length })}
                >
                  {labels.empty}
                </button>
              </div>
              <AdminTable columns={labels.columns}>
                {posts.map((post) => (
                  <tr key={post.id}>
                    <td>{post.title}</td>
                    <td>{post.category_name}</td>
                    <td>{formatDateTime(post.deleted_at)}</td>
                    <td>{trashDaysLeft(post.purge_at)}</td>
                    <td>
                      <div className="admin-actions">
                        <RowAction
                          label={labels.restore}
                          subject={post.title}
                          disabled={busy}
                          onClick={() => void restorePost(post)}
                        />
                        <RowAction
                          label={labels.deleteForever}
                          subject={post.title}
                          danger
                          disabled={busy}
                          onClick={() => setConfirming({ post })}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </AdminTable>
            </>
          )
        }
      </QueryView>
      {confirming && (
        <Modal
          title={'post' in confirming ? labels.confirmOneTitle : labels.confirmAllTitle}
          onClose={() => setConfirming(null)}
        >
          <p>{'post' in confirming ? labels.confirmOne(confirming.post.title) : labels.confirmAll(confirming.all)}</p>
          <div className="admin-actions">
            <button type="button" className="admin-button admin-button--danger" onClick={() => void confirm()}>
              {'post' in confirming ? labels.deleteForever : labels.empty}
            </button>
            <button type="button" className="admin-button" onClick={() => setConfirming(null)}>
              {labels.cancel}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
