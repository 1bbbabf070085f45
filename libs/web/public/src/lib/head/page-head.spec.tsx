import { screen, waitFor } from '@testing-library/react';
import { fixtures, renderPage } from '../../testing/render-page';
import { SITE_NAME } from '@blog/contracts';
import { PageHead } from './page-head';

const meta = (name: string) => document.head.querySelector(`meta[name="${name}"]`)?.getAttribute('content');

describe('document head', () => {
  it('takes a post page title, description and keywords from the post', async () => {
    renderPage('/ha-giang-loop', { answers: { 'posts.bySlug': () => fixtures.detail() } });
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    expect(document.title).toBe('Hà Giang in buckwheat season');
    expect(meta('description')).toBe('Four days on the Hà Giang loop.');
    expect(meta('keywords')).toBe('Hà Giang, travel');
  });

  it('falls back to the site name where a post has no meta description or keywords', async () => {
    renderPage('/ha-giang-loop', {
      answers: { 'posts.bySlug': () => fixtures.detail({ meta_title: ' ', meta_description: '', meta_keywords: '' }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    expect(document.title).toBe('Hà Giang loop');
    expect(meta('description')).toBe(SITE_NAME);
    expect(meta('keywords')).toBe(SITE_NAME);
  });

  it.each([
    ['/posts', 'All Posts', { 'posts.page': () => ({ posts: [], total: 0 }) }],
    ['/about', 'About', { 'about.publicList': () => [{ id: 1, content: '<p>Hi</p>' }] }],
    ['/contact', 'Contact', {}],
    ['/search?key=ha+giang', 'Search results for ha giang', { 'posts.search': () => [] }],
    [
      '/category/story',
      'Story',
      {
        'posts.byCategory': () => ({
          category_name: [{ name: 'Story' }],
          category: { id: 1, name: 'Story', slug: 'story', language: 'en', translations: [] },
          posts: [],
          total: 0,
        }),
      },
    ],
    ['/', SITE_NAME, { 'posts.home': () => ({ posts: [] }) }],
  ])('titles %s "%s"', async (path, title, answers) => {
    renderPage(path, { answers });
    await waitFor(() => expect(document.title).toBe(title));
    // Exactly one title and one description at a time.
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it("announces the portfolio's feed only on the pages that ask for it, beside the site's", async () => {
    const feeds = () =>
      [...document.head.querySelectorAll('link[rel="alternate"][type="application/rss+xml"]')].map((link) => [
        link.getAttribute('href'),
        link.getAttribute('title'),
      ]);
    const { unmount } = renderPage('/', { ui: <PageHead title="Portfolio" portfolioFeed /> });
    await waitFor(() =>
      expect(feeds()).toEqual([
        ['/rss.xml', SITE_NAME],
        ['/portfolio/rss.xml', `${SITE_NAME}: Portfolio`],
      ]),
    );
    unmount();
    renderPage('/', { ui: <PageHead title="About" /> });
    await waitFor(() => expect(feeds()).toEqual([['/rss.xml', SITE_NAME]]));
  });

  it('gives a post its canonical URL and an article link preview with the thumbnail', async () => {
    renderPage('/ha-giang-loop?utm_source=zalo', { answers: { 'posts.bySlug': () => fixtures.detail() } });
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    const link = (rel: string) => document.head.querySelector(`link[rel="${rel}"]`)?.getAttribute('href');
    const property = (name: string) => document.head.querySelector(`meta[property="${name}"]`)?.getAttribute('content');
    expect(link('canonical')).toBe('http://localhost/ha-giang-loop');
    expect(link('alternate')).toBe('/rss.xml');
    expect(property('og:type')).toBe('article');
    expect(property('og:title')).toBe('Hà Giang in buckwheat season');
    expect(property('og:description')).toBe('Four days on the Hà Giang loop.');
    expect(property('og:url')).toBe('http://localhost/ha-giang-loop');
    expect(property('og:image')).toBe('http://localhost/uploads/ha-giang.jpg');
    expect(property('og:image:width')).toBe('1200');
    expect(property('og:image:height')).toBe('750');
    expect(property('article:published_time')).toBe('2025-01-02T03:00:00.000Z');
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('twitter:image')).toBe('http://localhost/uploads/ha-giang.jpg');
  });

  it('describes the thumbnail with its alt text on the page and in the link preview, the title when it has none', async () => {
    const { unmount } = renderPage('/ha-giang-loop', { answers: { 'posts.bySlug': () => fixtures.detail() } });
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    const alt = 'Rice terraces in Hoàng Su Phì at harvest';
    expect(screen.getByRole('img', { name: alt })).toBeInTheDocument();
    expect(document.head.querySelector('meta[property="og:image:alt"]')?.getAttribute('content')).toBe(alt);
    expect(meta('twitter:image:alt')).toBe(alt);
    unmount();

    renderPage('/ha-giang-loop', { answers: { 'posts.bySlug': () => fixtures.detail({ thumbnail_alt: '' }) } });
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    expect(screen.getByRole('img', { name: 'Hà Giang loop' })).toBeInTheDocument();
    expect(document.head.querySelector('meta[property="og:image:alt"]')?.getAttribute('content')).toBe('Hà Giang loop');
  });

  it('announces no image size it does not know', async () => {
    renderPage('/ha-giang-loop', {
      answers: { 'posts.bySlug': () => fixtures.detail({ thumbnail_width: null, thumbnail_height: null }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      'http://localhost/uploads/ha-giang.jpg',
    );
    expect(document.head.querySelector('meta[property="og:image:width"]')).toBeNull();
  });

  it('gives a list page the canonical URL of its page number, and a website preview with the site image', async () => {
    renderPage('/posts?page=2&utm_source=x', { answers: { 'posts.page': () => ({ posts: [], total: 7 }) } });
    await waitFor(() => expect(document.title).toBe('All Posts'));
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://localhost/posts?page=2',
    );
    expect(document.head.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('website');
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
      /^http:\/\/localhost\//,
    );
  });

  it('keeps search engines away from the not-found screen', async () => {
    renderPage('/no/such/page');
    await waitFor(() => expect(meta('robots')).toBe('noindex, nofollow'));
  });
});
