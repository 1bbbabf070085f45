import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ADMIN_POSTS_PAGE_SIZE,
  pageCount,
  POST_STATUS,
  publicationStateOf,
  uploadUrl,
  type AdminPostRow,
} from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { formatSiteDateTime, Pagination } from '@blog/web/ui';
import { useActionNotice, useArrivalNotice } from '../forms/action-notice';
import { TYPING_PAUSE_MS } from '../forms/use-debounced';
import { AdminTable } from '../forms/admin-table';
import { formatDateTime } from '../forms/format';
import { listParamsOf } from '../forms/list-params';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';
import { VersionsCell } from '../languages/language-cell';
import { LanguageFilterFields, languageFiltersOf, type LanguageFilters } from '../languages/language-filters';
import { useSiteLanguages } from '../languages/site-languages';
import { postViewsCell, usePostViews } from './post-views';

export const confirmDeletePost = (title: string) => `Bạn có chắc muốn xoá bài đăng ${title} không?`;

const languageLabels = LABELS.languages;

/** What the list shows: `posts.adminList`'s query. */
interface PostsFilters extends LanguageFilters {
  q?: string;
  page: number;
}

/** The filters of the address bar (`?q=&language=&missing_translation=true&page=`), so that a filtered list can be reloaded and shared. */
function filtersOf(params: URLSearchParams): PostsFilters {
  const q = params.get('q');
  return {
    ...(q ? { q } : {}),
    ...languageFiltersOf(params),
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

/** The address bar's parameters of `filters` on `page` (the first unless told). */
const paramsOf = (filters: Omit<PostsFilters, 'page'>, page = 1) => listParamsOf({ ...filters, page });

/**
 * /admin/view-post: every post (hidden ones too), filtered by title, language and missing translation, and
 * paged on the server (`ADMIN_POSTS_PAGE_SIZE`).
 */
export function PostsPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const { q = '', page } = filters;
  const [search, setSearch] = useState(q);
  const siteLanguages = useSiteLanguages().data?.languages ?? [];
  const setMessage = useActionNotice();
  // The post form's save, told here where the owner lands.
  useArrivalNotice();
  const posts = trpc.posts.adminList.useQuery(filters, { staleTime: 0 });
  const views = usePostViews(posts.data?.rows.map((post) => post.id) ?? []);
  const utils = trpc.useUtils();
  const remove = trpc.posts.delete.useMutation();

  /** Lists what `next` asks for, from page 1. */
  const show = (next: Omit<PostsFilters, 'page'>) => setParams(paramsOf(next));
  // Searching waits for a pause in typing, then starts again from page 1.
  useEffect(() => {
    if (search.trim() === q) return;
    const timer = setTimeout(
      () => setParams((current) => paramsOf({ ...filtersOf(current), q: search.trim() || undefined })),
      TYPING_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [search, q, setParams]);

  const deletePost = async (post: AdminPostRow) => {
    if (!window.confirm(confirmDeletePost(post.title))) return;
    setMessage({});
    try {
      await remove.mutateAsync({ id: post.id });
      // The page asked again: the next page's first post moves up, and the pager counts one fewer.
      await Promise.all([utils.posts.adminList.invalidate(), utils.trash.list.invalidate()]);
      setMessage({ success: `The post ${post.title} has been moved to the Trash.` });
    } catch (failure) {
      setMessage({ error: (failure as Error).message || 'The post could not be deleted.' });
    }
  };

  const hrefFor = (target: number) =>
    `/admin/view-post?${new URLSearchParams(paramsOf(filters, target))}`.replace(/\?$/, '');

  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.posts}</h1>
      <div className="admin-toolbar">
        <Link to="/admin/add-post" className="admin-button admin-button--primary">
          Add post
        </Link>
        <input
          type="search"
          aria-label="Search posts by title"
          placeholder="Search by title"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <LanguageFilterFields
          filters={filters}
          siteLanguages={siteLanguages}
          onChange={(next) => show({ ...filters, ...next })}
        />
      </div>
      <QueryView query={posts}>
        {({ rows, total }) => {
          const pages = pageCount(total, ADMIN_POSTS_PAGE_SIZE);
          return (
            <>
              <AdminTable
                columns={[
                  'ID',
                  'Name',
                  'Thumbnail',
                  'Last Updated At',
                  'Status',
                  LABELS.stats.postViews,
                  languageLabels.language,
                  'Actions',
                ]}
              >
                {rows.map((post) => (
                  <tr key={post.id}>
                    <td>{post.id}</td>
                    <td>{post.title}</td>
                    <td>
                      {post.thumbnail ? (
                        <img
                          className="admin-thumb"
                          src={uploadUrl(post.thumbnail) ?? ''}
                          alt={post.title}
                          loading="lazy"
                        />
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>{formatDateTime(post.updated_at)}</td>
                    <td>
                      {post.status === POST_STATUS.hidden ? 'Hide' : 'Show'}
                      <PublicationState publishedAt={post.published_at} />
                    </td>
                    <td>{postViewsCell(views, post.id)}</td>
                    <td>
                      <VersionsCell record={post} siteLanguages={siteLanguages} />
                    </td>
                    <td>
                      <div className="admin-actions">
                        <Link
                          className="admin-button"
                          to={`/admin/edit-post/${post.id}`}
                          aria-label={`Sửa ${post.title}`}
                        >
                          Sửa
                        </Link>
                        <button
                          type="button"
                          className="admin-button admin-button--danger"
                          onClick={() => void deletePost(post)}
                          aria-label={`Xóa ${post.title}`}
                        >
                          Xóa
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </AdminTable>
              {total === 0 && <p>{emptyListText(filters)}</p>}
              <Pagination page={Math.min(page, pages)} pageCount={pages} hrefFor={hrefFor} label="Posts pages" />
            </>
          );
        }}
      </QueryView>
    </section>
  );
}

/** Under Show/Hide: 'Draft' or 'Scheduled for …' (in the site's time); nothing for a published post. */
function PublicationState({ publishedAt }: { publishedAt: string | null }) {
  const state = publicationStateOf(publishedAt);
  if (state === 'published') return null;
  const text =
    state === 'draft' || publishedAt === null
      ? LABELS.post.states.draft
      : `${LABELS.post.states.scheduled} ${formatSiteDateTime(publishedAt)}`;
  return <span className="admin-publication-state">{text}</span>;
}

/** Why the list is empty: nothing matches the filters, or there is no post at all. */
function emptyListText({ q, language, missing_translation }: PostsFilters): string {
  if (q) return `No post title contains “${q}”.`;
  return language || missing_translation ? 'No post matches these filters.' : 'No posts yet.';
}
