import { keepPreviousData } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { trpc, type PagePrefetch } from '@blog/web/data';
import { Banner } from '@blog/web/ui';
import bannerImage from '../../assets/banner.webp';
import { PageBreadcrumb } from '../head/page-breadcrumb';
import { PageHead } from '../head/page-head';
import { PublicLayout } from '../layout/public-layout';
import { pageFromSearch, pageHref } from '../posts/page-param';
import { PostList } from '../posts/post-list';
import { useLocalPath, useReadLanguage, useT } from '../i18n/language-context';
import { LanguageSwitcher } from '../i18n/language-switcher';
import { usePathTranslations } from '../i18n/site-languages';
import { QueryStatus } from './query-status';
import './pages.css';

export const prefetchPostsPage: PagePrefetch = (utils, { search, lang }) => [
  utils.posts.page.prefetch({ page: pageFromSearch(search), lang }),
];

/** `/posts`: every visible post, 6 a page, newest first. */
export function PostsPage() {
  const [params] = useSearchParams();
  const page = pageFromSearch(params);
  const posts = trpc.posts.page.useQuery({ page, lang: useReadLanguage() }, { placeholderData: keepPreviousData });
  const t = useT();
  const local = useLocalPath();
  // Only the first pages are each other's translations: a later page may not exist in another language.
  const translations = usePathTranslations('/posts').filter(() => page === 1);
  return (
    <PublicLayout>
      <PageHead title={t('layout.allPosts')} path={pageHref('/posts', page)} translations={translations} />
      <Banner image={bannerImage}>
        <h1>{t('layout.allPosts')}</h1>
      </Banner>
      <div className="container">
        <PageBreadcrumb
          steps={[
            { label: t('layout.home'), to: '/' },
            { label: t('layout.posts'), to: '/posts' },
          ]}
        />
        <LanguageSwitcher translations={translations} />
        <QueryStatus query={posts} what={t('status.posts')} />
        {posts.data && (
          <PostList
            posts={posts.data.posts}
            total={posts.data.total}
            page={page}
            hrefFor={(n) => local(pageHref('/posts', n))}
            loadingPage={posts.isPlaceholderData}
          />
        )}
      </div>
    </PublicLayout>
  );
}
