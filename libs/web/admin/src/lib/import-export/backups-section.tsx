import { useState } from 'react';
import type { Backup } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { formatBytes, formatDateTime } from '../forms/format';
import { RowAction } from '../forms/row-action';
import { Modal } from '../forms/modal';
import { QueryView, type QueryLike } from '../forms/query-view';
import { serverMessageOf } from '../forms/server-errors';
import { LABELS } from '../labels';
import { ImportRun } from './import-run';

const L = LABELS.importExport;

/** The confirmation's words: what a restore replaces, and that the current state is kept first. */
export const restoreWarning = (backup: Backup) =>
  `The posts, categories and uploads of the backup of ${formatDateTime(backup.created_at)} overwrite those of the same slug on the site. The current state is backed up first, so restoring that new backup undoes this.`;

/**
 * Backups: the scheduled (and on-demand) backups, newest first, each downloadable and restorable after a
 * confirmation; Back up now makes one. A restore is an import of the archive, followed like one.
 */
export function BackupsSection({ backups }: { backups: QueryLike<Backup[]> }) {
  const utils = trpc.useUtils();
  const createNow = trpc.backups.createNow.useMutation();
  const restore = trpc.backups.restore.useMutation();
  const [confirming, setConfirming] = useState<Backup | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const setMessage = useActionNotice();

  const backUpNow = async () => {
    setMessage({});
    try {
      const { name } = await createNow.mutateAsync();
      setMessage({ success: `The backup ${name} has been made.` });
    } catch (failure) {
      setMessage({ error: `The backup could not be made: ${serverMessageOf(failure)}` });
    } finally {
      void utils.backups.list.invalidate();
    }
  };

  const restoreBackup = async (backup: Backup) => {
    setMessage({});
    try {
      const started = await restore.mutateAsync({ name: backup.name });
      setConfirming(null);
      setRestoring(started.id);
      setMessage({ success: `Restoring ${backup.name}: the state before it has been backed up.` });
    } catch (failure) {
      setConfirming(null);
      setMessage({ error: `The backup could not be restored: ${serverMessageOf(failure)}` });
    } finally {
      void utils.backups.list.invalidate();
      void utils.imports.list.invalidate();
    }
  };

  return (
    <section className="admin-subsection" aria-labelledby="backups-heading">
      <h2 id="backups-heading">{L.backupsHeading}</h2>
      <div className="admin-toolbar">
        <button
          type="button"
          className="admin-button admin-button--primary"
          onClick={() => void backUpNow()}
          disabled={createNow.isPending}
        >
          {createNow.isPending ? 'Backing up…' : L.backUpNow}
        </button>
      </div>
      {restoring !== null && <ImportRun key={restoring} id={restoring} />}
      <QueryView query={backups}>
        {(rows) =>
          rows.length === 0 ? (
            <p>No backups yet.</p>
          ) : (
            <AdminTable columns={['Date', 'Size', 'Download', 'Restore']}>
              {rows.map((backup) => (
                <tr key={backup.name}>
                  <td>{formatDateTime(backup.created_at)}</td>
                  <td>{formatBytes(backup.byte_size)}</td>
                  <td>
                    <a
                      href={backup.download_url}
                      download={backup.name}
                      className="admin-button"
                      aria-label={`${L.download} ${backup.name}`}
                    >
                      {L.download}
                    </a>
                  </td>
                  <td>
                    <RowAction
                      label={L.restore}
                      subject={backup.name}
                      danger
                      onClick={() => setConfirming(backup)}
                      disabled={restore.isPending}
                    />
                  </td>
                </tr>
              ))}
            </AdminTable>
          )
        }
      </QueryView>
      {confirming && (
        <Modal title={`${L.restore}?`} onClose={() => setConfirming(null)}>
          <p>{restoreWarning(confirming)}</p>
          {/* Cancel first: the dialog's focus lands on it, so Enter never restores by accident. */}
          <div className="admin-actions">
            <button type="button" className="admin-button" onClick={() => setConfirming(null)}>
              {LABELS.cancel}
            </button>
            <button
              type="button"
              className="admin-button admin-button--danger"
              onClick={() => void restoreBackup(confirming)}
              disabled={restore.isPending}
            >
              {restore.isPending ? 'Restoring…' : L.restoreConfirm}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
