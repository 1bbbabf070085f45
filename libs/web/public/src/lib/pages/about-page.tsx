import { trpc, useSiteIdentity, type PagePrefetch } from '@blog/web/data';
import { Banner, RichText } from '@blog/web/ui';
import avatarImage from '../../assets/avatar.webp';
import bannerImage from '../../assets/banner.webp';
import { PageHead } from '../head/page-head';
import { PublicLayout } from '../layout/public-layout';
import { QueryStatus } from './query-status';
import './pages.css';

export const prefetchAboutPage: PagePrefetch = (utils) => [utils.about.publicList.prefetch()];

/** `/about`: the About content on the left, the avatar on the right. */
export function AboutPage() {
  const about = trpc.about.publicList.useQuery();
  const content = about.data?.[0]?.content;
  const site = useSiteIdentity();
  return (
    <PublicLayout>
      <PageHead title="About" path="/about" />
      <Banner image={bannerImage}>
        <h1>About me</h1>
      </Banner>
      <QueryStatus query={about} what="The About page" />
      {about.data && (
        <div className="container page-section about">
          <div className="about__content">
            {content ? <RichText html={content} /> : <p className="page-message">This page is being written.</p>}
          </div>
          <figure className="about__avatar">
            <img src={avatarImage} alt={`Portrait of ${site.author_name}`} width={400} height={400} />
          </figure>
        </div>
      )}
    </PublicLayout>
  );
}
