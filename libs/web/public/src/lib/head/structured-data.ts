import { FREE_COURSES, SITE_AUTHOR, SITE_DESCRIPTION, SITE_NAME } from '../site';

/** The WebSite on `/`: a site offering three free courses (SEO, computing tips, English), searchable. */
export function websiteStructuredData(origin: string): Record<string, unknown> {
  const author = { '@type': 'Person', name: SITE_AUTHOR, url: `${origin}/about` };
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${origin}/`,
    description: `${SITE_DESCRIPTION} Three free courses: SEO, computing tips and English.`,
    inLanguage: ['en', 'vi'],
    author,
    hasPart: FREE_COURSES.map((course) => ({
      '@type': 'Course',
      name: course.name,
      description: course.description,
      url: `${origin}/category/${course.slug}`,
      isAccessibleForFree: true,
      provider: author,
      offers: { '@type': 'Offer', category: 'Free', price: 0, priceCurrency: 'VND' },
    })),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?key={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** Home › category, for a category page. */
export function categoryBreadcrumbStructuredData(
  origin: string,
  category: { slug: string; name: string },
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
      { '@type': 'ListItem', position: 2, name: category.name, item: `${origin}/category/${category.slug}` },
    ],
  };
}
