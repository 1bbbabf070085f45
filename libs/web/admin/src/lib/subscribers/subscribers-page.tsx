import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  pageCount,
  SUBSCRIBER_LIST_STATES,
  SUBSCRIBERS_PAGE_SIZE,
  type Subscriber,
  type SubscriberCounts,
  type SubscriberListState,
  type SubscribersQuery,
  type Suppression,
} from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Pagination } from '@blog/web/ui';
import { StateTabs } from '../forms/state-tabs';
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { formatDateTime } from '../forms/format';
import { listParamsOf } from '../forms/list-params';
import { QueryView } from '../forms/query-view';
import { RowAction } from '../forms/row-action';
import { serverMessageOf } from '../forms/server-errors';
import { LABELS } from '../labels';
import { LanguageCell, withLanguageColumn } from '../languages/language-cell';
import { useSiteLanguages } from '../languages/site-languages';
import { ImportSubscribersDialog } from './import-subscribers-dialog';
import { RemoveSubscriberDialog } from './remove-subscriber-dialog';

const labels = LABELS.subscribers;
/** Where the owner downloads every subscriber (`GET /api/subscribers/export.csv`). */
export const SUBSCRIBERS_EXPORT_HREF = '/api/subscribers/export.csv';

/** The states listed as suppressions (a hint of the address, no topics), not as subscribers. */
const isSuppressionState = (state: SubscriberListState | undefined) =>
  state === 'unsubscribed' || state === 'suppressed';

/** The filters of the address bar (`?state=&q=&topic=&page=`), so that a filtered page can be reloaded and shared. */
function filtersOf(params: URLSearchParams): SubscribersQuery {
  const state = params.get('state') as SubscriberListState | null;
  const q = params.get('q')?.trim();
  const topic = Number(params.get('topic'));
  return {
    ...(state && SUBSCRIBER_LIST_STATES.includes(state) ? { state } : {}),
    ...(q ? { q } : {}),
    ...(Number.isInteger(topic) && topic > 0 && !isSuppressionState(state ?? undefined) ? { topic } : {}),
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

/**
 * /admin/subscribers: the readers who subscribe to the posts by e-mail. Tabs per state with their counts,
 * a search by address or name and a topic filter (the server filters and pages: `subscribers.list`); each
 * subscriber can be removed (optionally never mailed again), each suppression allowed again. Import reads a
 * CSV export of another service; Export CSV downloads every subscriber.
 */
export function SubscribersPage() {
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [search, setSearch] = useState(filters.q ?? '');
  const [removing, setRemoving] = useState<Subscriber | null>(null);
  const [importing, setImporting] = useState(false);
  const setMessage = useActionNotice();
  const site = useSiteLanguages();
  const utils = trpc.useUtils();
  // The page shown stays while the next one loads, instead of a spinner.
  const list = trpc.subscribers.list.useQuery(filters, { staleTime: 0, placeholderData: keepPreviousData });
  const counts = trpc.subscribers.counts.useQuery(undefined, { staleTime: 0 });
  const categories = trpc.categories.list.useQuery(undefined, { staleTime: 0 });
  const restore = trpc.subscribers.restoreSuppression.useMutation();

  const show = (next: Omit<SubscribersQuery, 'page'>) => setParams(listParamsOf({ ...next, page: 1 }));

  // Searching waits for a pause in typing, then starts again from page 1.
  useEffect(() => {
    const q = search.trim();
    if (q === (filters.q ?? '')) return;
    const timer = setTimeout(() => show({ ...filters, q: q || undefined }), 300);
    return () => clearTimeout(timer);
  });

  const refresh = () => Promise.all([utils.subscribers.list.invalidate(), utils.subscribers.counts.invalidate()]);

  const allowAgain = async (suppression: Suppression) => {
    setMessage({});
    try {
      await restore.mutateAsync({ id: suppression.id });
      await refresh();
      setMessage({ success: labels.allowed(suppression.email_hint) });
    } catch (failure) {
      setMessage({ error: serverMessageOf(failure) });
    }
  };

  const topicNames = new Map((categories.data ?? []).map((category) => [category.id, category.name]));
  const hrefFor = (page: number) =>
    `/admin/subscribers?${new URLSearchParams(listParamsOf({ ...filters, page }))}`.replace(/\?$/, '');

  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.subscribers}</h1>
      <div className="admin-toolbar">
        <button type="button" className="admin-button admin-button--primary" onClick={() => setImporting(true)}>
          {labels.import}
        </button>
        <a className="admin-button" href={SUBSCRIBERS_EXPORT_HREF} download>
          {labels.exportCsv}
        </a>
      </div>
      <StateTabs
        states={SUBSCRIBER_LIST_STATES}
        names={labels.states}
        state={filters.state}
        counts={counts.data?.states}
        allCount={counts.data && counts.data.states.pending + counts.data.states.confirmed}
        onChange={(state) => show({ ...filters, state, topic: isSuppressionState(state) ? undefined : filters.topic })}
      />
      <div className="admin-toolbar">
        <input
          type="search"
          aria-label={labels.search}
          placeholder={labels.search}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <label htmlFor={`${ids}-topic`}>{labels.topic}</label>
        <select
          id={`${ids}-topic`}
          value={filters.topic ?? ''}
          disabled={isSuppressionState(filters.state)}
          aria-describedby={isSuppressionState(filters.state) ? `${ids}-topic-hint` : undefined}
          onChange={(event) => show({ ...filters, topic: Number(event.target.value) || undefined })}
        >
          <option value="">{labels.allTopics}</option>
          {(counts.data?.topics ?? []).map((topic) => (
            <option key={topic.id} value={topic.id}>
              {labels.topicOption(topic.name, topic.confirmed)}
            </option>
          ))}
        </select>
        {isSuppressionState(filters.state) && (
          <span id={`${ids}-topic-hint`} className="admin-field-hint">
            {labels.topicNotForSuppressions}
          </span>
        )}
      </div>
      <QueryView query={list}>
        {({ subscribers, suppressions, total, page, page_size }) => {
          const pages = pageCount(total, page_size || SUBSCRIBERS_PAGE_SIZE);
          const filtered = Boolean(filters.state || filters.q || filters.topic);
          return (
            <>
              {isSuppressionState(filters.state) ? (
                <SuppressionsTable rows={suppressions} onAllow={(row) => void allowAgain(row)} />
              ) : (
                <SubscribersTable
                  rows={subscribers}
                  topicNames={topicNames}
                  bilingual={(site.data?.languages.length ?? 1) > 1}
                  onRemove={setRemoving}
                />
              )}
              {total === 0 && <p>{filtered ? labels.noneFound : labels.none}</p>}
              <Pagination page={Math.min(page, pages)} pageCount={pages} hrefFor={hrefFor} label={labels.pages} />
            </>
          );
        }}
      </QueryView>
      {removing && (
        <RemoveSubscriberDialog
          subscriber={removing}
          onClose={() => setRemoving(null)}
          onRemoved={async () => {
            setRemoving(null);
            await refresh();
            setMessage({ success: labels.removed(removing.email) });
          }}
        />
      )}
      {importing && (
        <ImportSubscribersDialog
          topics={counts.data?.topics ?? []}
          onImported={() => void refresh()}
          onClose={() => setImporting(false)}
        />
      )}
    </section>
  );
}

