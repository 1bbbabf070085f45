import { screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { SiteTags } from '@blog/contracts';
import { DataProvider, trpc } from '@blog/web/data';
import { memoryLink } from '@blog/web/data/testing';
import { fixtures, renderPage } from '../../testing/render-page';
import { MarketingTags } from './marketing-tags';

const TAGS: SiteTags = { gtm_id: 'GTM-AB12CD3', ads_conversion_id: 'AW-123456789/AbC-d_E', stats: false };

const scripts = () => [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));
/** The gtag calls queued so far, as arrays. */
const gtagCalls = () =>
  (window.dataLayer ?? [])
    .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
    .map((entry) => Array.from(entry as ArrayLike<unknown>));
const conversions = () => gtagCalls().filter(([command, name]) => command === 'event' && name === 'conversion');

const homeAnswers = (tags: SiteTags) => ({
  'siteInfo.tags': () => tags,
  'posts.home': () => ({ posts: [] }),
});
const seoAnswers = (tags: SiteTags) => ({
  'siteInfo.tags': () => tags,
  'posts.byCategory': () => ({
    category_name: [{ name: 'SEO' }],
    category: { id: 1, name: 'SEO', slug: 'seo', language: 'en', translations: [] },
    posts: [],
    total: 0,
  }),
  'posts.page': () => ({ posts: [], total: 0 }),
});

describe('marketing tags', () => {
  // React keeps the scripts it hoisted for the document's lifetime (as a browser page would): this
  // file's first test is the one without tags.
  beforeEach(() => {
    delete window.dataLayer;
  });
  // As the server sends a page: its nonce on the build's csp-nonce meta.
  beforeAll(() => document.head.insertAdjacentHTML('beforeend', '<meta property="csp-nonce" nonce="the-page-nonce">'));

  it('loads nothing from outside the site when no tag is configured', async () => {
    const { callsTo } = renderPage('/', { answers: homeAnswers(fixtures.noTags) });
    await waitFor(() => expect(callsTo('siteInfo.tags')).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Recent posts' });
    expect(scripts()).toEqual([]);
    expect(window.dataLayer ?? []).toEqual([]);
  });

  it("loads the tag manager and the ads tag when configured, each once, with the page's nonce", async () => {
    renderPage('/', { answers: homeAnswers(TAGS) });
    await waitFor(() =>
      expect(scripts()).toEqual([
        'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3',
        'https://www.googletagmanager.com/gtag/js?id=AW-123456789',
      ]),
    );
    // The tag manager hands its script's nonce on to the scripts it adds.
    const nonces = [...document.querySelectorAll('script[src]')].map(
      (script) => (script as HTMLScriptElement).nonce || script.getAttribute('nonce'),
    );
    expect(nonces).toEqual(['the-page-nonce', 'the-page-nonce']);
    const starts = (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === 'gtm.js');
    expect(starts).toHaveLength(1);
    expect(gtagCalls().filter(([command]) => command === 'config')).toEqual([['config', 'AW-123456789']]);
  });

  it('sends the conversion event (1.0 VND) on / and on /category/seo, once per visit', async () => {
    const home = renderPage('/', { answers: homeAnswers(TAGS) });
    await waitFor(() => expect(conversions()).toHaveLength(1));
    expect(conversions()[0]).toEqual([
      'event',
      'conversion',
      { send_to: 'AW-123456789/AbC-d_E', value: 1.0, currency: 'VND' },
    ]);
    home.unmount();

    renderPage('/category/seo', { answers: seoAnswers(TAGS) });
    await screen.findByRole('heading', { level: 1, name: 'SEO' });
    await waitFor(() => expect(conversions()).toHaveLength(2));
  });

  it('sends no conversion event on other pages, nor without a conversion id', async () => {
    const posts = renderPage('/posts', { answers: seoAnswers(TAGS) });
    await screen.findByRole('heading', { level: 1, name: 'All Posts' });
    await waitFor(() => expect(gtagCalls().filter(([command]) => command === 'config')).toHaveLength(1));
    expect(conversions()).toEqual([]);
    posts.unmount();

    renderPage('/category/seo', { answers: seoAnswers({ gtm_id: 'GTM-X', ads_conversion_id: null, stats: false }) });
    await screen.findByRole('heading', { level: 1, name: 'SEO' });
    expect(conversions()).toEqual([]);
  });

  it('renders the tag manager noscript frame on the server', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(getQueryKey(trpc.siteInfo.tags, undefined, 'query'), TAGS);
    const html = renderToString(
      <DataProvider links={[memoryLink({}).link]} queryClient={queryClient}>
        <MemoryRouter>
          <MarketingTags />
        </MemoryRouter>
      </DataProvider>,
    );
    expect(html).toContain('<noscript><iframe title="Google Tag Manager"');
    expect(html).toContain('src="https://www.googletagmanager.com/ns.html?id=GTM-AB12CD3"');
    expect(html).toContain('src="https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3"');
  });

  it('renders nothing on the server without tags', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(getQueryKey(trpc.siteInfo.tags, undefined, 'query'), fixtures.noTags);
    const html = renderToString(
      <DataProvider links={[memoryLink({}).link]} queryClient={queryClient}>
        <MarketingTags />
      </DataProvider>,
    );
    expect(html).toBe('');
  });
});
