import { Link } from 'react-router-dom';
import { INQUIRY_CTA_LABELS, inquiryHref, SERVICES_PATH, type PublicService } from '@blog/contracts';
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
import { priceLine } from './price-line';
import '../portfolio/portfolio.css';

export const prefetchServicesPage: PagePrefetch = (utils) => [
  utils.services.list.prefetch(),
  utils.testimonials.list.prefetch(),
];

/** One service: what it is, its price, what is delivered and how long it takes, and the way to ask about it. */
function ServiceEntry({ service }: { service: PublicService }) {
  return (
    <section className="service" id={service.slug} aria-labelledby={`service-${service.slug}`}>
      <h2 id={`service-${service.slug}`}>{service.name}</h2>
      <p className="service__price">{priceLine(service)}</p>
      {service.summary && <p>{service.summary}</p>}
      {service.deliverables.length > 0 && (
        <>
          <h3>What you get</h3>
          <ul className="service__deliverables">
            {service.deliverables.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {service.duration && (
        <p className="service__duration">
          <span>Typical duration:</span> {service.duration}
        </p>
      )}
      <p>
        <Link className="ui-button" to={inquiryHref('service', service.slug, SERVICES_PATH)}>
          {INQUIRY_CTA_LABELS.service}
        </Link>
      </p>
    </section>
  );
}

/** `/services`: each shown service with its price line, the owner's availability, and clients' words beside. */
export function ServicesPage() {
  const origin = useSiteOrigin();
  const site = useSiteIdentity();
  const services = trpc.services.list.useQuery();
  const testimonials = trpc.testimonials.list.useQuery();
  return (
    <PublicLayout>
      <PageHead
        title="Services"
        description="What I can build for you, what you get, how long it takes and what it costs."
        path={SERVICES_PATH}
      />
      {services.data && services.data.length > 0 && (
        <JsonLd
          data={servicesStructuredData(
            origin,
            site,
            SERVICES_PATH,
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
        <h1>Services</h1>
      </Banner>
      <div className="container page-section">
        <PageBreadcrumb
          steps={[
            { label: 'Home', to: '/' },
            { label: 'Services', to: SERVICES_PATH },
          ]}
        />
        <AvailabilityLine className="availability" />
        <div className="services-layout">
          <div className="services-list">
            <QueryStatus query={services} what="The services" />
            {services.data?.length === 0 && <p className="page-message">No services are listed yet.</p>}
            {services.data?.map((service) => (
              <ServiceEntry key={service.id} service={service} />
            ))}
          </div>
          {testimonials.data && testimonials.data.length > 0 && (
            <aside className="services-testimonials" aria-labelledby="services-testimonials-title">
              <h2 id="services-testimonials-title">What clients say</h2>
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
