import { useState, type ReactNode } from 'react';
import { RETENTION, trashDaysLeft, type TrashedPost, type TrashedProject } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { formatDateTime } from '../forms/format';
import { RowAction } from '../forms/row-action';
import { Modal } from '../forms/modal';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';

const labels = LABELS.trash;

/** A row of the trash: a post or a project. */
type Trashed = { kind: 'post'; item: TrashedPost } | { kind: 'project'; item: TrashedProject };
/** What the confirmation dialog is about: one row, or the whole trash. */
type Confirming = { one: Trashed } | { posts: number; projects: number } | null;

/**
 * /admin/trash: the deleted posts, then the deleted projects, kept `RETENTION.trashDays` days. Restore
 * brings one back (under a new slug when its own was taken meanwhile, which the message says); Delete
 * forever and Empty trash (posts and projects) ask first.
 */
export function TrashPage() {
  const posts = trpc.trash.list.useQuery(undefined, { staleTime: 0 });
  const projects = trpc.projects.trash.list.useQuery(undefined, { staleTime: 0 });
  const utils = trpc.useUtils();
  const mutations = {
    post: {
      restore: trpc.trash.restore.useMutation(),
      deleteForever: trpc.trash.deleteForever.useMutation(),
      empty: trpc.trash.empty.useMutation(),
    },
    project: {
      restore: trpc.projects.trash.restore.useMutation(),
      deleteForever: trpc.projects.trash.deleteForever.useMutation(),
      empty: trpc.projects.trash.empty.useMutation(),
    },
  };
  const setMessage = useActionNotice();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const busy = Object.values(mutations).some((kind) => Object.values(kind).some((mutation) => mutation.isPending));

  const refresh = () =>
    Promise.all([
      utils.trash.list.invalidate(),
      utils.posts.adminList.invalidate(),
      utils.posts.adminCounts.invalidate(),
      utils.projects.trash.list.invalidate(),
      utils.projects.adminList.invalidate(),
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

  const restore = ({ kind, item }: Trashed) =>
    act(async () => {
      const restored = await mutations[kind].restore.mutateAsync({ id: item.id });
      return restored.slug_changed
        ? labels.restoredAs(item.title, restored.slug, item.slug, kind)
        : labels.restored(item.title, kind);
    }, `The ${kind} could not be restored.`);

  const confirm = async () => {
    const target = confirming;
    setConfirming(null);
    if (!target) return;
    if ('one' in target) {
      const { kind, item } = target.one;
      await act(async () => {
        await mutations[kind].deleteForever.mutateAsync({ id: item.id });
        return labels.deleted(item.title, kind);
      }, `The ${kind} could not be deleted.`);
    } else {
      await act(async () => {
        const deletedPosts = target.posts ? (await mutations.post.empty.mutateAsync()).deleted : 0;
        if (!target.projects) return labels.emptied(deletedPosts);
        const deletedProjects = (await mutations.project.empty.mutateAsync()).deleted;
        return labels.emptiedWithProjects(deletedPosts, deletedProjects);
      }, 'The trash could not be emptied.');
    }
  };

  const actions = (row: Trashed) => (
    <td>
      <div className="admin-actions">
        <RowAction label={labels.restore} subject={row.item.title} disabled={busy} onClick={() => void restore(row)} />
        <RowAction
          label={labels.deleteForever}
          subject={row.item.title}
          danger
          disabled={busy}
          onClick={() => setConfirming({ one: row })}
        />
      </div>
    </td>
  );
  const dates = (item: TrashedPost | TrashedProject): ReactNode => (
    <>
      <td>{formatDateTime(item.deleted_at)}</td>
      <td>{trashDaysLeft(item.purge_at)}</td>
    </>
  );

  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.trash}</h1>
      <p>{labels.explanation(RETENTION.trashDays)}</p>
      <QueryView query={posts}>
        {(trashedPosts) => (
          <QueryView query={projects}>
            {(trashedProjects) =>
              trashedPosts.length + trashedProjects.length === 0 ? (
                <p>{labels.none}</p>
              ) : (
                <>
                  <div className="admin-toolbar">
                    <button
                      type="button"
                      className="admin-button admin-button--danger"
                      disabled={busy}
                      onClick={() => setConfirming({ posts: trashedPosts.length, projects: trashedProjects.length })}
                    >
                      {labels.empty}
                    </button>
                  </div>
                  {trashedPosts.length > 0 && (
                    <AdminTable columns={labels.columns}>
                      {trashedPosts.map((post) => (
                        <tr key={post.id}>
                          <td>{post.title}</td>
                          <td>{post.category_name}</td>
                          {dates(post)}
                          {actions({ kind: 'post', item: post })}
                        </tr>
                      ))}
                    </AdminTable>
                  )}
                  {trashedProjects.length > 0 && (
                    <>
                      <h2>{labels.projectsHeading}</h2>
                      <AdminTable columns={labels.projectColumns}>
                        {trashedProjects.map((project) => (
                          <tr key={project.id}>
                            <td>{project.title}</td>
                            {dates(project)}
                            {actions({ kind: 'project', item: project })}
                          </tr>
                        ))}
                      </AdminTable>
                    </>
                  )}
                </>
              )
            }
          </QueryView>
        )}
      </QueryView>
      {confirming && (
        <Modal
          title={'one' in confirming ? labels.confirmOneTitle : labels.confirmAllTitle}
          onClose={() => setConfirming(null)}
        >
          <p>
            {'one' in confirming
              ? labels.confirmOne(confirming.one.item.title, confirming.one.kind)
              : confirming.projects
                ? labels.confirmAllWithProjects(confirming.posts, confirming.projects)
                : labels.confirmAll(confirming.posts)}
          </p>
          <div className="admin-actions">
            <button type="button" className="admin-button admin-button--danger" onClick={() => void confirm()}>
              {'one' in confirming ? labels.deleteForever : labels.empty}
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
