import { useEffect, useState } from 'react';
import { FINISHED_IMPORT_STATES, type Import, type ImportState } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { ErrorRetry, Spinner } from '@blog/web/ui';
import { useActionNotice } from '../forms/action-notice';
import { FormMessage } from '../forms/form-message';
import { serverMessageOf } from '../forms/server-errors';
import { LABELS } from '../labels';
import { ImportReportView } from './import-report';

/** How often a running import, export or restore is asked for its progress. */
export const PROGRESS_POLL_MS = 1000;

export const IMPORT_STATE_LABELS: Record<ImportState, string> = {
  queued: 'Waiting to start',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const isFinished = (run: Pick<Import, 'state'>) => FINISHED_IMPORT_STATES.includes(run.state);

/** "Dry run of blog.xml", "Import of blog.xml". */
export const importTitle = (run: Pick<Import, 'dry_run' | 'file_name'>) =>
  `${run.dry_run ? 'Dry run' : 'Import'} of ${run.file_name}`;

/**
 * One import followed to its end (a dry run, the real run after it, a backup's restore): its progress
 * every second while it is queued or running, with Cancel; then its report. A finished dry run offers
 * Run import when `onRunStarted` is given (it receives the real run's id).
 */
export function ImportRun({ id, onRunStarted }: { id: number; onRunStarted?: (id: number) => void }) {
  const utils = trpc.useUtils();
  const run = trpc.imports.byId.useQuery(
    { id },
    {
      staleTime: 0,
      refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : PROGRESS_POLL_MS),
    },
  );
  const cancel = trpc.imports.cancel.useMutation();
  const runForReal = trpc.imports.run.useMutation();
  const setMessage = useActionNotice();
  const finished = run.data ? isFinished(run.data) : false;

  // The history shows the new state once the import ends.
  useEffect(() => {
    if (finished) void utils.imports.list.invalidate();
  }, [finished, utils]);

  if (run.data === undefined) {
    if (run.isError) {
      return (
        <ErrorRetry
          message={`The import's progress could not be loaded: ${serverMessageOf(run.error)}`}
          onRetry={() => void run.refetch()}
          retrying={run.isRefetching}
        />
      );
    }
    return <Spinner variant="inline" label="Loading the import…" />;
  }
  const current = run.data;

  const cancelRun = async () => {
    setMessage({});
    try {
      const answer = await cancel.mutateAsync({ id });
      utils.imports.byId.setData({ id }, answer);
      if (answer.state === 'running') setMessage({ success: 'Cancelling: the import stops after the item it is on.' });
    } catch (failure) {
      setMessage({ error: `The import could not be cancelled: ${serverMessageOf(failure)}` });
    }
  };

  const startRealRun = async () => {
    setMessage({});
    try {
      const started = await runForReal.mutateAsync({ id });
      void utils.imports.list.invalidate();
      onRunStarted?.(started.id);
    } catch (failure) {
      setMessage({ error: `The import could not be started: ${serverMessageOf(failure)}` });
    }
  };

  const { done, total, current_item, images_fetched } = current.progress;
  return (
    <section className="admin-import-run" aria-labelledby={`import-run-${id}`}>
      <h3 id={`import-run-${id}`}>{importTitle(current)}</h3>
      <p>
        State: <strong>{IMPORT_STATE_LABELS[current.state]}</strong>
      </p>
      {!finished && (
        <>
          <div className="admin-upload-progress">
            <progress
              aria-label={LABELS.importExport.importProgress}
              max={total || undefined}
              value={total ? done : undefined}
            />{' '}
            {total ? `${done} of ${total} items` : 'Reading the file…'}
          </div>
          {current_item && <p className="admin-import-current">Now: {current_item}</p>}
          {current.source !== 'archive' && <p>Images fetched: {images_fetched}</p>}
          <button
            type="button"
            className="admin-button admin-button--danger"
            onClick={() => void cancelRun()}
            disabled={cancel.isPending}
          >
            {LABELS.importExport.cancel}
          </button>
        </>
      )}
      {run.isError && (
        <FormMessage error={`The progress could not be checked: ${serverMessageOf(run.error)}. Trying again.`} />
      )}
      {current.state === 'failed' && (
        <FormMessage
          error={`The ${current.dry_run ? 'dry run' : 'import'} failed: ${current.error ?? 'no reason given'}`}
        />
      )}
      {current.state === 'cancelled' && (
        <p>
          {current.dry_run
            ? 'The dry run was cancelled.'
            : 'The import was cancelled: what it wrote before it stopped stays on the site.'}
        </p>
      )}
      {current.report && <ImportReportView report={current.report} dryRun={current.dry_run} />}
      {current.dry_run && current.state === 'done' && onRunStarted && (
        <>
          <p>Nothing has been written yet. Run import does this for real, with the same files and choices.</p>
          <button
            type="button"
            className="admin-button admin-button--primary"
            onClick={() => void startRealRun()}
            disabled={runForReal.isPending}
          >
            {LABELS.importExport.runImport}
          </button>
        </>
      )}
    </section>
  );
}
