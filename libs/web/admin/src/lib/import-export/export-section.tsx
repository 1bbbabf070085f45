import { useEffect, useState } from 'react';
import type { ExportState, SiteExport } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Spinner } from '@blog/web/ui';
import { AdminTable } from '../forms/admin-table';
import { FormMessage } from '../forms/form-message';
import { formatBytes, formatDateTime } from '../forms/format';
import { QueryView, type QueryLike } from '../forms/query-view';
import { serverMessageOf } from '../forms/server-errors';
import { LABELS } from '../labels';
import { PROGRESS_POLL_MS } from './import-run';

const L = LABELS.importExport;

/** How many of the recent exports the screen lists. */
export const RECENT_EXPORTS_SHOWN = 5;

export const EXPORT_STATE_LABELS: Record<ExportState, string> = {
  queued: 'Waiting to start',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

const exportFinished = (item: Pick<SiteExport, 'state'>) => item.state === 'done' || item.state === 'failed';
const downloadable = (item: SiteExport, now: number) =>
  item.state === 'done' && item.download_url !== null && Date.parse(item.expires_at) > now;

/** The archive's link: `<a download>` with its file name and size. */
function DownloadLink({ item }: { item: SiteExport }) {
  return (
    <a href={item.download_url ?? undefined} download={item.file_name} className="admin-button">
      {L.download} {item.file_name}
      {item.byte_size !== null && ` (${formatBytes(item.byte_size)})`}
    </a>
  );
}

/**
 * Export: the whole site as one archive, made in the background. Its progress is asked every second
 * until it is done (a Download link) or failed (why); the recent exports are listed with their links
 * until they expire. `exports` has loaded before this renders (the page waits for it).
 */
export function ExportSection({ exports }: { exports: QueryLike<SiteExport[]> }) {
  const utils = trpc.useUtils();
  const start = trpc.exports.start.useMutation();
  const [includeMessages, setIncludeMessages] = useState(false);
  // An export still running when the screen opens is followed at once.
  const [followed, setFollowed] = useState<number | null>(
    () => exports.data?.find((item) => !exportFinished(item))?.id ?? null,
  );
  const [error, setError] = useState<string | null>(null);

  const exportSite = async () => {
    setError(null);
    try {
      const started = await start.mutateAsync({ include_messages: includeMessages });
      setFollowed(started.id);
      void utils.exports.list.invalidate();
    } catch (failure) {
      setError(`The export could not be started: ${serverMessageOf(failure)}`);
    }
  };

  return (
    <section className="admin-subsection" aria-labelledby="export-heading">
      <h2 id="export-heading">{L.exportHeading}</h2>
      <p>{L.exportHint}</p>
      <div className="admin-field">
        <label className="admin-checkbox">
          <input
            type="checkbox"
            checked={includeMessages}
            onChange={(event) => setIncludeMessages(event.target.checked)}
            aria-describedby="export-messages-hint"
          />{' '}
          {L.includeMessages}
        </label>
        <p id="export-messages-hint" className="admin-field-hint">
          {L.includeMessagesHint}
        </p>
      </div>
      <button
        type="button"
        className="admin-button admin-button--primary"
        onClick={() => void exportSite()}
        disabled={start.isPending}
      >
        {L.export}
      </button>
      <FormMessage error={error} />
      {followed !== null && <ExportRun id={followed} />}
      <h3>{L.recentExports}</h3>
      <QueryView query={exports}>
        {(rows) =>
          rows.length === 0 ? (
            <p>No exports yet.</p>
          ) : (
            <AdminTable columns={['When', 'Contact messages', 'State', 'Download']}>
              {rows.slice(0, RECENT_EXPORTS_SHOWN).map((item) => (
                <tr key={item.id}>
                  <td>{formatDateTime(item.created_at)}</td>
                  <td>{item.include_messages ? 'Included' : 'Left out'}</td>
                  <td>
                    {EXPORT_STATE_LABELS[item.state]}
                    {item.state === 'failed' && item.error && `: ${item.error}`}
                  </td>
                  <td>
                    {downloadable(item, Date.now()) ? (
                      <DownloadLink item={item} />
                    ) : item.state === 'done' ? (
                      L.expired
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </AdminTable>
          )
        }
      </QueryView>
    </section>
  );
}

/** One export followed to its end: a progress bar while it runs, then its Download link or why it failed. */
function ExportRun({ id }: { id: number }) {
  const utils = trpc.useUtils();
  const item = trpc.exports.byId.useQuery(
    { id },
    {
      staleTime: 0,
      refetchInterval: (query) => (query.state.data && exportFinished(query.state.data) ? false : PROGRESS_POLL_MS),
    },
  );
  const finished = item.data ? exportFinished(item.data) : false;

  // The recent exports list shows it done (or failed) too.
  useEffect(() => {
    if (finished) void utils.exports.list.invalidate();
  }, [finished, utils]);

  if (item.data === undefined) {
    if (item.isError)
      return <FormMessage error={`The export's progress could not be loaded: ${serverMessageOf(item.error)}`} />;
    return <Spinner variant="inline" label="Starting the export…" />;
  }
  const { state, progress } = item.data;
  return (
    <div className="admin-export-run">
      {!finished && (
        <div role="status" className="admin-upload-progress">
          <progress
            aria-label={L.exportProgress}
            max={progress.total || undefined}
            value={progress.total ? progress.done : undefined}
          />{' '}
          {progress.total ? `${progress.done} of ${progress.total} items` : 'Starting…'}
        </div>
      )}
      {item.isError && (
        <FormMessage error={`The progress could not be checked: ${serverMessageOf(item.error)}. Trying again.`} />
      )}
      {state === 'failed' && <FormMessage error={`The export failed: ${item.data.error ?? 'no reason given'}`} />}
      {state === 'done' && (
        <p role="status" className="admin-message admin-message--success">
          The export is ready. <DownloadLink item={item.data} />
        </p>
      )}
    </div>
  );
}
