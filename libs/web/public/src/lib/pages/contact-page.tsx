import { Banner, ErrorRetry, Spinner } from '@blog/web/ui';
import bannerImage from '../../assets/banner.webp';
import { ContactForm } from '../contact/contact-form';
import { useInquiry } from '../contact/use-inquiry';
import { PageHead } from '../head/page-head';
import { PublicLayout } from '../layout/public-layout';
import { useGeneralInfo } from '../layout/use-general-info';
import { useT } from '../i18n/language-context';
import { LanguageSwitcher } from '../i18n/language-switcher';
import { usePathTranslations } from '../i18n/site-languages';
import './pages.css';

/**
 * `/contact`: the contact form and the owner's phone, e-mail and address. Opened from a project or
 * service page (`/contact?project=homestay&from=/portfolio/homestay`), the form says what the
 * message is about and records that page.
 */
export function ContactPage() {
  const general = useGeneralInfo();
  const inquiry = useInquiry();
  const { info } = general;
  const t = useT();
  const translations = usePathTranslations('/contact');
  return (
    <PublicLayout>
      <PageHead title={t('contact.title')} path="/contact" translations={translations} />
      <Banner image={bannerImage}>
        <h1>{t('contact.title')}</h1>
      </Banner>
      <div className="container">
        <LanguageSwitcher translations={translations} />
      </div>
      {general.isPending ? (
        <Spinner />
      ) : (
        <div className="container page-section contact-page">
          <section aria-labelledby="contact-write">
            <h2 id="contact-write">{t('contact.sendMeAMessage')}</h2>
            {/* Another topic (or none) is another form: its message starts afresh. */}
            <ContactForm key={inquiry.topic?.slug ?? ''} inquiry={inquiry} />
          </section>
          <section className="contact-details" aria-labelledby="contact-details">
            <h2 id="contact-details">{t('contact.details')}</h2>
            {general.isError ? (
              <ErrorRetry
                message={t('contact.detailsFailed')}
                onRetry={() => void general.refetch()}
                retrying={general.isFetching}
              />
            ) : info && (info.phone || info.email || info.address) ? (
              <dl>
                {info.phone && (
                  <div>
                    <dt>{t('contact.phone')}</dt>
                    <dd>
                      <a href={`tel:${info.phone.replace(/[^\d+]/g, '')}`}>{info.phone}</a>
                    </dd>
                  </div>
                )}
                {info.email && (
                  <div>
                    <dt>{t('contact.email')}</dt>
                    <dd>
                      <a href={`mailto:${info.email}`}>{info.email}</a>
                    </dd>
                  </div>
                )}
                {info.address && (
                  <div>
                    <dt>{t('contact.address')}</dt>
                    <dd>
                      <address>{info.address}</address>
                    </dd>
                  </div>
                )}
              </dl>
            ) : (
              <p>{t('contact.formIsBest')}</p>
            )}
          </section>
        </div>
      )}
    </PublicLayout>
  );
}
