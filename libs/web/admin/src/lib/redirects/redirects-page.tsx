import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NOT_FOUND_PAGE_SIZE, pageCount, REDIRECTS_PAGE_SIZE, type NotFoundHit, type Redirect } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Pagination } from '@blog/web/ui';
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { formatDateTime } from '../forms/format';
import { RowAction } from '../forms/row-action';
import { QueryView } from '../forms/query-view';
import { serverMessageOf } from '../forms/server-errors';
import { LABELS } from '../labels';
import { RedirectForm } from './redirect-form';

export const confirmDeleteRedirect = (fromPath: string) => `Bạn có chắc muốn xoá chuyển hướng ${fromPath} không?`;
export const confirmClearNotFoundLog = 'Bạn có chắc muốn xoá toàn bộ nhật ký 404 không?';

const labels = LABELS.redirects;
/**
 * The address's parameters: the redirects' filter and page, the 404 log's own page, and a path to open
 * the form with (another screen's "Create redirect": `redirectFormHref`).
 */
const PARAM = { q: 'q', page: 'page', notFoundPage: 'log-page', newFrom: 'new-from' } as const;

/** This screen with the redirect form open, its From filled in with `fromPath`. */
export const redirectFormHref = (fromPath: string) =>
  `/admin/redirects?${new URLSearchParams({ [PARAM.newFrom]: fromPath })}`;

type Editing = { redirect: Redirect } | { fromPath: string } | null;

const pageOf = (value: string | null) => Math.max(1, Number(value) || 1);

/**
 * /admin/redirects: the redirects (filtered by path and paged on the server) with add, edit and
 * delete, and below them the 404 log, whose "Create redirect" opens the form with its path.
 */
export function RedirectsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get(PARAM.q) ?? '';
  const page = pageOf(params.get(PARAM.page));
  const notFoundPage = pageOf(params.get(PARAM.notFoundPage));
  const [search, setSearch] = useState(q);
  const newFrom = params.get(PARAM.newFrom);
  const [editing, setEditingState] = useState<Editing>(newFrom === null ? null : { fromPath: newFrom });
  // The form opened by the address is its own until closed: then the address forgets it (a reload does not reopen it).
  const setEditing = (next: Editing) => {
    setEditingState(next);
    if (next === null && params.has(PARAM.newFrom)) {
      setParams(
        (current) => {
          const rest = new URLSearchParams(current);
          rest.delete(PARAM.newFrom);
          return rest;
        },
        { replace: true },
      );
    }
  };
  const setMessage = useActionNotice();
  const redirects = trpc.redirects.list.useQuery({ ...(q ? { q } : {}), page }, { staleTime: 0 });
  const utils = trpc.useUtils();
  const remove = trpc.redirects.delete.useMutation();

  // Filtering waits for a pause in typing, then starts again from page 1 (the log keeps its page).
  useEffect(() => {
    if (search.trim() === q) return;
    const timer = setTimeout(
      () =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.delete(PARAM.page);
          if (search.trim()) next.set(PARAM.q, search.trim());
          else next.delete(PARAM.q);
          return next;
        }),
      300,
    );
    return () => clearTimeout(timer);
  }, [search, q, setParams]);

  const hrefFor = (name: string) => (target: number) => {
    const next = new URLSearchParams(params);
    next.set(name, String(target));
    return `/admin/redirects?${next}`;
  };

  const deleteRedirect = async (redirect: Redirect) => {
    if (!window.confirm(confirmDeleteRedirect(redirect.from_path))) return;
    setMessage({});
    try {
      await remove.mutateAsync({ id: redirect.id });
      await utils.redirects.list.invalidate();
      setMessage({ success: `The redirect from ${redirect.from_path} has been deleted.` });
    } catch (failure) {
      setMessage({ error: serverMessageOf(failure) });
    }
  };

  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.redirects}</h1>
      <div className="admin-toolbar">
        <button
          type="button"
          className="admin-button admin-button--primary"
          onClick={() => setEditing({ fromPath: '' })}
        >
          {labels.add}
        </button>
        <input
          type="search"
          aria-label={labels.filter}
          placeholder="Filter by path"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <QueryView query={redirects}>
        {({ rows, total }) => {
          const pages = pageCount(total, REDIRECTS_PAGE_SIZE);
          return (
            <>
              <AdminTable columns={[labels.from, labels.to, labels.type, labels.hits, labels.lastHit, 'Actions']}>
                {rows.map((redirect) => (
                  <tr key={redirect.id}>
                    <td className="admin-truncate" title={redirect.from_path}>
                      {redirect.from_path}
                    </td>
                    <td className="admin-truncate" title={redirect.to_path}>
                      {redirect.to_path}
                    </td>
                    <td>{labels.types[redirect.status_code]}</td>
                    <td>{redirect.hits}</td>
                    <td>{redirect.last_hit_at ? formatDateTime(redirect.last_hit_at) : '—'}</td>
                    <td>
                      <div className="admin-actions">
                        <RowAction
                          label={LABELS.edit}
                          subject={redirect.from_path}
                          onClick={() => setEditing({ redirect })}
                        />
                        <RowAction
                          label={LABELS.delete}
                          subject={redirect.from_path}
                          danger
                          onClick={() => void deleteRedirect(redirect)}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </AdminTable>
              {total === 0 && <p>{q ? `No redirect path contains “${q}”.` : 'No redirects yet.'}</p>}
              <Pagination
                page={Math.min(page, pages)}
                pageCount={pages}
                hrefFor={hrefFor(PARAM.page)}
                label="Redirects pages"
              />
            </>
          );
        }}
      </QueryView>
      <NotFoundLog
        page={notFoundPage}
        hrefFor={hrefFor(PARAM.notFoundPage)}
        onCreateRedirect={(hit) => setEditing({ fromPath: hit.path })}
      />
      {editing && (
        <RedirectForm
          redirect={'redirect' in editing ? editing.redirect : undefined}
          fromPath={'fromPath' in editing ? editing.fromPath : undefined}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setMessage({ success: `The redirect from ${saved.from_path} has been saved.` });
          }}
        />
      )}
    </section>
  );
}

