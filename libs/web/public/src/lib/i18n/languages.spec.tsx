import { screen, waitFor, within } from '@testing-library/react';
import type { TranslationLink } from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { fixtures, renderPage } from '../../testing/render-page';

/** A site that runs English (its default) and Vietnamese. */
const twoLanguages = () => [{ ...fixtures.generalInfo, languages: ['en', 'vi'] as const }];

/** The English version of the Vietnamese post of `vietnamesePost` (written first: its id is lower). */
const englishVersion: TranslationLink = {
  id: 3,
  language: 'en',
  slug: 'ha-giang',
  title: 'Hà Giang loop',
  path: '/ha-giang',
};

const vietnamesePost = (translations: TranslationLink[] = [englishVersion]) =>
  fixtures.detail({ slug: 'vong-ha-giang', title: 'Vòng Hà Giang', language: 'vi', translations });

const hreflangs = () =>
  [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
    link.getAttribute('hreflang'),
    link.getAttribute('href'),
  ]);
const meta = (property: string) =>
  [...document.head.querySelectorAll(`meta[property="${property}"]`)].map((tag) => tag.getAttribute('content'));
const jsonLd = () =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );

describe('a page in Vietnamese (/vi/…)', () => {
  it('says the site’s words and dates in Vietnamese, and reads its content with lang=vi', async () => {
    const { callsTo } = renderPage('/vi/vong-ha-giang', {
      answers: { 'siteInfo.list': twoLanguages, 'posts.bySlug': () => vietnamesePost() },
    });
    await screen.findByRole('heading', { level: 1, name: 'Vòng Hà Giang' });
    const article = screen.getByRole('article');
    expect(within(article).getByText('Tác giả', { exact: false })).toBeInTheDocument();
    // 2025-01-05T03:00Z is the 5th in Vietnam.
    expect(within(article).getByText('5 tháng 1, 2025')).toHaveAttribute('datetime', '2025-01-05T03:00:00.000Z');
    expect(within(article).getByText('6 phút đọc')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Chuyên mục' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bài viết mới' })).toBeInTheDocument();
    const main = screen.getByRole('navigation', { name: 'Chính' });
    expect(within(main).getByRole('link', { name: 'Trang chủ' })).toHaveAttribute('href', '/vi');
    expect(within(main).getByRole('link', { name: 'Giới thiệu' })).toHaveAttribute('href', '/vi/about');
    expect(screen.getByRole('link', { name: 'Chuyển đến nội dung' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post 1' })).toHaveAttribute('href', '/vi/post-1');
    expect(screen.getByRole('navigation', { name: 'Đường dẫn' })).toBeInTheDocument();
    for (const procedure of ['posts.bySlug', 'posts.related', 'comments.list']) {
      expect(callsTo(procedure)[0]?.input).toMatchObject({ slug: 'vong-ha-giang', lang: 'vi' });
    }
    expect(callsTo('posts.recent')[0]?.input).toEqual({ lang: 'vi' });
    expect(callsTo('categories.links')[0]?.input).toEqual({ lang: 'vi' });
  });

  it('keeps the spec’s English words and dates on the default language’s pages, read without lang', async () => {
    const { callsTo } = renderPage('/ha-giang-loop', {
      answers: { 'siteInfo.list': twoLanguages, 'posts.bySlug': () => fixtures.detail() },
    });
    const article = (await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' })).closest('article')!;
    expect(article).not.toHaveAttribute('lang');
    expect(within(article as HTMLElement).getByText('By', { exact: false })).toBeInTheDocument();
    expect(within(article as HTMLElement).getByText('January 05, 2025')).toBeInTheDocument();
    expect(within(article as HTMLElement).getByText('6 min read')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Categories' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent Posts' })).toBeInTheDocument();
    expect(callsTo('posts.bySlug')[0]?.input).toEqual({ slug: 'ha-giang-loop' });
    expect(callsTo('posts.recent')[0]?.input).toBeUndefined();
  });

  it('answers the default language’s prefix with its unprefixed page, and a language the site does not run with NotFound', async () => {
    const moved = renderPage('/en/about', { answers: { 'about.publicList': () => [] } });
    await waitFor(() => expect(moved.location().pathname).toBe('/about'));
    moved.unmount();

    renderPage('/vi/about', { answers: { 'about.publicList': () => [] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'NotFound' })).toBeInTheDocument();
  });
});

