import { keepPreviousData } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { trpc, type PagePrefetch } from '@blog/web/data';
import { Banner } from '@blog/web/ui';
import bannerImage from '../../assets/banner.webp';
import { PageBreadcrumb } from '../head/page-breadcrumb';
import { PageHead } from '../head/page-head';
import { PublicLayout } from '../layout/public-layout';
import { pageFromSearch, pageHref } from '../posts/page-param';
import { PostList } from '../posts/post-list';
import { MovedPermanently } from '../routing/response-status';
import { SEO_CATEGORY_SLUG } from '../site';
import { ConversionEvent } from '../tags/marketing-tags';
import { NotFoundPage } from './not-found-page';
import { isMissing, QueryStatus } from './query-status';
import { useLocalPath, useReadLanguage, useT } from '../i18n/language-context';
import { LanguageSwitcher } from '../i18n/language-switcher';
import './pages.css';

/** An unknown slug may be a category's old one: its new address (same page), else NotFound. */
function MissingCategory({ slug, page }: { slug: string; page: number }) {
  const moved = trpc.categories.redirect.useQuery({ slug, lang: useReadLanguage() });
  const t = useT();
  // Its address now, in its language (another one when the category changed language).
  if (moved.data) return <MovedPermanently to={pageHref(moved.data.path, page)} />;
  if (moved.isPending) return <QueryStatus query={moved} what={t('status.thisCategory')} />;
  return <NotFoundPage />;
}

function CategoryListing({ slug }: { slug: string }) {
  const [params] = useSearchParams();
  const page = pageFromSearch(params);
  const listing = trpc.posts.byCategory.useQuery(
    { slug, page, lang: useReadLanguage() },
    { placeholderData: keepPreviousData },
  );
  const t = useT();
  const local = useLocalPath();
  if (isMissing(listing)) return <MissingCategory slug={slug} page={page} />;

  const name = listing.data?.category_name[0]?.name;
  // Only the first pages are each other's translations: a later page may not exist in another language.
  const translations = page === 1 ? (listing.data?.category.translations ?? []) : [];
  const isSeo = slug === SEO_CATEGORY_SLUG;
  return (
    <PublicLayout>
      {isSeo && <ConversionEvent />}
      {name !== undefined && (
        <>
          <PageHead title={name} path={pageHref(`/category/${slug}`, page)} translations={translations} />
          <Banner image={bannerImage}>
            <h1>{name}</h1>
          </Banner>
        </>
      )}
      <div className="container">
        {name !== undefined && (
          <PageBreadcrumb
            steps={[
              { label: t('layout.home'), to: '/' },
              { label: name, to: `/category/${slug}` },
            ]}
          />
        )}
        {name !== undefined && <LanguageSwitcher translations={translations} />}
        <QueryStatus query={listing} what={t('status.thisCategory')} />
        {listing.data && (
          <PostList
            posts={listing.data.posts}
            total={listing.data.total}
            page={page}
            hrefFor={(n) => local(pageHref(`/category/${slug}`, n))}
            loadingPage={listing.isPlaceholderData}
          />
        )}
      </div>
    </PublicLayout>
  );
}

export const prefetchCategoryPage: PagePrefetch = (utils, { params, search, lang }) => [
  utils.posts.byCategory.prefetch({ slug: params['slug'] ?? '', page: pageFromSearch(search), lang }),
];

/** `/category/{slug}`: the category's posts, 6 a page; an unknown category is NotFound. */
export function CategoryPage() {
  const { slug = '' } = useParams();
  // Another category is another page: nothing of the previous one stays on screen.
  return <CategoryListing key={slug} slug={slug} />;
}
