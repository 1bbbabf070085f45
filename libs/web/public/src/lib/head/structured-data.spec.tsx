import { screen, waitFor } from '@testing-library/react';
import { fixtures, NO_COMMENTS, renderPage } from '../../testing/render-page';
import { serializeForScript } from '@blog/web/data';
import { STRUCTURED_DATA_COMMENT_THREADS } from './structured-data';

function jsonLd(): Array<Record<string, unknown>> {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
    JSON.parse(script.textContent ?? ''),
  );
}

const categoryAnswer = (name: string) => () => ({
  category_name: [{ name }],
  category: { id: 1, name, slug: name.toLowerCase(), language: 'en', translations: [] },
  posts: [fixtures.card(1)],
  total: 1,
});

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

  it('says the WebSite’s description and courses in the page’s language on /vi', async () => {
    renderPage('/vi', {
      answers: {
        'siteInfo.list': () => [{ ...fixtures.generalInfo, languages: ['en', 'vi'] as const }],
        'posts.home': () => ({ posts: [] }),
      },
    });
    await waitFor(() => expect(jsonLd()).toHaveLength(1));
    const [site] = jsonLd();
    expect(site['description']).toMatch(/ Ba khóa học miễn phí: SEO, mẹo tin học và tiếng Anh\.$/);
    const courses = site['hasPart'] as Array<Record<string, unknown>>;
    expect(courses.map((course) => course['name'])).toEqual(['SEO', 'Mẹo tin học', 'Tiếng Anh']);
    expect(courses[2]['description']).toBe('Các bài học tiếng Anh dành cho người Việt.');
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

  it('gives every other page with a breadcrumb its BreadcrumbList', async () => {
    renderPage('/category/story', { answers: { 'posts.byCategory': categoryAnswer('Story') } });
    await screen.findByRole('heading', { level: 1, name: 'Story' });
    expect(jsonLd()).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://localhost/' },
          { '@type': 'ListItem', position: 2, name: 'Story', item: 'http://localhost/category/story' },
        ],
      },
    ]);
  });

  it('describes a post as a BlogPosting (headline, dates, author, image, publisher) under its breadcrumb', async () => {
    renderPage('/ha-giang-loop', { answers: { 'posts.bySlug': () => fixtures.detail() } });
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    // The publisher's logo comes with the general information, which may arrive after the post.
    await waitFor(() => expect(jsonLd()[0]['publisher']).toHaveProperty('logo'));
    // No vocabulary in this post: no DefinedTermSet.
    expect(jsonLd()).toHaveLength(2);
    const [posting, breadcrumb] = jsonLd();
    expect(posting).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'http://localhost/ha-giang-loop' },
      url: 'http://localhost/ha-giang-loop',
      headline: 'Hà Giang loop',
      description: 'Four days on the Hà Giang loop.',
      keywords: 'Hà Giang, travel',
      articleSection: 'Story',
      datePublished: '2025-01-02T03:00:00.000Z',
      dateModified: '2025-01-05T03:00:00.000Z',
      author: { '@type': 'Person', name: 'Phương', url: 'http://localhost/about' },
      publisher: {
        '@type': 'Person',
        name: 'Phương',
        url: 'http://localhost/about',
        logo: { '@type': 'ImageObject', url: 'http://localhost/uploads/logo-1.png' },
      },
      image: { '@type': 'ImageObject', url: 'http://localhost/uploads/ha-giang.jpg', width: 1200, height: 750 },
    });
    expect(breadcrumb['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://localhost/' },
      { '@type': 'ListItem', position: 2, name: 'Story', item: 'http://localhost/category/story' },
      { '@type': 'ListItem', position: 3, name: 'Hà Giang loop', item: 'http://localhost/ha-giang-loop' },
    ]);
  });

  it('gives a post with comments its commentCount and its Comments, replies nested under their parent', async () => {
    const reader = {
      id: 1,
      parent_id: null,
      author_name: 'Lan',
      author_url: null,
      body: 'Which month is best?',
      by_owner: false,
      created_at: '2025-01-06T03:00:00.000Z',
    };
    const answer = { ...reader, id: 2, parent_id: 1, author_name: 'Phương', body: 'October.', by_owner: true };
    renderPage('/ha-giang-loop', {
      answers: {
        'posts.bySlug': () => fixtures.detail(),
        'comments.list': () => ({ ...NO_COMMENTS, count: 2, comments: [{ ...reader, replies: [answer] }] }),
      },
    });
    await waitFor(() => expect(jsonLd()[0]).toHaveProperty('commentCount', 2));
    const url = 'http://localhost/ha-giang-loop';
    expect(jsonLd()[0]['comment']).toEqual([
      {
        '@type': 'Comment',
        url: `${url}#comment-1`,
        author: { '@type': 'Person', name: 'Lan' },
        dateCreated: '2025-01-06T03:00:00.000Z',
        text: 'Which month is best?',
        comment: [
          {
            '@type': 'Comment',
            url: `${url}#comment-2`,
            author: { '@type': 'Person', name: 'Phương' },
            dateCreated: '2025-01-06T03:00:00.000Z',
            text: 'October.',
          },
        ],
      },
    ]);
  });

  it('names the newest threads of a long discussion only, and counts every comment', async () => {
    const threads = Array.from({ length: STRUCTURED_DATA_COMMENT_THREADS + 5 }, (_, index) => ({
      id: index + 1,
      parent_id: null,
      author_name: `Reader ${index + 1}`,
      author_url: null,
      body: `Comment ${index + 1}`,
      by_owner: false,
      created_at: '2025-01-06T03:00:00.000Z',
      replies: [],
    }));
    renderPage('/ha-giang-loop', {
      answers: {
        'posts.bySlug': () => fixtures.detail(),
        'comments.list': () => ({ ...NO_COMMENTS, count: threads.length, comments: threads }),
      },
    });
    await waitFor(() => expect(jsonLd()[0]).toHaveProperty('commentCount', threads.length));
    const named = (jsonLd()[0]['comment'] as Array<{ text: string }>).map((comment) => comment.text);
    expect(named).toEqual(threads.slice(-STRUCTURED_DATA_COMMENT_THREADS).map((thread) => thread.body));
  });

  it("describes a lesson's vocabulary as a DefinedTermSet, and none for a post without one", async () => {
    const content =
      '<p>Bài học</p><dl class="vocabulary"><div class="vocabulary-entry"><dt><span class="vocabulary-word" lang="en">look after</span> ' +
      '<span class="vocabulary-pos">phrasal verb</span></dt><dd class="vocabulary-meaning" lang="vi">chăm sóc</dd></div>' +
      '<div class="vocabulary-entry"><dt><span class="vocabulary-word" lang="en">sunrise</span></dt></div></dl>';
    renderPage('/ha-giang-loop', { answers: { 'posts.bySlug': () => ({ ...fixtures.detail(), content }) } });
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    await waitFor(() => expect(jsonLd().map((data) => data['@type'])).toContain('DefinedTermSet'));
    expect(jsonLd().find((data) => data['@type'] === 'DefinedTermSet')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'DefinedTermSet',
      '@id': 'http://localhost/ha-giang-loop#vocabulary',
      name: 'Vocabulary: Hà Giang loop',
      url: 'http://localhost/ha-giang-loop',
      inLanguage: 'en',
      hasDefinedTerm: [
        {
          '@type': 'DefinedTerm',
          name: 'look after',
          description: '(phrasal verb) chăm sóc',
          inDefinedTermSet: 'http://localhost/ha-giang-loop#vocabulary',
        },
        { '@type': 'DefinedTerm', name: 'sunrise', inDefinedTermSet: 'http://localhost/ha-giang-loop#vocabulary' },
      ],
    });
  });

  it('cannot be broken out of by the text it carries', () => {
    const json = serializeForScript({ name: '</script><script>alert(1)</script> & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script> & \u2028' });
  });
});