describe('the language switcher', () => {
  it('leads to this post’s translation, a plain link that needs no script', async () => {
    renderPage('/vi/vong-ha-giang', {
      answers: { 'siteInfo.list': twoLanguages, 'posts.bySlug': () => vietnamesePost() },
    });
    const switcher = await screen.findByRole('navigation', { name: 'Ngôn ngữ' });
    const link = within(switcher).getByRole('link', { name: 'English' });
    expect(link).toHaveAttribute('href', '/ha-giang');
    expect(link).toHaveAttribute('hreflang', 'en');
    expect(link).toHaveAttribute('lang', 'en');
    // In the page's own part: the layout's shared parts are the same on every post page of a language.
    expect(switcher.closest('header, aside, footer')).toBeNull();
  });

  it('says, in the missing language, that there is no translation yet, with a link to the version there is', async () => {
    renderPage('/vi/vong-ha-giang', {
      answers: { 'siteInfo.list': twoLanguages, 'posts.bySlug': () => vietnamesePost([]) },
    });
    const switcher = await screen.findByRole('navigation', { name: 'Ngôn ngữ' });
    expect(within(switcher).getByText('Not yet in English')).toHaveAttribute('lang', 'en');
    expect(within(switcher).getByRole('link', { name: 'Tiếng Việt' })).toHaveAttribute('href', '/vi/vong-ha-giang');
  });

  it('says “Bài này chưa có bản tiếng Việt” on an English post without a Vietnamese version', async () => {
    renderPage('/ha-giang-loop', {
      answers: { 'siteInfo.list': twoLanguages, 'posts.bySlug': () => fixtures.detail() },
    });
    const switcher = await screen.findByRole('navigation', { name: 'Languages' });
    expect(within(switcher).getByText('Bài này chưa có bản tiếng Việt')).toHaveAttribute('lang', 'vi');
    expect(within(switcher).getByRole('link', { name: 'English' })).toHaveAttribute('href', '/ha-giang-loop');
  });

  it('leads from an About page not yet written in Vietnamese to the English one, telling search engines of none', async () => {
    renderPage('/vi/about', { answers: { 'siteInfo.list': twoLanguages, 'about.publicList': () => [] } });
    const switcher = await screen.findByRole('navigation', { name: 'Ngôn ngữ' });
    expect(within(switcher).getByRole('link', { name: 'English' })).toHaveAttribute('href', '/about');
    expect(within(switcher).queryByText('Not yet in English')).not.toBeInTheDocument();
    expect(hreflangs()).toEqual([]);
  });

  it('is not shown on a site that runs one language', async () => {
    renderPage('/ha-giang-loop', { answers: { 'posts.bySlug': () => fixtures.detail() } });
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    expect(screen.queryByRole('navigation', { name: 'Languages' })).not.toBeInTheDocument();
  });
});

