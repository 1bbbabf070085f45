import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_PAGES_CATEGORY,
  IMPORT_MAX_BYTES,
  type Backup,
  type Import,
  type ImportReport,
  type SiteExport,
} from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { fakeUploads } from '../../testing/fake-uploads';
import { renderAdmin } from '../../testing/render-admin';
import { formatDateTime } from '../forms/format';
import { restoreWarning } from './backups-section';
import { ImportExportPage } from './import-export-page';

const counts = (
  posts: number,
  categories = 0,
  images = 0,
  redirects = 0,
  projects = 0,
  testimonials = 0,
  comments = 0,
) => ({
  posts,
  categories,
  projects,
  testimonials,
  comments,
  images,
  redirects,
});
const REPORT: ImportReport = {
  created: counts(12, 3, 40, 12, 4, 2, 29),
  skipped: counts(2),
  overwritten: counts(0),
  failed: [{ item: 'Broken post', reason: 'It has no title' }],
  missing_images: [{ url: 'https://old.example.com/wp-content/uploads/a.jpg', reason: 'HTTP 404' }],
  warnings: [{ item: 'Gallery post', reason: 'The shortcode [gallery] was left as text' }],
  authors: ['Phương', 'Guest writer'],
};

const anImport = (overrides: Partial<Import> = {}): Import => ({
  id: 7,
  source: 'wxr',
  dry_run: true,
  on_conflict: 'skip',
  pages_category: DEFAULT_PAGES_CATEGORY,
  file_name: 'blog.xml',
  images_file_name: null,
  state: 'running',
  progress: { done: 3, total: 10, current_item: 'Hello world', images_fetched: 2 },
  report: null,
  error: null,
  created_at: '2026-11-25T08:00:00.000Z',
  started_at: '2026-11-25T08:00:01.000Z',
  finished_at: null,
  ...overrides,
});
const finished = (overrides: Partial<Import> = {}) =>
  anImport({
    state: 'done',
    progress: { done: 10, total: 10, current_item: '', images_fetched: 40 },
    report: REPORT,
    ...overrides,
  });

const anExport = (overrides: Partial<SiteExport> = {}): SiteExport => ({
  id: 3,
  include_messages: true,
  state: 'running',
  progress: { done: 2, total: 5 },
  file_name: 'site-export-20261125T080000Z.zip',
  byte_size: null,
  download_url: null,
  error: null,
  created_at: '2026-11-25T08:00:00.000Z',
  finished_at: null,
  expires_at: '2999-01-01T00:00:00.000Z',
  ...overrides,
});
const BACKUP: Backup = {
  name: 'site-backup-20261124T020000Z.zip',
  byte_size: 3 * 1024 * 1024,
  created_at: '2026-11-24T02:00:00.000Z',
  download_url: '/api/backups/site-backup-20261124T020000Z.zip',
};

const EMPTY_LISTS = { 'imports.list': () => [], 'exports.list': () => [], 'backups.list': () => [] };
const ACCEPTED = { status: 202, body: JSON.stringify({ id: 7 }) };

/** Answers `first` to the first call, then `later` to every other. */
function inTurn<T>(first: T, later: T) {
  let called = 0;
  return () => (called++ === 0 ? first : later);
}

const xmlFile = (name = 'blog.xml') => new File(['<?xml version="1.0"?><rss/>'], name, { type: 'text/xml' });

