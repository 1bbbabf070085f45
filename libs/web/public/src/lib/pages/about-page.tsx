import { trpc, useSiteIdentity, type PagePrefetch } from '@blog/web/data';
import { Banner, RichText } from '@blog/web/ui';
import avatarImage from '../../assets/avatar.webp';
import bannerImage from '../../assets/banner.webp';
import { PageHead } from '../head/page-head';
import { PublicLayout } from '../layout/public-layout';
import { langInput, useReadLanguage, useT } from '../i18n/language-context';
import { LanguageSwitcher } from '../i18n/language-switcher';
import { usePathTranslations } from '../i18n/site-languages';
import { QueryStatus } from './query-status';
import './pages.css';

export const prefetchAboutPage: PagePrefetch = (utils, { lang }) => [utils.about.publicList.prefetch(langInput(lang))];

/** `/about`: the About content on the left, the avatar on the right. */
export function AboutPage() {
  const about = trpc.about.publicList.useQuery(langInput(useReadLanguage()));
  const record = about.data?.[0];
  const content = record?.content;
  const translations = record?.translations ?? [];
  // Without an About in this language yet (it says it is being written), the switcher leads to the
  // About page of each other language, as a list's does; search engines are told of no translation.
  const otherAbouts = usePathTranslations('/about');
  const site = useSiteIdentity();
  const t = useT();
  return (
    <PublicLayout>
      <PageHead title={t('about.title')} path="/about" translations={translations} />
      <Banner image={bannerImage}>
        <h1>{t('about.heading')}</h1>
      </Banner>
      <QueryStatus query={about} what={t('status.aboutPage')} />
      {about.data && (
        <div className="container page-section about">
          <div className="about__content">
            <LanguageSwitcher translations={record ? translations : otherAbouts} />
            {content ? <RichText html={content} /> : <p className="page-message">{t('about.beingWritten')}</p>}
          </div>
          <figure className="about__avatar">
            <img src={avatarImage} alt={t('about.portrait', { name: site.author_name })} width={400} height={400} />
          </figure>
        </div>
      )}
    </PublicLayout>
  );
}