describe('the head of a page with translations', () => {
  it('lists every version with its absolute URL and x-default, og:locale and JSON-LD inLanguage/translationOfWork', async () => {
    renderPage('/vi/vong-ha-giang', {
      answers: { 'siteInfo.list': twoLanguages, 'posts.bySlug': () => vietnamesePost() },
    });
    await screen.findByRole('heading', { level: 1, name: 'Vòng Hà Giang' });
    await waitFor(() =>
      expect(hreflangs()).toEqual([
        ['vi', 'http://localhost/vi/vong-ha-giang'],
        ['en', 'http://localhost/ha-giang'],
        ['x-default', 'http://localhost/ha-giang'],
      ]),
    );
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost/vi/vong-ha-giang',
    );
    expect(meta('og:locale')).toEqual(['vi_VN']);
    expect(meta('og:locale:alternate')).toEqual(['en_US']);
    const posting = jsonLd().find((data) => data['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      url: 'http://localhost/vi/vong-ha-giang',
      inLanguage: 'vi',
      translationOfWork: { '@type': 'BlogPosting', url: 'http://localhost/ha-giang', inLanguage: 'en' },
    });
    expect(posting).not.toHaveProperty('workTranslation');
  });

  it('names the later versions as workTranslation on the first written one', async () => {
    const later: TranslationLink = {
      id: 12,
      language: 'vi',
      slug: 'vong-ha-giang',
      title: 'Vòng',
      path: '/vi/vong-ha-giang',
    };
    renderPage('/ha-giang-loop', {
      answers: { 'siteInfo.list': twoLanguages, 'posts.bySlug': () => fixtures.detail({ translations: [later] }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    await waitFor(() => expect(hreflangs()).toHaveLength(3));
    expect(hreflangs()).toContainEqual(['x-default', 'http://localhost/ha-giang-loop']);
    expect(jsonLd().find((data) => data['@type'] === 'BlogPosting')).toMatchObject({
      inLanguage: 'en',
      workTranslation: [{ '@type': 'BlogPosting', url: 'http://localhost/vi/vong-ha-giang', inLanguage: 'vi' }],
    });
  });

  it('has no hreflang on a post without translations, and lists the lists’ versions in both languages', async () => {
    const post = renderPage('/ha-giang-loop', {
      answers: { 'siteInfo.list': twoLanguages, 'posts.bySlug': () => fixtures.detail() },
    });
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    expect(hreflangs()).toEqual([]);
    expect(meta('og:locale')).toEqual(['en_US']);
    post.unmount();

    renderPage('/vi/posts', {
      answers: { 'siteInfo.list': twoLanguages, 'posts.page': () => ({ posts: [fixtures.card(1)], total: 1 }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Tất cả bài viết' });
    await waitFor(() =>
      expect(hreflangs()).toEqual([
        ['vi', 'http://localhost/vi/posts'],
        ['en', 'http://localhost/posts'],
        ['x-default', 'http://localhost/posts'],
      ]),
    );
  });
});

describe('the portfolio in two languages', () => {
  /** The English version of the Vietnamese case study (written first: its id is lower). */
  const englishProject: TranslationLink = {
    id: 7,
    language: 'en',
    slug: 'homestay-booking',
    title: 'Homestay booking',
    path: '/portfolio/homestay-booking',
  };
  const vietnameseProject = (translations: TranslationLink[] = [englishProject]) =>
    fixtures.project(17, {
      slug: 'dat-phong-homestay',
      title: 'Đặt phòng homestay',
      language: 'vi',
      translations,
    });
  /** The project the API answers in each language (`lang`), NotFound elsewhere. */
  const bySlug = (projects: Record<string, ReturnType<typeof fixtures.project>>) => (input: unknown) => {
    const { slug, lang = 'en' } = input as { slug: string; lang?: string };
    const project = projects[lang];
    if (project?.slug !== slug) throw trpcError('NOT_FOUND', 404);
    return project;
  };

  it('reads a /vi/ case study in Vietnamese, and its switcher leads to the English version', async () => {
    const { callsTo } = renderPage('/vi/portfolio/dat-phong-homestay', {
      answers: {
        'siteInfo.list': twoLanguages,
        'projects.bySlug': bySlug({ vi: { ...vietnameseProject(), related_post_ids: [23, 24] } }),
        'projects.cards': () => [],
        'testimonials.list': () => [],
        'posts.byIds': () => [fixtures.card(23, { language: 'vi' }), fixtures.card(24)],
      },
    });
    const article = (await screen.findByRole('heading', { level: 1, name: 'Đặt phòng homestay' })).closest('article');
    // On its own language's page, the content needs no `lang` of its own.
    expect(article).not.toHaveAttribute('lang');
    const switcher = screen.getByRole('navigation', { name: 'Ngôn ngữ' });
    const link = within(switcher).getByRole('link', { name: 'English' });
    expect(link).toHaveAttribute('href', '/portfolio/homestay-booking');
    expect(link).toHaveAttribute('hreflang', 'en');
    // Its related posts, each at its own language's address (the owner may link an English one).
    expect(await screen.findByRole('link', { name: 'Post 23' })).toHaveAttribute('href', '/vi/post-23');
    expect(screen.getByRole('link', { name: 'Post 24' })).toHaveAttribute('href', '/post-24');
    expect(callsTo('projects.bySlug')[0]?.input).toEqual({ slug: 'dat-phong-homestay', lang: 'vi' });
    expect(callsTo('projects.cards')[0]?.input).toEqual({ lang: 'vi' });
    expect(callsTo('testimonials.list')[0]?.input).toEqual({ lang: 'vi' });
  });

  it('lists the case study’s versions as hreflang, with og:locale and CreativeWork’s inLanguage/translationOfWork', async () => {
    renderPage('/vi/portfolio/dat-phong-homestay', {
      answers: { 'siteInfo.list': twoLanguages, 'projects.bySlug': bySlug({ vi: vietnameseProject() }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Đặt phòng homestay' });
    await waitFor(() =>
      expect(hreflangs()).toEqual([
        ['vi', 'http://localhost/vi/portfolio/dat-phong-homestay'],
        ['en', 'http://localhost/portfolio/homestay-booking'],
        ['x-default', 'http://localhost/portfolio/homestay-booking'],
      ]),
    );
    expect(meta('og:locale')).toEqual(['vi_VN']);
    expect(meta('og:locale:alternate')).toEqual(['en_US']);
    const work = jsonLd().find((data) => data['@type'] === 'CreativeWork');
    expect(work).toMatchObject({
      url: 'http://localhost/vi/portfolio/dat-phong-homestay',
      inLanguage: 'vi',
      translationOfWork: {
        '@type': 'CreativeWork',
        url: 'http://localhost/portfolio/homestay-booking',
        inLanguage: 'en',
      },
    });
  });

  it('says “Bài này chưa có bản tiếng Việt” on an English case study without a Vietnamese version, with no hreflang', async () => {
    renderPage('/portfolio/homestay-booking', {
      answers: {
        'siteInfo.list': twoLanguages,
        'projects.bySlug': bySlug({ en: fixtures.project(7, { slug: 'homestay-booking', title: 'Homestay booking' }) }),
      },
    });
    const switcher = await screen.findByRole('navigation', { name: 'Languages' });
    expect(within(switcher).getByText('Bài này chưa có bản tiếng Việt')).toHaveAttribute('lang', 'vi');
    expect(within(switcher).getByRole('link', { name: 'English' })).toHaveAttribute(
      'href',
      '/portfolio/homestay-booking',
    );
    expect(hreflangs()).toEqual([]);
    expect(meta('og:locale:alternate')).toEqual([]);
    expect(jsonLd().find((data) => data['@type'] === 'CreativeWork')).toMatchObject({ inLanguage: 'en' });
  });

  it('is NotFound at /vi/ for a case study written in English only, and follows an old Vietnamese slug to its address', async () => {
    const english = fixtures.project(7, { slug: 'homestay-booking', title: 'Homestay booking' });
    const missing = renderPage('/vi/portfolio/homestay-booking', {
      answers: {
        'siteInfo.list': twoLanguages,
        'projects.bySlug': bySlug({ en: english }),
        'projects.redirect': () => {
          throw trpcError('NOT_FOUND', 404);
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy trang' })).toBeInTheDocument();
    expect(missing.callsTo('projects.redirect')[0]?.input).toEqual({ slug: 'homestay-booking', lang: 'vi' });
    missing.unmount();

    const moved = renderPage('/vi/portfolio/dat-phong', {
      answers: {
        'siteInfo.list': twoLanguages,
        'projects.bySlug': bySlug({ vi: vietnameseProject() }),
        'projects.redirect': () => ({
          slug: 'dat-phong-homestay',
          language: 'vi',
          path: '/vi/portfolio/dat-phong-homestay',
        }),
      },
    });
    await waitFor(() => expect(moved.location().pathname).toBe('/vi/portfolio/dat-phong-homestay'));
  });

  it('leads a portfolio filtered by a service to the other language’s list, whose services have their own slugs, with no hreflang', async () => {
    renderPage('/portfolio?stack=react&service=speed', {
      answers: { 'siteInfo.list': twoLanguages, 'projects.cards': () => [], 'services.list': () => [] },
    });
    const switcher = await screen.findByRole('link', { name: 'Tiếng Việt' });
    expect(switcher).toHaveAttribute('href', '/vi/portfolio?stack=react');
    expect(hreflangs()).toEqual([]);
  });

  it('reads the /vi/ portfolio, services and home page’s projects, services and testimonials in Vietnamese', async () => {
    const portfolio = renderPage('/vi/portfolio?stack=react', {
      answers: { 'siteInfo.list': twoLanguages, 'projects.cards': () => [], 'services.list': () => [] },
    });
    await screen.findByRole('heading', { level: 1, name: 'Dự án' });
    expect(portfolio.callsTo('projects.cards').map((call) => call.input)).toEqual(
      expect.arrayContaining([{ lang: 'vi' }, { stack: 'react', lang: 'vi' }]),
    );
    expect(portfolio.callsTo('services.list')[0]?.input).toEqual({ lang: 'vi' });
    portfolio.unmount();

    const services = renderPage('/vi/services', {
      answers: { 'siteInfo.list': twoLanguages, 'services.list': () => [], 'testimonials.list': () => [] },
    });
    await waitFor(() => expect(services.callsTo('testimonials.list')[0]?.input).toEqual({ lang: 'vi' }));
    expect(services.callsTo('services.list')[0]?.input).toEqual({ lang: 'vi' });
  });
});
