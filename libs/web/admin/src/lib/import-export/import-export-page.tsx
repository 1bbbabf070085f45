import { useState } from 'react';
import type { Import } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Spinner } from '@blog/web/ui';
import { LABELS } from '../labels';
import { BackupsSection } from './backups-section';
import { ExportSection } from './export-section';
import { ImportForm } from './import-form';
import { ImportHistory } from './import-history';
import { ImportRun, isFinished, PROGRESS_POLL_MS } from './import-run';

const L = LABELS.importExport;

/**
 * Import: the form, then the import it started followed to its end (the dry run, then the real run
 * started from it). An import still running when the screen opens (`running`) is followed at once.
 */
function ImportSection({ running }: { running?: Import }) {
  const [followed, setFollowed] = useState<number | null>(running?.id ?? null);
  return (
    <section className="admin-subsection" aria-labelledby="import-heading">
      <h2 id="import-heading">{L.importHeading}</h2>
      <ImportForm onStarted={setFollowed} />
      {followed !== null && <ImportRun key={followed} id={followed} onRunStarted={setFollowed} />}
    </section>
  );
}

/** Lists that hold something still running are asked again every second, so their states stay current. */
const whileRunning =
  <T,>(running: (item: T) => boolean) =>
  (query: { state: { data?: T[] } }) =>
    query.state.data?.some(running) ? PROGRESS_POLL_MS : false;

/**
 * /admin/import-export: Export (the whole site as an archive), Import (a WordPress or Ghost export, or
 * an archive, checked by a dry run before it runs for real), the History of imports and the Backups.
 */
export function ImportExportPage() {
  const imports = trpc.imports.list.useQuery(undefined, {
    staleTime: 0,
    refetchInterval: whileRunning((item) => !isFinished(item)),
  });
  const exports = trpc.exports.list.useQuery(undefined, {
    staleTime: 0,
    refetchInterval: whileRunning((item) => item.state === 'queued' || item.state === 'running'),
  });
  const backups = trpc.backups.list.useQuery(undefined, { staleTime: 0 });

  // The screen's first load: one full-screen spinner until every list answered (each failure is shown in its section).
  if ([imports, exports, backups].some((query) => query.isPending && !query.isError)) return <Spinner />;

  return (
    <section className="admin-panel admin-import-export">
      <h1>{LABELS.nav.importExport}</h1>
      <p>
        Move the site’s content in and out: export it as one archive, import a WordPress or Ghost export or an archive
        (always checked by a dry run first), and restore a backup.
      </p>
      <ExportSection exports={exports} />
      <ImportSection running={imports.data?.find((item) => !isFinished(item))} />
      <ImportHistory imports={imports} />
      <BackupsSection backups={backups} />
    </section>
  );
}
