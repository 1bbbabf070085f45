import type { ImportCounts, ImportReport } from '@blog/contracts';
import { AdminTable } from '../forms/admin-table';

/** Each kind an import counts, in the report's order; a kind of `ImportCounts` missing here does not compile. */
const KIND_LABELS: Record<keyof ImportCounts, { label: string; one: string }> = {
  categories: { label: 'Categories', one: 'category' },
  posts: { label: 'Posts', one: 'post' },
  projects: { label: 'Projects', one: 'project' },
  testimonials: { label: 'Testimonials', one: 'testimonial' },
  comments: { label: 'Comments', one: 'comment' },
  images: { label: 'Images', one: 'image' },
  redirects: { label: 'Redirects', one: 'redirect' },
};
const KINDS = Object.entries(KIND_LABELS).map(([key, names]) => ({ key: key as keyof ImportCounts, ...names }));

/** "3 posts, 1 category": what an import created (or would), the kinds it created none of left out. */
export function createdSummary(report: ImportReport | null): string {
  if (!report) return '—';
  const parts = KINDS.filter(({ key }) => report.created[key] > 0).map(({ key, label, one }) => {
    const count = report.created[key];
    return `${count} ${count === 1 ? one : label.toLowerCase()}`;
  });
  return parts.length ? parts.join(', ') : 'nothing';
}

/**
 * What an import did, or what a dry run would do: the counts per kind, then each failed item, missing
 * image and warning with its reason, and the authors the file names.
 */
export function ImportReportView({ report, dryRun }: { report: ImportReport; dryRun: boolean }) {
  const columns = dryRun
    ? ['Kind', 'To create', 'To skip (already there)', 'To overwrite']
    : ['Kind', 'Created', 'Skipped (already there)', 'Overwritten'];
  const clean = !report.failed.length && !report.missing_images.length && !report.warnings.length;
  return (
    <div className="admin-report">
      <h3>{dryRun ? 'What the import would do' : 'What the import did'}</h3>
      <AdminTable columns={columns}>
        {KINDS.map(({ key, label }) => (
          <tr key={key}>
            <th scope="row">{label}</th>
            <td>{report.created[key]}</td>
            <td>{report.skipped[key]}</td>
            <td>{report.overwritten[key]}</td>
          </tr>
        ))}
      </AdminTable>
      {clean && <p>No failed items, missing images or warnings.</p>}
      <ReasonList
        heading="Failed items"
        columns={['Item', 'Reason']}
        rows={report.failed.map((entry) => [entry.item, entry.reason])}
      />
      <ReasonList
        heading="Missing images"
        columns={['URL', 'Reason']}
        rows={report.missing_images.map((entry) => [entry.url, entry.reason])}
        firstCellClass="admin-report-url"
      />
      <ReasonList
        heading="Warnings"
        columns={['Item', 'Warning']}
        rows={report.warnings.map((entry) => [entry.item, entry.reason])}
      />
      {report.authors.length > 0 && (
        <p>
          <strong>Authors in the file:</strong> {report.authors.join(', ')}
        </p>
      )}
    </div>
  );
}

/** One list of the report (what failed, why), with its count in the heading; nothing when it is empty. */
function ReasonList(props: {
  heading: string;
  columns: string[];
  rows: Array<[string, string]>;
  firstCellClass?: string;
}) {
  const { heading, columns, rows, firstCellClass } = props;
  if (rows.length === 0) return null;
  return (
    <>
      <h3>
        {heading} ({rows.length})
      </h3>
      <AdminTable columns={columns}>
        {rows.map(([what, why], index) => (
          <tr key={index}>
            <td className={firstCellClass}>{what}</td>
            <td>{why}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
