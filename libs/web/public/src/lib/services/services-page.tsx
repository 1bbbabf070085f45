import { Link } from 'react-router-dom';
import { inquiryHref, SERVICES_PATH, type PublicService } from '@blog/contracts';
import { trpc, useSiteIdentity, type PagePrefetch } from '@blog/web/data';
import { Banner } from '@blog/web/ui';
import bannerImage from '../../assets/banner.webp';
import { JsonLd } from '../head/json-ld';
import { PageBreadcrumb } from '../head/page-breadcrumb';
import { PageHead } from '../head/page-head';
import { useSiteOrigin } from '../head/site-origin';
import { servicesStructuredData } from '../head/structured-data';
import { AvailabilityLine } from '../layout/availability-line';
import { PublicLayout } from '../layout/public-layout';
import { QueryStatus } from '../pages/query-status';
import { TestimonialQuote } from '../portfolio/testimonial-quote';
import { langInput, useLocalPath, useReadLanguage, useT } from '../i18n/language-context';
import { LanguageSwitcher } from '../i18n/language-switcher';
import { usePathTranslations } from '../i18n/site-languages';
import { priceLine } from './price-line';
import '../portfolio/portfolio.css';

export const prefetchServicesPage: PagePrefetch = (utils, { lang }) => [
  utils.services.list.prefetch(langInput(lang)),
  utils.testimonials.list.prefetch(langInput(lang)),
];

/** One service: what it is, its price, what is delivered and how long it takes, and the way to ask about it. */
function ServiceEntry({ service }: { service: PublicService }) {
  const t = useT();
  const local = useLocalPath();
  return (
    <section className="service" id={service.slug} aria-labelledby={`service-${service.slug}`}>
      <h2 id={`service-${service.slug}`}>{service.name}</h2>
      <p className="service__price">{priceLine(service, t)}</p>
      {service.summary && <p>{service.summary}</p>}
      {service.deliverables.length > 0 && (
        <>
          <h3>{t('services.whatYouGet')}</h3>
          <ul className="service__deliverables">
            {service.deliverables.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {service.duration && (
        <p className="service__duration">
          <span>{t('services.duration')}</span> {service.duration}
        </p>
      )}
      <p>
        <Link className="ui-button" to={local(inquiryHref('service', service.slug, local(SERVICES_PATH)))}>
          {t('services.cta')}
        </Link>
      </p>
    </section>
  );
}

/** `/services`: each shown service with its price line, the owner's availability, and clients' words beside. */
export function ServicesPage() {
  const origin = useSiteOrigin();
  const site = useSiteIdentity();
  const lang = useReadLanguage();
  const services = trpc.services.list.useQuery(langInput(lang));
  const testimonials = trpc.testimonials.list.useQuery(langInput(lang));
  const t = useT();
  const local = useLocalPath();
  const translations = usePathTranslations(SERVICES_PATH);
  return (
    <PublicLayout>
      <PageHead
        title={t('services.title')}
        description={t('services.description')}
        path={SERVICES_PATH}
        translations={translations}
      />
      {services.data && services.data.length > 0 && (
        <JsonLd
          data={servicesStructuredData(
            origin,
            site,
            local(SERVICES_PATH),
            services.data.map((service) => ({
              slug: service.slug,
              name: service.name,
              description: service.summary || service.name,
              priceVnd: service.price_vnd,
            })),
          )}
        />
      )}
      <Banner image={bannerImage}>
        <h1>{t('services.title')}</h1>
      </Banner>
      <div className="container page-section">
        <PageBreadcrumb
          steps={[
            { label: t('layout.home'), to: '/' },
            { label: t('services.title'), to: SERVICES_PATH },
          ]}
        />
        <LanguageSwitcher translations={translations} />
        <AvailabilityLine className="availability" />
        <div className="services-layout">
          <div className="services-list">
            <QueryStatus query={services} what={t('status.services')} />
            {services.data?.length === 0 && <p className="page-message">{t('services.none')}</p>}
            {services.data?.map((service) => (
              <ServiceEntry key={service.id} service={service} />
            ))}
          </div>
          {testimonials.data && testimonials.data.length > 0 && (
            <aside className="services-testimonials" aria-labelledby="services-testimonials-title">
              <h2 id="services-testimonials-title">{t('services.clientsSay')}</h2>
              {testimonials.data.map((testimonial) => (
                <TestimonialQuote key={testimonial.id} testimonial={testimonial} />
              ))}
            </aside>
          )}
        </div>
      </div>
    </PublicLayout>
  );
}
