import { keepPreviousData } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { trpc } from '@blog/web/data';
import { Banner, Breadcrumb } from '@blog/web/ui';
import bannerImage from '../../assets/banner.webp';
import { JsonLd } from '../head/json-ld';
import { PageHead } from '../head/page-head';
import { useSiteOrigin } from '../head/site-origin';
import { categoryBreadcrumbStructuredData } from '../head/structured-data';
import { PublicLayout } from '../layout/public-layout';
import { pageFromSearch, pageHref } from '../posts/page-param';
import { PostList } from '../posts/post-list';
import { SEO_CATEGORY_SLUG } from '../site';
import { ConversionEvent } from '../tags/marketing-tags';
import { NotFoundPage } from './not-found-page';
import { isMissing, QueryStatus } from './query-status';
import './pages.css';

function CategoryListing({ slug }: { slug: string }) {
  const origin = useSiteOrigin();
  const [params] = useSearchParams();
  const page = pageFromSearch(params);
  const listing = trpc.posts.byCategory.useQuery({ slug, page }, { placeholderData: keepPreviousData });
  if (isMissing(listing)) return <NotFoundPage />;

  const name = listing.data?.category_name[0]?.name;
  const isSeo = slug === SEO_CATEGORY_SLUG;
  return (
    <PublicLayout>
      {isSeo && <ConversionEvent />}
      {name !== undefined && (
        <>
          <PageHead title={name} />
          {isSeo && <JsonLd data={categoryBreadcrumbStructuredData(origin, { slug, name })} />}
          <Banner image={bannerImage}>
            <h1>{name}</h1>
          </Banner>
        </>
      )}
      <div className="container">
        {name !== undefined && <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: name }]} />}
        <QueryStatus query={listing} what="This category" />
        {listing.data && (
          <PostList
            posts={listing.data.posts}
            total={listing.data.total}
            page={page}
            hrefFor={(n) => pageHref(`/category/${slug}`, n)}
            loadingPage={listing.isPlaceholderData}
          />
        )}
      </div>
    </PublicLayout>
  );
}

/** `/category/{slug}`: the category's posts, 6 a page; an unknown category is NotFound. */
export function CategoryPage() {
  const { slug = '' } = useParams();
  // Another category is another page: nothing of the previous one stays on screen.
  return <CategoryListing key={slug} slug={slug} />;
}
