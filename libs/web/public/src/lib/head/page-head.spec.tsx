import { screen, waitFor } from '@testing-library/react';
import { fixtures, renderPage } from '../../testing/render-page';
import { SITE_NAME } from '../site';

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
    ['/about', 'About', { 'about.list': () => [{ id: 1, content: '<p>Hi</p>' }] }],
    ['/contact', 'Contact', {}],
    ['/search?key=ha+giang', 'Search results for ha giang', { 'posts.search': () => [] }],
    [
      '/category/story',
      'Story',
      { 'posts.byCategory': () => ({ category_name: [{ name: 'Story' }], posts: [], total: 0 }) },
    ],
    ['/', SITE_NAME, { 'posts.home': () => ({ posts: [] }) }],
  ])('titles %s "%s" (spec section 9)', async (path, title, answers) => {
    renderPage(path, { answers });
    await waitFor(() => expect(document.title).toBe(title));
    // Exactly one title and one description at a time.
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it('keeps search engines away from the not-found screen', async () => {
    renderPage('/no/such/page');
    await waitFor(() => expect(meta('robots')).toBe('noindex, nofollow'));
  });
});
