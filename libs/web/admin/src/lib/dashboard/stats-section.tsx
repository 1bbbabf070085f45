import { keepPreviousData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  STATS_EXPORT_LISTS,
  STATS_PERIODS,
  STATS_SOURCE_LABELS,
  type NotFoundHit,
  type StatsInquiries,
  type StatsPage,
  type StatsPeriod,
  type StatsRange,
  type StatsSearch,
  type StatsSourceRow,
  type StatsSummary,
  type StatsTotals,
} from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { AdminTable } from '../forms/admin-table';
import { formatChange, formatCount, formatRate } from '../forms/format';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';
import { redirectFormHref } from '../redirects/redirects-page';
import { StatsChart } from './stats-chart';
import { lastDays } from './stats-range';
import { SubscribersGrowth } from './subscribers-growth';

const labels = LABELS.stats;
const DEFAULT_STATS_PERIOD: StatsPeriod = 30;

/** The period the address bar names (`?period=7`), so that a reload or a shared link keeps it; else the default. */
function periodOf(params: URLSearchParams): StatsPeriod {
  return STATS_PERIODS.find((days) => String(days) === params.get('period')) ?? DEFAULT_STATS_PERIOD;
}
/** The address bar's parameters with `period` (none for the default), the others kept. */
function withPeriod(params: URLSearchParams, period: StatsPeriod): URLSearchParams {
  const next = new URLSearchParams(params);
  if (period === DEFAULT_STATS_PERIOD) next.delete('period');
  else next.set('period', String(period));
  return next;
}
/** The 404s shown on the dashboard; the redirects screen has the whole log. */
export const DASHBOARD_NOT_FOUND_COUNT = 5;

