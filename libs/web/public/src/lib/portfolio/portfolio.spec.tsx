import { screen, waitFor, within } from '@testing-library/react';
import { INQUIRY_CTA_LABELS, inquiryHref, inquiryTopicPath, SITE_FEED_PATHS } from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { fixtures, NO_COMMENTS, renderPage } from '../../testing/render-page';
import { priceLine } from '../services/price-line';

const notFoundOnly = (container: HTMLElement) => expect(container).toHaveTextContent(/^NotFound$/);
/** The portfolio's feed, as the page's head announces it. */
const portfolioFeedLink = () =>
  document.head.querySelector(
    `link[rel="alternate"][type="application/rss+xml"][href="${SITE_FEED_PATHS.portfolioRss}"]`,
  );

function jsonLd(): Array<Record<string, unknown>> {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
    JSON.parse(script.textContent ?? ''),
  );
}

const projects = [
  fixtures.project(1, { title: 'Shop', stack: ['wordpress', 'php'], service_ids: [1] }),
  fixtures.project(2, { title: 'Homestay booking', featured: true, stack: ['react', 'node.js'] }),
  fixtures.project(3, { title: 'English lessons', stack: ['react'] }),
];

/** The projects as the API filters them (`projects.cards {stack, service}`). */
const listAnswer = (input: unknown) => {
  const { stack, service } = (input ?? {}) as { stack?: string; service?: string };
  if (service && service !== 'websites') throw trpcError('BAD_REQUEST', 400);
  return projects.filter(
    (project) => (!stack || project.stack.includes(stack)) && (!service || project.service_ids.includes(1)),
  );
};

const portfolioAnswers = {
  'projects.cards': listAnswer,
  'services.list': () => [fixtures.service(1, { name: 'Websites', slug: 'websites' })],
};

describe('portfolio page', () => {
  it('shows the projects as cards, featured first, each stack tag a link to the filtered list', async () => {
    renderPage('/portfolio', { answers: portfolioAnswers });
    expect(await screen.findByRole('heading', { level: 1, name: 'Portfolio' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Homestay booking' });
    const grid = document.querySelector('.project-grid') as HTMLElement;
    expect(
      within(grid)
        .getAllByRole('heading')
        .map((title) => title.textContent),
    ).toEqual(['Homestay booking', 'Shop', 'English lessons']);
    expect(within(grid).getByRole('link', { name: 'Homestay booking' })).toHaveAttribute(
      'href',
      '/portfolio/project-2',
    );
    expect(
      within(within(grid).getByRole('list', { name: 'Stack of Shop' })).getByRole('link', { name: 'php' }),
    ).toHaveAttribute('href', '/portfolio?stack=php');
    // The filters: every tag, most used first, and the services.
    const filters = screen.getByRole('navigation', { name: 'Filter projects' });
    expect(
      within(filters)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/portfolio?stack=react',
      '/portfolio?stack=node.js',
      '/portfolio?stack=php',
      '/portfolio?stack=wordpress',
      '/portfolio?service=websites',
    ]);
    // The call to action says whether the owner takes work.
    const cta = screen.getByRole('region', { name: 'Have a project in mind?' });
    expect(within(cta).getByText('Available for new projects')).toBeInTheDocument();
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/portfolio');
    expect(portfolioFeedLink()).not.toBeNull();
  });

  it('filters by the stack the address names, says so and offers to clear it', async () => {
    const { callsTo } = renderPage('/portfolio?stack=react', { answers: portfolioAnswers });
    const current = await screen.findByRole('status');
    expect(current).toHaveTextContent('Projects built with react');
    expect(within(current).getByRole('link', { name: 'Show all projects' })).toHaveAttribute('href', '/portfolio');
    const grid = document.querySelector('.project-grid') as HTMLElement;
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('heading')
          .map((title) => title.textContent),
      ).toEqual(['Homestay booking', 'English lessons']),
    );
    expect(callsTo('projects.cards').map((call) => call.input)).toContainEqual({ stack: 'react' });
    const filters = screen.getByRole('navigation', { name: 'Filter projects' });
    expect(within(filters).getByRole('link', { name: 'react' })).toHaveAttribute('aria-current', 'page');
    // A service keeps the stack chosen.
    expect(within(filters).getByRole('link', { name: 'Websites' })).toHaveAttribute(
      'href',
      '/portfolio?stack=react&service=websites',
    );
  });

  it('filters by the service the address names, and a filter the API refuses matches nothing', async () => {
    const { callsTo, unmount } = renderPage('/portfolio?service=websites', { answers: portfolioAnswers });
    expect(await screen.findByRole('status')).toHaveTextContent('Projects for Websites');
    const grid = document.querySelector('.project-grid') as HTMLElement;
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('heading')
          .map((title) => title.textContent),
      ).toEqual(['Shop']),
    );
    expect(callsTo('projects.cards').map((call) => call.input)).toContainEqual({ service: 'websites' });
    unmount();
    renderPage('/portfolio?service=Not%20a%20slug', { answers: portfolioAnswers });
    expect(await screen.findByText('No project matches this filter yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /try again/i })).not.toBeInTheDocument();
  });
});

