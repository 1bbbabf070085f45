import { Link } from 'react-router-dom';
import { trpc } from '@blog/web/data';

/** Beside a post: the categories (each a full page load, as the spec asks) and the recent posts. */
export function Sidebar() {
  const categories = trpc.categories.links.useQuery();
  const recent = trpc.posts.recent.useQuery();
  return (
    <aside className="sidebar" aria-label="Sidebar">
      <section className="sidebar__section" aria-labelledby="sidebar-categories">
        <h2 id="sidebar-categories">Categories</h2>
        {categories.isError ? (
          <p className="sidebar__note">The categories could not be loaded.</p>
        ) : (
          <ul>
            {categories.data?.map((category) => (
              <li key={category.slug}>
                <Link to={`/category/${category.slug}`} reloadDocument>
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="sidebar__section" aria-labelledby="sidebar-recent">
        <h2 id="sidebar-recent">Recent Posts</h2>
        {recent.isError ? (
          <p className="sidebar__note">The recent posts could not be loaded.</p>
        ) : (
          <ul>
            {recent.data?.map((post) => (
              <li key={post.id}>
                <Link to={`/${post.slug}`}>{post.title}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
