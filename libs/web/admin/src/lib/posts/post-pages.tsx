import { useParams } from 'react-router-dom';
import { trpc, isNotFoundError } from '@blog/web/data';
import { useArrivalNotice } from '../forms/action-notice';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';
import { PostForm } from './post-form';
import { PostViewsLine } from './post-views';
import { useSiteLanguages } from '../languages/site-languages';

/** /admin/add-post */
export function AddPostPage() {
  const categories = trpc.categories.list.useQuery();
  const site = useSiteLanguages();
  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.addPost}</h1>
      <QueryView query={site}>
        {(languages) => (
          <QueryView query={categories}>{(rows) => <PostForm categories={rows} site={languages} />}</QueryView>
        )}
      </QueryView>
    </section>
  );
}

/** /admin/edit-post/{id} */
export function EditPostPage() {
  const id = Number(useParams()['id']);
  // A translation made on another post's screen opens here, saying so.
  useArrivalNotice();
  const valid = Number.isInteger(id) && id > 0;
  const categories = trpc.categories.list.useQuery();
  const site = useSiteLanguages();
  const post = trpc.posts.adminById.useQuery({ id }, { enabled: valid, staleTime: 0 });

  if (!valid || isNotFoundError(post.error)) {
    return (
      <section className="admin-panel">
        <h1>Edit post</h1>
        <p role="alert">This post does not exist (it may have been deleted).</p>
      </section>
    );
  }
  return (
    <section className="admin-panel">
      <h1>Edit post</h1>
      <PostViewsLine postId={id} />
      <QueryView query={site}>
        {(languages) => (
          <QueryView query={categories}>
            {(rows) => (
              <QueryView query={post}>
                {(found) => <PostForm key={found.id} post={found} categories={rows} site={languages} />}
              </QueryView>
            )}
          </QueryView>
        )}
      </QueryView>
    </section>
  );
}