describe('ImportExportPage', () => {
  let uploads: ReturnType<typeof fakeUploads> | undefined;
  afterEach(() => {
    uploads?.restore();
    uploads = undefined;
  });

  it('checks an import by a dry run: upload progress, its progress, its report, then Run import runs it for real', async () => {
    uploads = fakeUploads(ACCEPTED);
    const byIdSeven = inTurn(anImport({ on_conflict: 'overwrite' }), finished({ on_conflict: 'overwrite' }));
    const { user, calls } = renderAdmin(<ImportExportPage />, {
      answers: {
        ...EMPTY_LISTS,
        'imports.byId': (input) =>
          (input as { id: number }).id === 7
            ? byIdSeven()
            : finished({ id: 8, dry_run: false, on_conflict: 'overwrite', report: { ...REPORT, failed: [] } }),
        'imports.run': () => ({ id: 8 }),
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { name: 'Import & export', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Source')).toHaveDisplayValue('WordPress export (.xml)');
    const file = screen.getByLabelText(/^Export file/);
    expect(file).toHaveAttribute('accept', '.xml,application/xml,text/xml');
    expect(screen.getByLabelText(/^Images folder as a zip/)).toHaveAccessibleDescription(
      'Optional; without it images are fetched from the old site.',
    );
    expect(screen.getByLabelText('Pages category')).toHaveValue(DEFAULT_PAGES_CATEGORY);
    expect(screen.getByRole('radio', { name: 'Skip' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Keep both' })).toHaveAccessibleDescription(
      'Import the item beside it, under a new slug.',
    );

    await user.upload(file, xmlFile());
    await user.click(screen.getByRole('radio', { name: 'Overwrite' }));
    await user.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    expect(await screen.findByText(/Uploading blog.xml: 50%/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check (dry run)' })).toBeDisabled();
    uploads.finish();

    const dryRun = await screen.findByRole('region', { name: 'Dry run of blog.xml' });
    const progress = within(dryRun).getByRole('progressbar', { name: 'Import progress' });
    expect(progress).toHaveAttribute('value', '3');
    expect(progress).toHaveAttribute('max', '10');
    expect(dryRun).toHaveTextContent('3 of 10 items');
    expect(dryRun).toHaveTextContent('Now: Hello world');
    expect(dryRun).toHaveTextContent('Images fetched: 2');
    const sent = uploads.sent[0];
    expect([...sent.keys()]).toEqual(['source', 'dry_run', 'on_conflict', 'pages_category', 'file']);
    expect(Object.fromEntries([...sent.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      source: 'wxr',
      dry_run: 'true',
      on_conflict: 'overwrite',
      pages_category: DEFAULT_PAGES_CATEGORY,
    });
    expect((sent.get('file') as File).name).toBe('blog.xml');

    // The next poll finds it done: the report, and Run import.
    const run = await within(dryRun).findByRole('button', { name: 'Run import' }, { timeout: 10_000 });
    expect(within(dryRun).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dryRun).getByRole('heading', { name: 'What the import would do' })).toBeInTheDocument();
    const [table, failed, missing, warnings] = within(dryRun).getAllByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'KindTo createTo skip (already there)To overwrite',
      'Categories300',
      'Posts1220',
      'Projects400',
      'Testimonials200',
      'Comments2900',
      'Images4000',
      'Redirects1200',
    ]);
    expect(failed).toHaveTextContent('Broken postIt has no title');
    expect(missing).toHaveTextContent('https://old.example.com/wp-content/uploads/a.jpgHTTP 404');
    expect(warnings).toHaveTextContent('The shortcode [gallery] was left as text');
    expect(dryRun).toHaveTextContent('Authors in the file: Phương, Guest writer');

    await user.click(run);
    const realRun = await screen.findByRole('region', { name: 'Import of blog.xml' });
    expect(await within(realRun).findByRole('heading', { name: 'What the import did' })).toBeInTheDocument();
    expect(within(realRun).queryByRole('button', { name: 'Run import' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === 'imports.run')?.input).toEqual({ id: 7 });
    expect(calls.filter((call) => call.path === 'imports.byId').map((call) => call.input)).toContainEqual({ id: 8 });
  });

  it('cancels a running import', async () => {
    uploads = fakeUploads(ACCEPTED, { atOnce: true });
    let state: Import = anImport({ progress: { done: 0, total: 0, current_item: '', images_fetched: 0 } });
    const { user, calls } = renderAdmin(<ImportExportPage />, {
      answers: {
        ...EMPTY_LISTS,
        'imports.byId': () => state,
        'imports.cancel': () => (state = { ...state, state: 'cancelled', finished_at: '2026-11-25T08:01:00.000Z' }),
      },
    });
    await user.upload(await screen.findByLabelText(/^Export file/), xmlFile());
    await user.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    const dryRun = await screen.findByRole('region', { name: 'Dry run of blog.xml' });
    expect(within(dryRun).getByRole('progressbar', { name: 'Import progress' })).not.toHaveAttribute('value');
    expect(dryRun).toHaveTextContent('Reading the file…');
    await user.click(within(dryRun).getByRole('button', { name: 'Cancel' }));
    expect(await within(dryRun).findByText('The dry run was cancelled.')).toBeInTheDocument();
    expect(dryRun).toHaveTextContent('State: Cancelled');
    expect(within(dryRun).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(dryRun).queryByRole('button', { name: 'Run import' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === 'imports.cancel')?.input).toEqual({ id: 7 });
  });

  it('says why Cancel or Run import failed', async () => {
    uploads = fakeUploads(ACCEPTED, { atOnce: true });
    let state = anImport();
    const { user } = renderAdmin(<ImportExportPage />, {
      answers: {
        ...EMPTY_LISTS,
        'imports.byId': () => state,
        'imports.cancel': () => {
          state = finished();
          throw trpcError('INTERNAL_SERVER_ERROR', 500, 'The database is not available');
        },
        'imports.run': () => {
          throw trpcError('BAD_REQUEST', 400, 'Invalid input (id: This dry run was run already)');
        },
      },
    });
    await user.upload(await screen.findByLabelText(/^Export file/), xmlFile());
    await user.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    const dryRun = await screen.findByRole('region', { name: 'Dry run of blog.xml' });
    await user.click(within(dryRun).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The import could not be cancelled: The database is not available',
    );
    await user.click(await within(dryRun).findByRole('button', { name: 'Run import' }, { timeout: 10_000 }));
    expect(await screen.findByText(/The import could not be started: .*run already/)).toBeInTheDocument();
  });

  it('says why the progress of an import could not be loaded, with a retry', async () => {
    uploads = fakeUploads({ status: 202, body: JSON.stringify({ id: 12 }) }, { atOnce: true });
    const { user } = renderAdmin(<ImportExportPage />, {
      answers: {
        ...EMPTY_LISTS,
        'imports.byId': () => {
          throw trpcError('NOT_FOUND', 404, 'Import not found');
        },
      },
    });
    await user.upload(await screen.findByLabelText(/^Export file/), xmlFile());
    await user.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    expect(await screen.findByText("The import's progress could not be loaded: Import not found")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('checks the files before uploading: one chosen, of the source’s kind, within the size limit', async () => {
    uploads = fakeUploads(ACCEPTED, { atOnce: true });
    const { user } = renderAdmin(<ImportExportPage />, { answers: EMPTY_LISTS });
    await user.click(await screen.findByRole('button', { name: 'Check (dry run)' }));
    const file = screen.getByLabelText(/^Export file/);
    expect(file).toHaveAccessibleDescription(expect.stringContaining('Choose the export file.'));
    expect(file).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');

    const huge = xmlFile('huge.xml');
    Object.defineProperty(huge, 'size', { value: IMPORT_MAX_BYTES + 1 });
    await user.upload(file, huge);
    await user.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    expect(await screen.findByText('The file is larger than 512 MB, the most an import takes.')).toBeInTheDocument();

    // Ghost: a .json file, no .xml; the archive has no images zip nor pages category.
    await user.selectOptions(screen.getByLabelText('Source'), 'Ghost export (.json)');
    expect(file).toHaveAttribute('accept', '.json,application/json');
    // The picker offers .json files only; a file dropped or picked from "All files" may still be an .xml.
    fireEvent.change(file, { target: { files: [xmlFile()] } });
    await user.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    expect(await screen.findByText('Choose a .json file: a Ghost export (.json).')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Pages category'));
    await user.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    expect(await screen.findByText('pages_category must not be empty')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Source'), 'Site archive (.zip) made by Export');
    expect(screen.queryByLabelText(/^Images folder as a zip/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Pages category')).not.toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);
  });

  it('shows a 400 naming the file next to the file input', async () => {
    uploads = fakeUploads(
      {
        status: 400,
        body: JSON.stringify({
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid input (file: must be a WordPress export file (WXR, .xml))',
          errors: [{ field: 'file', message: 'must be a WordPress export file (WXR, .xml)' }],
        }),
      },
      { atOnce: true },
    );
    const { user, calls } = renderAdmin(<ImportExportPage />, { answers: EMPTY_LISTS });
    const file = await screen.findByLabelText(/^Export file/);
    await user.upload(file, xmlFile('notes.xml'));
    await user.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    expect(await screen.findByText('The file must be a WordPress export file (WXR, .xml).')).toBeInTheDocument();
    expect(file).toHaveAccessibleDescription(expect.stringContaining('The file must be a WordPress export file'));
    expect(file).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The server refused the import: please correct the highlighted fields.',
    );
    expect(screen.getByRole('button', { name: 'Check (dry run)' })).toBeEnabled();
    expect(calls.some((call) => call.path === 'imports.byId')).toBe(false);
  });

  it('shows a 413, ours or a proxy’s, next to the file input', async () => {
    uploads = fakeUploads(
      {
        status: 413,
        body: JSON.stringify({
          statusCode: 413,
          message: 'The file must be at most 2048 MB',
          errors: [{ field: 'file', message: 'must be at most 2048 MB' }],
        }),
      },
      { atOnce: true },
    );
    const { user } = renderAdmin(<ImportExportPage />, { answers: EMPTY_LISTS });
    const file = await screen.findByLabelText(/^Export file/);
    await user.upload(file, xmlFile());
    await user.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    expect(await screen.findByText('The file must be at most 2048 MB.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Too large for the server');
    uploads.restore();

    uploads = fakeUploads({ status: 413, body: '<html>413 Request Entity Too Large</html>' }, { atOnce: true });
    await user.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    expect(await screen.findByText('The file is larger than the server accepts.')).toBeInTheDocument();
    expect(file).toHaveAttribute('aria-invalid', 'true');
  });

  it('exports: progress while it runs, then a Download link; the recent exports with their links', async () => {
    const done = anExport({
      state: 'done',
      progress: { done: 5, total: 5 },
      byte_size: 2048,
      download_url: '/api/exports/3/download',
      finished_at: '2026-11-25T08:00:05.000Z',
    });
    const expired = anExport({
      id: 2,
      include_messages: false,
      state: 'done',
      byte_size: 1024,
      download_url: '/api/exports/2/download',
      file_name: 'site-export-20261101T080000Z.zip',
      created_at: '2026-11-01T08:00:00.000Z',
      expires_at: '2026-11-02T08:00:00.000Z',
    });
    let exported = false;
    const { user, calls } = renderAdmin(<ImportExportPage />, {
      answers: {
        ...EMPTY_LISTS,
        'exports.list': () => (exported ? [done, expired] : [expired]),
        'exports.start': () => {
          exported = true;
          return { id: 3 };
        },
        'exports.byId': inTurn(anExport(), done),
      },
    });
    const section = await screen.findByRole('region', { name: 'Export' });
    expect(within(section).getByText('Expired')).toBeInTheDocument();
    await user.click(within(section).getByRole('checkbox', { name: 'Include contact messages' }));
    await user.click(within(section).getByRole('button', { name: 'Export' }));
    const progress = await within(section).findByRole('progressbar', { name: 'Export progress' });
    expect(progress).toHaveAttribute('value', '2');
    expect(progress).toHaveAttribute('max', '5');
    expect(section).toHaveTextContent('2 of 5 items');
    expect(calls.find((call) => call.path === 'exports.start')?.input).toEqual({ include_messages: true });

    const ready = await within(section).findByText('The export is ready.', { exact: false });
    const link = within(ready).getByRole('link', { name: 'Download site-export-20261125T080000Z.zip (2 KB)' });
    expect(link).toHaveAttribute('href', '/api/exports/3/download');
    expect(link).toHaveAttribute('download', 'site-export-20261125T080000Z.zip');
    expect(within(section).queryByRole('progressbar')).not.toBeInTheDocument();
    const table = within(section).getByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, newest, old] = within(table).getAllByRole('row');
    expect(newest).toHaveTextContent('IncludedDone');
    expect(within(newest).getByRole('link', { name: /^Download/ })).toHaveAttribute('href', '/api/exports/3/download');
    expect(old).toHaveTextContent('Left outDone');
    expect(within(old).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says why an export could not be started or failed', async () => {
    let starts = 0;
    const { user } = renderAdmin(<ImportExportPage />, {
      answers: {
        ...EMPTY_LISTS,
        'exports.start': () => {
          starts += 1;
          if (starts === 1) throw trpcError('INTERNAL_SERVER_ERROR', 500, 'The job queue is not available');
          return { id: 4 };
        },
        'exports.byId': () => anExport({ id: 4, state: 'failed', error: 'The disk is full' }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Export' });
    await user.click(within(section).getByRole('button', { name: 'Export' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The export could not be started: The job queue is not available',
    );
    await user.click(within(section).getByRole('button', { name: 'Export' }));
    expect(await within(section).findByText('The export failed: The disk is full')).toBeInTheDocument();
  });

  it('lists the backups; Restore asks first, then follows the restore like an import; Back up now makes one', async () => {
    let backups = [BACKUP];
    const { user, calls } = renderAdmin(<ImportExportPage />, {
      answers: {
        ...EMPTY_LISTS,
        'backups.list': () => backups,
        'backups.restore': () => ({ id: 9 }),
        'backups.createNow': () => {
          backups = [{ ...BACKUP, name: 'site-backup-20261125T090000Z.zip' }, BACKUP];
          return { name: 'site-backup-20261125T090000Z.zip' };
        },
        'imports.byId': () =>
          finished({ id: 9, source: 'archive', dry_run: false, file_name: BACKUP.name, on_conflict: 'overwrite' }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Backups' });
    const table = within(section).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Size', 'Download', 'Restore']);
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent(formatDateTime(BACKUP.created_at));
    expect(row).toHaveTextContent('3 MB');
    expect(within(row).getByRole('link', { name: `Download ${BACKUP.name}` })).toHaveAttribute(
      'href',
      BACKUP.download_url,
    );

    await user.click(within(row).getByRole('button', { name: `Restore this backup ${BACKUP.name}` }));
    let dialog = screen.getByRole('dialog', { name: 'Restore this backup?' });
    expect(dialog).toHaveTextContent(restoreWarning(BACKUP));
    expect(dialog).toHaveTextContent('The current state is backed up first');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === 'backups.restore')).toBe(false);

    await user.click(within(row).getByRole('button', { name: `Restore this backup ${BACKUP.name}` }));
    dialog = screen.getByRole('dialog', { name: 'Restore this backup?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    const restore = await within(section).findByRole('region', { name: `Import of ${BACKUP.name}` });
    expect(await within(restore).findByRole('heading', { name: 'What the import did' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === 'backups.restore')?.input).toEqual({ name: BACKUP.name });

    await user.click(within(section).getByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText('The backup site-backup-20261125T090000Z.zip has been made.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  });

  it('says why a restore or a backup failed', async () => {
    const { user } = renderAdmin(<ImportExportPage />, {
      answers: {
        ...EMPTY_LISTS,
        'backups.list': () => [BACKUP],
        'backups.restore': () => {
          throw trpcError('BAD_REQUEST', 400, 'No backup has this name');
        },
        'backups.createNow': () => {
          throw trpcError('INTERNAL_SERVER_ERROR', 500, 'The disk is full');
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Backups' });
    await user.click(within(section).getByRole('button', { name: `Restore this backup ${BACKUP.name}` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The backup could not be restored: No backup has this name',
    );
    await user.click(within(section).getByRole('button', { name: 'Back up now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The backup could not be made: The disk is full');
  });

  it('lists the recent imports; Report opens one’s report', async () => {
    const failed = anImport({
      id: 5,
      source: 'ghost',
      file_name: 'ghost.json',
      dry_run: false,
      state: 'failed',
      error: 'The file holds no site',
      created_at: '2026-11-20T08:00:00.000Z',
    });
    const { user } = renderAdmin(<ImportExportPage />, {
      answers: { ...EMPTY_LISTS, 'imports.list': () => [finished(), failed] },
    });
    const section = await screen.findByRole('region', { name: 'History' });
    const rows = within(section).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'WhenSourceFileDry runStateCreatedReport',
      `${formatDateTime('2026-11-25T08:00:00.000Z')}WordPressblog.xmlDry runDone3 categories, 12 posts, 4 projects, 2 testimonials, 29 comments, 40 images, 12 redirectsReport`,
      `${formatDateTime('2026-11-20T08:00:00.000Z')}Ghostghost.jsonRealFailed—Report`,
    ]);
    await user.click(within(rows[1]).getByRole('button', { name: /^Report/ }));
    let dialog = screen.getByRole('dialog', { name: 'Dry run of blog.xml' });
    expect(within(dialog).getByRole('heading', { name: 'What the import would do' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Broken postIt has no title');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(rows[2]).getByRole('button', { name: /^Report/ }));
    dialog = screen.getByRole('dialog', { name: 'Import of ghost.json' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('It failed: The file holds no site');
  });

  it('follows an import and an export still running when the screen opens', async () => {
    const running = anImport({ id: 11, dry_run: false, file_name: 'ghost.json', source: 'ghost' });
    renderAdmin(<ImportExportPage />, {
      answers: {
        ...EMPTY_LISTS,
        'imports.list': () => [running, finished()],
        'imports.byId': () => running,
        'exports.list': () => [anExport({ id: 6 })],
        'exports.byId': () => anExport({ id: 6 }),
      },
    });
    const run = await screen.findByRole('region', { name: 'Import of ghost.json' });
    expect(within(run).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '3');
    expect(within(run).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Export' });
    expect(await within(section).findByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('value', '2');
  });

  it('shows each list’s failure in its own section, with a retry', async () => {
    renderAdmin(<ImportExportPage />, {
      answers: {
        ...EMPTY_LISTS,
        'backups.list': () => {
          throw trpcError('INTERNAL_SERVER_ERROR', 500, 'down');
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Backups' });
    expect(within(section).getByRole('alert')).toHaveTextContent('This content could not be loaded');
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent('No imports yet.');
  });
});