const caseStudy = fixtures.project(7, {
  title: 'Homestay booking',
  slug: 'homestay-booking',
  client_name: 'Nhà Mây',
  client_url: 'https://nhamay.example',
  year_from: 2023,
  year_to: 2024,
  team_size: 2,
  stack: ['react', 'node.js'],
  live_url: 'https://book.nhamay.example',
  cover: 'homestay.jpg',
  summary: 'Direct bookings for a homestay in Sa Pa.',
  problem: '<p>Every booking went through a marketplace.</p>',
  outcome: '<p>Guests book directly.</p>',
  results: [
    { label: 'Page load', value: '4.1 s → 0.9 s' },
    { label: 'Bookings', value: '+38 %' },
  ],
  gallery: [{ image: 'rooms.jpg', alt: 'The booking calendar' }],
  related_post_ids: [23],
});

const caseStudyAnswers = {
  'projects.bySlug': (input: unknown) => {
    if ((input as { slug: string }).slug !== 'homestay-booking') throw trpcError('NOT_FOUND', 404);
    return caseStudy;
  },
  'projects.cards': () => [caseStudy, fixtures.project(8, { title: 'Shop' })],
  'testimonials.list': () => [
    fixtures.testimonial(1, { quote: 'Not about it' }),
    fixtures.testimonial(2, { quote: 'Bookings doubled.', project_id: 7 }),
  ],
  'posts.byIds': () => [fixtures.card(23)],
};