/** A part of the statistics with its heading, loading and failing on its own; `wide` for a table of many columns. */
function Part({ heading, wide = false, children }: { heading: string; wide?: boolean; children: ReactNode }) {
  const id = `stats-${heading.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className={`admin-stats-part${wide ? ' admin-stats-part--wide' : ''}`} aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      {children}
    </section>
  );
}

/**
 * The owner's statistics, above the dashboard's counts: the period's totals beside the period before it,
 * the visitors per day, what brought readers (pages, sources, searches) and what brought clients (inquiries).
 */
export function StatsSection() {
  const [params, setParams] = useSearchParams();
  const period = periodOf(params);
  const range = lastDays(period);
  // The old period's figures stay on screen while the new one loads, instead of a spinner.
  const options = { staleTime: 0, placeholderData: keepPreviousData };
  const summary = trpc.stats.summary.useQuery(range, options);
  const pages = trpc.stats.pages.useQuery(range, options);
  const sources = trpc.stats.sources.useQuery(range, options);
  const searches = trpc.stats.searches.useQuery(range, options);
  const inquiries = trpc.stats.inquiries.useQuery(range, options);
  const notFound = trpc.redirects.notFoundList.useQuery({}, { staleTime: 0 });

  return (
    <section className="admin-stats-section" aria-labelledby="stats-heading">
      <div className="admin-toolbar">
        <h2 id="stats-heading">{labels.heading}</h2>
        <div role="group" aria-label={labels.period} className="admin-segmented">
          {STATS_PERIODS.map((days) => (
            <button
              key={days}
              type="button"
              className="admin-button"
              aria-pressed={days === period}
              onClick={() => setParams((current) => withPeriod(current, days), { replace: true })}
            >
              {labels.periodOption(days)}
            </button>
          ))}
        </div>
        <span className="admin-field-hint">{labels.range(range.from, range.to)}</span>
      </div>
      <QueryView query={summary} inline>
        {(data) => <Summary summary={data} />}
      </QueryView>
      <div className="admin-stats-grid">
        <Part heading={labels.pagesHeading} wide>
          <QueryView query={pages} inline>
            {(rows) => <PagesTable rows={rows} />}
          </QueryView>
        </Part>
        <Part heading={labels.sourcesHeading} wide>
          <QueryView query={sources} inline>
            {(rows) => <SourcesTable rows={rows} />}
          </QueryView>
        </Part>
        {/* What readers searched for in vain first, in a list of its own: what the owner has not written yet. */}
        <Part heading={labels.inVainHeading}>
          <p className="admin-field-hint">{labels.inVainHint}</p>
          <QueryView query={searches} inline>
            {(rows) => <SearchesFoundNothing rows={rows} />}
          </QueryView>
        </Part>
        <Part heading={labels.searchesHeading}>
          <QueryView query={searches} inline>
            {(rows) => (rows.length === 0 ? <p>{labels.noSearches}</p> : <SearchRows rows={rows} />)}
          </QueryView>
        </Part>
        <Part heading={labels.inquiriesHeading}>
          <QueryView query={inquiries} inline>
            {(data) => <Inquiries inquiries={data} pages={pages.data ?? []} sources={sources.data ?? []} />}
          </QueryView>
        </Part>
        <Part heading={LABELS.subscribers.heading}>
          <SubscribersGrowth range={range} />
        </Part>
        <Part heading={labels.notFoundHeading}>
          <p className="admin-field-hint">{labels.notFoundHint}</p>
          <QueryView query={notFound} inline>
            {({ rows }) => <NotFoundList rows={rows.slice(0, DASHBOARD_NOT_FOUND_COUNT)} />}
          </QueryView>
        </Part>
      </div>
      <Downloads range={range} />
    </section>
  );
}

const TOTALS: ReadonlyArray<keyof StatsTotals> = ['daily_visitors', 'views', 'entries', 'inquiries'];

function Summary({ summary }: { summary: StatsSummary }) {
  const empty = [...summary.days, ...summary.previous].every((day) => day.views === 0);
  return (
    <>
      <div className="admin-stats">
        {TOTALS.map((key) => {
          const value = summary.totals[key];
          const before = summary.previous_totals[key];
          const change = formatChange(value, before);
          return (
            <div key={key} className="admin-stat" role="group" aria-label={labels.totals[key]}>
              <strong>{formatCount(value)}</strong> {labels.totals[key]}
              <span className="admin-stat__previous">
                {labels.previous(formatCount(before))}{' '}
                <span className="admin-stat__change">
                  {change ?? (value === 0 ? labels.noChange : labels.changeNew)}
                </span>
              </span>
            </div>
          );
        })}
      </div>
      <h3>{labels.chartHeading}</h3>
      {empty ? <p>{labels.noViews}</p> : <StatsChart days={summary.days} previous={summary.previous} />}
    </>
  );
}

/** The editor of the post or project a page shows; null for the site's other pages. */
function editorOf({ kind, id }: StatsPage) {
  if (id === null || kind === 'page') return null;
  return { to: kind === 'post' ? `/admin/edit-post/${id}` : `/admin/edit-project/${id}`, title: labels.editKind[kind] };
}

function PagesTable({ rows }: { rows: StatsPage[] }) {
  if (rows.length === 0) return <p>{labels.noViews}</p>;
  return (
    <AdminTable columns={labels.pageColumns}>
      {rows.map((page) => {
        const editor = editorOf(page);
        return (
          <tr key={page.path}>
            <td>
              {editor ? (
                <Link to={editor.to} title={editor.title}>
                  {page.title ?? page.path}
                </Link>
              ) : (
                page.title
              )}{' '}
              <a className="admin-stats-path" href={page.path}>
                {page.path}
              </a>
            </td>
            <td>{formatCount(page.views)}</td>
            <td>{formatCount(page.entries)}</td>
            <td>{page.engaged_seconds === null ? '—' : `${Math.round(page.engaged_seconds)} s`}</td>
            <td>{formatCount(page.outbound)}</td>
            <td>{formatCount(page.inquiries)}</td>
            <td>{formatRate(page.conversion_rate)}</td>
          </tr>
        );
      })}
    </AdminTable>
  );
}

function SourcesTable({ rows }: { rows: StatsSourceRow[] }) {
  if (rows.length === 0) return <p>{labels.noSources}</p>;
  return (
    <AdminTable columns={labels.sourceColumns}>
      {rows.map((row) => (
        <tr key={`${row.source} ${row.name ?? ''}`}>
          <td>{STATS_SOURCE_LABELS[row.source]}</td>
          <td>{row.name ?? '—'}</td>
          <td>{formatCount(row.entries)}</td>
          <td>{formatCount(row.inquiries)}</td>
          <td>{formatRate(row.conversion_rate)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

function SearchRows({ rows }: { rows: StatsSearch[] }) {
  return (
    <AdminTable columns={labels.searchColumns}>
      {rows.map((row) => (
        <tr key={row.term}>
          <td>
            {row.term}
            {row.found_nothing && <span className="admin-tag admin-tag--warning">{labels.foundNothing}</span>}
          </td>
          <td>{formatCount(row.searches)}</td>
          <td>{formatCount(row.results)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

function SearchesFoundNothing({ rows }: { rows: StatsSearch[] }) {
  const inVain = rows.filter((row) => row.found_nothing);
  if (rows.length === 0) return <p>{labels.noSearches}</p>;
  return inVain.length === 0 ? <p>{labels.noInVain}</p> : <SearchRows rows={inVain} />;
}

/** Inquiries by page, topic and source; a page's or source's conversion rate is the one its own list reports. */
function Inquiries({
  inquiries,
  pages,
  sources,
}: {
  inquiries: StatsInquiries;
  pages: StatsPage[];
  sources: StatsSourceRow[];
}) {
  if (inquiries.total === 0) return <p>{labels.noInquiries}</p>;
  const pageRate = (path: string | null) => pages.find((page) => page.path === path)?.conversion_rate;
  const sourceRate = (source: string | null, name: string | null) =>
    sources.find((row) => row.source === source && row.name === name)?.conversion_rate;
  const rate = (value: number | undefined) => (value === undefined ? '—' : formatRate(value));
  return (
    <>
      <p>{labels.inquiriesTotal(inquiries.total)}</p>
      <h4>{labels.byPage}</h4>
      <AdminTable columns={labels.byPageColumns}>
        {inquiries.by_page.map((row) => (
          <tr key={row.path ?? ''}>
            <td>{row.path ? <a href={row.path}>{row.path}</a> : labels.unknownPage}</td>
            <td>{formatCount(row.inquiries)}</td>
            <td>{rate(pageRate(row.path))}</td>
          </tr>
        ))}
      </AdminTable>
      <h4>{labels.byTopic}</h4>
      <AdminTable columns={labels.byTopicColumns}>
        {inquiries.by_topic.map((row) => (
          <tr key={`${row.topic_kind ?? ''} ${row.topic_slug ?? ''}`}>
            <td>{row.topic_title ?? row.topic_slug ?? labels.noTopic}</td>
            <td>{formatCount(row.inquiries)}</td>
          </tr>
        ))}
      </AdminTable>
      <h4>{labels.bySource}</h4>
      <AdminTable columns={labels.bySourceColumns}>
        {inquiries.by_source.map((row) => (
          <tr key={`${row.source ?? ''} ${row.name ?? ''}`}>
            <td>{row.source ? STATS_SOURCE_LABELS[row.source] : labels.unknownSource}</td>
            <td>{row.name ?? '—'}</td>
            <td>{formatCount(row.inquiries)}</td>
            <td>{rate(sourceRate(row.source, row.name))}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}

function NotFoundList({ rows }: { rows: NotFoundHit[] }) {
  const text = LABELS.redirects.notFound;
  return (
    <>
      {rows.length === 0 ? (
        <p>{text.empty}</p>
      ) : (
        <AdminTable columns={[text.path, LABELS.redirects.hits, 'Actions']}>
          {rows.map((hit) => (
            <tr key={hit.id}>
              <td className="admin-truncate" title={hit.path}>
                {hit.path}
              </td>
              <td>{formatCount(hit.hits)}</td>
              <td>
                <Link
                  className="admin-button"
                  to={redirectFormHref(hit.path)}
                  aria-label={`${text.createRedirect} ${hit.path}`}
                >
                  {text.createRedirect}
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <p>
        <Link to="/admin/redirects">{labels.notFoundAll}</Link>
      </p>
    </>
  );
}

/** The period's lists as CSV files (the REST door; the admin's session cookie signs the download in). */
function Downloads({ range }: { range: StatsRange }) {
  return (
    <nav className="admin-stats-downloads" aria-label={labels.download}>
      <span>{labels.download}:</span>
      {STATS_EXPORT_LISTS.map((list) => (
        <a key={list} href={`/api/stats/export.csv?${new URLSearchParams({ list, ...range })}`} download>
          {labels.exportLists[list]}
        </a>
      ))}
    </nav>
  );
}
