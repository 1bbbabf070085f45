import { screen, waitFor } from '@testing-library/react';
import { fixtures, renderPage } from '../../testing/render-page';
import { serializeJsonLd } from './json-ld';

function jsonLd(): Array<Record<string, unknown>> {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
    JSON.parse(script.textContent ?? ''),
  );
}

const categoryAnswer = (name: string) => () => ({ category_name: [{ name }], posts: [fixtures.card(1)], total: 1 });

describe('structured data', () => {
  it('describes the site on / as a WebSite offering three free courses: SEO, computing tips, English', async () => {
    renderPage('/', { answers: { 'posts.home': () => ({ posts: [] }) } });
    await waitFor(() => expect(jsonLd()).toHaveLength(1));
    const [site] = jsonLd();
    expect(site).toMatchObject({ '@context': 'https://schema.org', '@type': 'WebSite', url: 'http://localhost/' });
    const courses = site['hasPart'] as Array<Record<string, unknown>>;
    expect(courses.map((course) => course['name'])).toEqual(['SEO', 'Computing tips', 'English']);
    for (const course of courses) {
      expect(course).toMatchObject({ '@type': 'Course', isAccessibleForFree: true, offers: { price: 0 } });
    }
    expect(courses[0]['url']).toBe('http://localhost/category/seo');
  });

  it('gives /category/seo a BreadcrumbList Home › SEO', async () => {
    renderPage('/category/seo', { answers: { 'posts.byCategory': categoryAnswer('SEO') } });
    await screen.findByRole('heading', { level: 1, name: 'SEO' });
    expect(jsonLd()).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://localhost/' },
          { '@type': 'ListItem', position: 2, name: 'SEO', item: 'http://localhost/category/seo' },
        ],
      },
    ]);
  });

  it('adds none to the other pages', async () => {
    renderPage('/category/story', { answers: { 'posts.byCategory': categoryAnswer('Story') } });
    await screen.findByRole('heading', { level: 1, name: 'Story' });
    expect(jsonLd()).toEqual([]);
  });

  it('cannot be broken out of by the text it carries', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script> & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script> & \u2028' });
  });
});