describe('case study page', () => {
  it('shows the cover, the facts, the sections, the results as figures, the gallery, the testimonial and related posts', async () => {
    renderPage('/portfolio/homestay-booking', { answers: caseStudyAnswers });
    expect(await screen.findByRole('heading', { level: 1, name: 'Homestay booking' })).toBeInTheDocument();
    const facts = document.querySelector('.project-facts') as HTMLElement;
    expect(within(facts).getByRole('link', { name: 'Nhà Mây' })).toHaveAttribute('href', 'https://nhamay.example');
    expect(facts).toHaveTextContent('Period2023–2024');
    expect(facts).toHaveTextContent('Team2 people');
    expect(within(facts).getByRole('link', { name: 'react' })).toHaveAttribute('href', '/portfolio?stack=react');
    expect(within(facts).getByRole('link', { name: 'Live site' })).toHaveAttribute(
      'href',
      'https://book.nhamay.example',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'The problem' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'The approach' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'The outcome' })).toBeInTheDocument();
    const results = document.querySelector('dl.project-results') as HTMLElement;
    expect([...results.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Page load', 'Bookings']);
    expect([...results.querySelectorAll('dd')].map((value) => value.textContent)).toEqual(['4.1 s → 0.9 s', '+38 %']);
    // The gallery as the gallery block marks it up: each photo a link to itself, for the lightbox.
    expect(screen.getByRole('link', { name: 'The booking calendar' })).toHaveAttribute('href', '/uploads/rooms.jpg');
    expect(document.querySelector('.rich-text .gallery .gallery-item > a')).not.toBeNull();
    expect(await screen.findByText('Bookings doubled.')).toBeInTheDocument();
    expect(screen.queryByText('Not about it')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Post 23' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/portfolio/project-8');
  });

  it('ends with the call to action that names the project and the page it came from', async () => {
    renderPage('/portfolio/homestay-booking', { answers: caseStudyAnswers });
    const cta = await screen.findByRole('link', { name: INQUIRY_CTA_LABELS.project });
    expect(cta).toHaveAttribute('href', inquiryHref('project', 'homestay-booking', '/portfolio/homestay-booking'));
    expect(cta.getAttribute('href')).toBe('/contact?project=homestay-booking&from=%2Fportfolio%2Fhomestay-booking');
  });

  it('describes the project as a CreativeWork by its creator, with a breadcrumb, and claims no review', async () => {
    renderPage('/portfolio/homestay-booking', { answers: caseStudyAnswers });
    await screen.findByRole('heading', { level: 1, name: 'Homestay booking' });
    const [work, breadcrumb] = jsonLd();
    expect(work).toMatchObject({
      '@type': 'CreativeWork',
      name: 'Homestay booking',
      url: 'http://localhost/portfolio/homestay-booking',
      creator: { '@type': 'Person' },
      image: 'http://localhost/uploads/homestay.jpg',
      sourceOrganization: { name: 'Nhà Mây', url: 'https://nhamay.example' },
    });
    expect(JSON.stringify(jsonLd())).not.toMatch(/Review|aggregateRating/);
    expect(breadcrumb).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { name: 'Home' },
        { name: 'Portfolio', item: 'http://localhost/portfolio' },
        { name: 'Homestay booking' },
      ],
    });
    expect(screen.getByRole('navigation', { name: /breadcrumb/i })).toHaveTextContent('Portfolio');
    expect(document.querySelector('meta[property="og:image"]')).toHaveAttribute(
      'content',
      'http://localhost/uploads/homestay.jpg',
    );
    expect(document.title).toBe('Homestay booking');
    expect(portfolioFeedLink()).not.toBeNull();
  });

  it('ends the case study with its comments: the thread read for the project, the form naming it', async () => {
    const { callsTo, container } = renderPage('/portfolio/homestay-booking', {
      answers: {
        ...caseStudyAnswers,
        'comments.list': () => ({
          ...NO_COMMENTS,
          count: 1,
          comments: [
            {
              id: 5,
              parent_id: null,
              author_name: 'Hoa',
              author_url: null,
              body: 'How long did it take?',
              by_owner: false,
              created_at: '2026-03-02T00:00:00.000Z',
              replies: [],
            },
          ],
        }),
      },
    });
    expect(await screen.findByRole('heading', { name: '1 comment' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Hoa' })).toHaveTextContent('How long did it take?');
    expect(callsTo('comments.list')[0].input).toEqual({ slug: 'homestay-booking', subject: 'project' });
    expect(container.querySelector('input[name="project_id"]')).toHaveValue(String(caseStudy.id));
    expect(container.querySelector('input[name="post_id"]')).toBeNull();
    expect(container.querySelector('input[name="from"]')).toHaveValue('/portfolio/homestay-booking');
  });

  it('follows an old slug to the project, and is NotFound for an unknown, hidden or draft one', async () => {
    const moved = renderPage('/portfolio/old-homestay', {
      answers: {
        ...caseStudyAnswers,
        'projects.redirect': () => ({ slug: 'homestay-booking', language: 'en', path: '/portfolio/homestay-booking' }),
      },
    });
    await waitFor(() => expect(moved.location().pathname).toBe('/portfolio/homestay-booking'));
    moved.unmount();
    const { container } = renderPage('/portfolio/hidden-one', {
      answers: {
        ...caseStudyAnswers,
        'projects.redirect': () => {
          throw trpcError('NOT_FOUND', 404);
        },
      },
    });
    await waitFor(() => notFoundOnly(container));
  });
});

describe('services page', () => {
  const services = [
    fixtures.service(1, {
      name: 'Website for a small business',
      slug: 'website',
      price_vnd: 15_000_000,
      price_usd: 600,
      deliverables: ['Design', 'Hosting set up'],
      duration: '3–4 weeks',
    }),
    fixtures.service(2, { name: 'Speed rescue', slug: 'speed', price_vnd: 4_500_000 }),
    fixtures.service(3, { name: 'Custom web app', slug: 'web-app' }),
  ];

  it('shows each service with its price line, deliverables, duration and call to action, testimonials beside', async () => {
    renderPage('/services', {
      answers: { 'services.list': () => services, 'testimonials.list': () => [fixtures.testimonial(1)] },
    });
    const website = await screen.findByRole('region', { name: 'Website for a small business' });
    expect(within(website).getByText('From 15.000.000 ₫ (from $600)')).toBeInTheDocument();
    expect(
      within(website)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Design', 'Hosting set up']);
    expect(website).toHaveTextContent('Typical duration: 3–4 weeks');
    expect(within(website).getByRole('link', { name: INQUIRY_CTA_LABELS.service })).toHaveAttribute(
      'href',
      inquiryHref('service', 'website', '/services'),
    );
    expect(screen.getByRole('region', { name: 'Speed rescue' })).toHaveTextContent('From 4.500.000 ₫');
    expect(screen.getByRole('region', { name: 'Custom web app' })).toHaveTextContent('On request');
    expect(screen.getByText('Available for new projects')).toBeInTheDocument();
    expect(
      within(screen.getByRole('complementary', { name: 'What clients say' })).getByText('Quote 1'),
    ).toBeInTheDocument();

    const [breadcrumb, data] = [
      jsonLd().find((d) => d['@type'] === 'BreadcrumbList'),
      jsonLd().find((d) => d['@graph']),
    ];
    expect(breadcrumb).toBeDefined();
    const graph = data?.['@graph'] as Array<Record<string, unknown>>;
    expect(graph.map((service) => service['@type'])).toEqual(['Service', 'Service', 'Service']);
    expect(graph[0]).toMatchObject({
      provider: { '@type': 'Person' },
      offers: { '@type': 'Offer', priceCurrency: 'VND', priceSpecification: { minPrice: 15_000_000 } },
    });
    expect(graph[2]['offers']).toEqual({ '@type': 'Offer', priceCurrency: 'VND' });
    expect(JSON.stringify(jsonLd())).not.toMatch(/Review|aggregateRating/);
  });

  it("gives each service the id the inbox's link to it names (`/services#slug`)", async () => {
    renderPage('/services', { answers: { 'services.list': () => services, 'testimonials.list': () => [] } });
    await screen.findByRole('region', { name: 'Custom web app' });
    for (const service of services) {
      const fragment = inquiryTopicPath('service', service.slug).split('#')[1];
      expect(document.getElementById(fragment)).toBe(screen.getByRole('region', { name: service.name }));
    }
  });

  it('writes dong the Vietnamese way, dollars the American way', () => {
    expect(priceLine({ price_vnd: 1_200_000, price_usd: null }).replace(/\s/g, ' ')).toBe('From 1.200.000 ₫');
    expect(priceLine({ price_vnd: 25_000_000, price_usd: 1_000 }).replace(/\s/g, ' ')).toBe(
      'From 25.000.000 ₫ (from $1,000)',
    );
    expect(priceLine({ price_vnd: null, price_usd: null })).toBe('On request');
  });
});

describe('home page', () => {
  it('ends with the selected work: the featured projects and one testimonial, below the contact form', async () => {
    renderPage('/', {
      answers: {
        'posts.home': () => ({ posts: [] }),
        'categories.list': () => [],
        'projects.cards': () => projects,
        'testimonials.list': () => [fixtures.testimonial(1)],
      },
    });
    const selected = await screen.findByRole('region', { name: 'Selected work' });
    expect(
      within(selected)
        .getAllByRole('heading', { level: 3 })
        .map((title) => title.textContent),
    ).toEqual(['Homestay booking']);
    expect(within(selected).getByText('Quote 1')).toBeInTheDocument();
    expect(within(selected).getByRole('link', { name: 'See all projects' })).toHaveAttribute('href', '/portfolio');
    const contact = screen.getByRole('heading', { level: 2, name: 'Get in touch' });
    expect(contact.compareDocumentPosition(selected) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
