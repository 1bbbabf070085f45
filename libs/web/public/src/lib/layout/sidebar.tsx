import { Link } from 'react-router-dom';
import { trpc } from '@blog/web/data';
import { langInput, useLocalPath, useReadLanguage, useT } from '../i18n/language-context';

/** Beside a post: the categories (each a full page load, as the spec asks) and the recent posts. */
export function Sidebar() {
  const lang = useReadLanguage();
  const categories = trpc.categories.links.useQuery(langInput(lang));
  const recent = trpc.posts.recent.useQuery(langInput(lang));
  const t = useT();
  const local = useLocalPath();
  return (
    <aside className="sidebar" aria-label={t('layout.sidebar')}>
      <section className="sidebar__section" aria-labelledby="sidebar-categories">
        <h2 id="sidebar-categories">{t('layout.categories')}</h2>
        {categories.isError ? (
          <p className="sidebar__note">{t('layout.categoriesFailed')}</p>
        ) : (
          <ul>
            {categories.data?.map((category) => (
              <li key={category.slug}>
                <Link to={local(`/category/${category.slug}`)} reloadDocument>
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="sidebar__section" aria-labelledby="sidebar-recent">
        <h2 id="sidebar-recent">{t('layout.recentPosts')}</h2>
        {recent.isError ? (
          <p className="sidebar__note">{t('layout.recentPostsFailed')}</p>
        ) : (
          <ul>
            {recent.data?.map((post) => (
              <li key={post.id}>
                <Link to={local(`/${post.slug}`)}>{post.title}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
