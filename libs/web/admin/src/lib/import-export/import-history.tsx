import { useState } from 'react';
import type { Import, ImportSource } from '@blog/contracts';
import { AdminTable } from '../forms/admin-table';
import { FormMessage } from '../forms/form-message';
import { formatDateTime } from '../forms/format';
import { Modal } from '../forms/modal';
import { QueryView, type QueryLike } from '../forms/query-view';
import { LABELS } from '../labels';
import { createdSummary, ImportReportView } from './import-report';
import { IMPORT_STATE_LABELS, importTitle } from './import-run';

const L = LABELS.importExport;

export const SOURCE_NAMES: Record<ImportSource, string> = {
  wxr: 'WordPress',
  ghost: 'Ghost',
  archive: 'Site archive',
};

const NO_REPORT: Partial<Record<Import['state'], string>> = {
  failed: 'the import stopped before it read anything',
  cancelled: 'the import was cancelled before it read anything',
};

/** History: the recent imports (dry runs, real runs, restores), newest first, each with its report. */
export function ImportHistory({ imports }: { imports: QueryLike<Import[]> }) {
  const [opened, setOpened] = useState<Import | null>(null);
  return (
    <section className="admin-subsection" aria-labelledby="history-heading">
      <h2 id="history-heading">{L.history}</h2>
      <QueryView query={imports}>
        {(rows) =>
          rows.length === 0 ? (
            <p>No imports yet.</p>
          ) : (
            <AdminTable columns={['When', 'Source', 'File', 'Dry run', 'State', 'Created', 'Report']}>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{formatDateTime(row.created_at)}</td>
                  <td>{SOURCE_NAMES[row.source]}</td>
                  <td className="admin-truncate" title={row.file_name}>
                    {row.file_name}
                  </td>
                  <td>{row.dry_run ? 'Dry run' : 'Real'}</td>
                  <td>{IMPORT_STATE_LABELS[row.state]}</td>
                  <td>{createdSummary(row.report)}</td>
                  <td>
                    <button
                      type="button"
                      className="admin-button"
                      onClick={() => setOpened(row)}
                      aria-label={`${L.report}: ${importTitle(row)}, ${formatDateTime(row.created_at)}`}
                    >
                      {L.report}
                    </button>
                  </td>
                </tr>
              ))}
            </AdminTable>
          )
        }
      </QueryView>
      {opened && (
        <Modal title={importTitle(opened)} onClose={() => setOpened(null)}>
          <div className="admin-modal-body">
            <p>
              {formatDateTime(opened.created_at)} · {SOURCE_NAMES[opened.source]} · {IMPORT_STATE_LABELS[opened.state]}
            </p>
            {opened.state === 'failed' && <FormMessage error={`It failed: ${opened.error ?? 'no reason given'}`} />}
            {opened.report ? (
              <ImportReportView report={opened.report} dryRun={opened.dry_run} />
            ) : (
              <p>No report: {NO_REPORT[opened.state] ?? 'the import has not finished yet'}.</p>
            )}
          </div>
          <div className="admin-actions">
            <button type="button" className="admin-button" onClick={() => setOpened(null)}>
              {L.close}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