function SubscribersTable({
  rows,
  topicNames,
  bilingual,
  onRemove,
}: {
  rows: Subscriber[];
  topicNames: Map<number, string>;
  /** The site runs more than one language: each subscriber's mails' language is shown. */
  bilingual: boolean;
  onRemove: (subscriber: Subscriber) => void;
}) {
  return (
    <AdminTable columns={bilingual ? withLanguageColumn(labels.columns) : labels.columns}>
      {rows.map((subscriber) => (
        <tr key={subscriber.id}>
          <td>{subscriber.email}</td>
          <td>{subscriber.name || '—'}</td>
          <td>{labels.states[subscriber.state]}</td>
          <td>{subscriber.topics.map((id) => topicNames.get(id) ?? `#${id}`).join(', ') || '—'}</td>
          <td>
            {labels.consentSources[subscriber.consent_source]}, {formatDateTime(subscriber.consent_at)}
            {subscriber.consent_note && <p className="admin-message-meta">{subscriber.consent_note}</p>}
          </td>
          <td>{subscriber.digest ? labels.digest : labels.eachPost}</td>
          {bilingual && (
            <td>
              <LanguageCell language={subscriber.language} versions={[]} />
            </td>
          )}
          <td>
            <RowAction label={labels.remove} subject={subscriber.email} danger onClick={() => onRemove(subscriber)} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

function SuppressionsTable({ rows, onAllow }: { rows: Suppression[]; onAllow: (row: Suppression) => void }) {
  return (
    <AdminTable columns={labels.suppressionColumns}>
      {rows.map((suppression) => (
        <tr key={suppression.id}>
          <td>{suppression.email_hint}</td>
          <td>{labels.reasons[suppression.reason]}</td>
          <td>{suppression.detail || '—'}</td>
          <td>{formatDateTime(suppression.created_at)}</td>
          <td>
            <RowAction
              label={labels.allowAgain}
              subject={suppression.email_hint}
              onClick={() => onAllow(suppression)}
            />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