/** The 404 log: the most hit paths first, each with "Create redirect" and delete; "Clear log" empties it. */
function NotFoundLog({
  page,
  hrefFor,
  onCreateRedirect,
}: {
  page: number;
  hrefFor: (page: number) => string;
  onCreateRedirect: (hit: NotFoundHit) => void;
}) {
  const log = trpc.redirects.notFoundList.useQuery({ page }, { staleTime: 0 });
  const utils = trpc.useUtils();
  const remove = trpc.redirects.notFoundDelete.useMutation();
  const clear = trpc.redirects.notFoundClear.useMutation();
  const setMessage = useActionNotice();
  const text = labels.notFound;

  const run = async (action: () => Promise<unknown>, success: string) => {
    setMessage({});
    try {
      await action();
      await utils.redirects.notFoundList.invalidate();
      setMessage({ success });
    } catch (failure) {
      setMessage({ error: serverMessageOf(failure) });
    }
  };

  return (
    <section className="admin-subsection" aria-labelledby="not-found-log-heading">
      <h2 id="not-found-log-heading">{text.heading}</h2>
      <p className="admin-field-hint">{text.hint}</p>
      <QueryView query={log}>
        {({ rows, total }) => {
          const pages = pageCount(total, NOT_FOUND_PAGE_SIZE);
          return (
            <>
              {total > 0 && (
                <div className="admin-toolbar">
                  <button
                    type="button"
                    className="admin-button admin-button--danger"
                    onClick={() =>
                      window.confirm(confirmClearNotFoundLog) &&
                      void run(() => clear.mutateAsync(), 'The 404 log has been cleared.')
                    }
                  >
                    {text.clear}
                  </button>
                </div>
              )}
              <AdminTable columns={[text.path, labels.hits, text.lastSeen, text.referrer, 'Actions']}>
                {rows.map((hit) => (
                  <tr key={hit.id}>
                    <td className="admin-truncate" title={hit.path}>
                      {hit.path}
                    </td>
                    <td>{hit.hits}</td>
                    <td>{formatDateTime(hit.last_seen_at)}</td>
                    <td>{hit.referrer_host ?? '—'}</td>
                    <td>
                      <div className="admin-actions">
                        <RowAction
                          label={text.createRedirect}
                          subject={hit.path}
                          onClick={() => onCreateRedirect(hit)}
                        />
                        <RowAction
                          label={LABELS.delete}
                          subject={hit.path}
                          danger
                          onClick={() =>
                            void run(() => remove.mutateAsync({ id: hit.id }), `${hit.path} has left the 404 log.`)
                          }
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </AdminTable>
              {total === 0 && <p>{text.empty}</p>}
              <Pagination page={Math.min(page, pages)} pageCount={pages} hrefFor={hrefFor} label="404 log pages" />
            </>
          );
        }}
      </QueryView>
    </section>
  );
}
