import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
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
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { formatDateTime } from '../forms/format';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';
import { postViewsCell, usePostViews } from './post-views';

export const confirmDeletePost = (title: string) => `Bạn có chắc muốn xoá bài đăng ${title} không?`;

/** /admin/view-post: every post (hidden ones too), filtered by title and paged on the server (`ADMIN_POSTS_PAGE_SIZE`). */
export function PostsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const location = useLocation();
  const setMessage = useActionNotice();
  // The post form's save, told here where the owner lands.
  const saved = (location.state as { saved?: string } | null)?.saved;
  useEffect(() => {
    if (saved) setMessage({ success: saved });
  }, [saved, setMessage]);
  const posts = trpc.posts.adminList.useQuery({ ...(q ? { q } : {}), page }, { staleTime: 0 });
  const views = usePostViews(posts.data?.rows.map((post) => post.id) ?? []);
  const utils = trpc.useUtils();
  const remove = trpc.posts.delete.useMutation();

  // Searching waits for a pause in typing, then starts again from page 1.
  useEffect(() => {
    if (search.trim() === q) return;
    const timer = setTimeout(() => setParams(search.trim() ? { q: search.trim() } : {}), 300);
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
    `/admin/view-post?${new URLSearchParams({ ...(q ? { q } : {}), page: String(target) })}`;

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
      </div>
      <QueryView query={posts}>
        {({ rows, total }) => {
          const pages = pageCount(total, ADMIN_POSTS_PAGE_SIZE);
          return (
            <>
              <AdminTable
                columns={['ID', 'Name', 'Thumbnail', 'Last Updated At', 'Status', LABELS.stats.postViews, 'Actions']}
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
              {total === 0 && <p>{q ? `No post title contains “${q}”.` : 'No posts yet.'}</p>}
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
