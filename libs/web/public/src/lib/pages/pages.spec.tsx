import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTENT_IMAGE_SIZES } from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { deferred } from '@blog/web/ui/testing';
import { fixtures, renderPage } from '../../testing/render-page';

const pageOf = (posts: number, total: number, first = 1) => ({
  posts: Array.from({ length: posts }, (_, index) => fixtures.card(first + index)),
  total,
});
const cardTitles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const fullScreenSpinner = () => document.querySelector('.ui-spinner--full-screen');
const notFoundOnly = (container: HTMLElement) => expect(container).toHaveTextContent(/^NotFound$/);

describe('home page', () => {
  it('shows a full-screen spinner, then the tiles, the recent posts, All Posts and the contact form', async () => {
    const home = deferred<unknown>();
    const category = (id: number, slug: string, name: string, description: string) => ({
      id,
      slug,
      name,
      description,
      updated_at: '2025-01-05T03:00:00.000Z',
      version: 1,
    });
    const { callsTo } = renderPage('/', {
      answers: {
        'posts.home': () => home.promise,
        'categories.list': () => [
          category(1, 'tieng-anh', 'Tiếng Anh', 'Bài học tiếng Anh mỗi tuần.'),
          category(2, 'story', 'Story', ''),
        ],
      },
    });
    expect(fullScreenSpinner()).toBeInTheDocument();

    home.resolve({ posts: Array.from({ length: 8 }, (_, index) => fixtures.card(index + 1)) });
    const recent = screen.getByRole('region', { name: 'Recent posts' });
    expect(await within(recent).findAllByRole('article')).toHaveLength(8);
    expect(within(recent).getByRole('list')).toHaveClass('post-grid--4');
    expect(within(recent).getByRole('link', { name: 'All Posts' })).toHaveAttribute('href', '/posts');

    const tiles = within(screen.getByRole('region', { name: 'Topics' })).getAllByRole('link');
    expect(tiles.map((tile) => tile.getAttribute('href'))).toEqual([
      '/category/tieng-anh',
      '/category/story',
      '/category/poem',
    ]);
    // Each category's name and description as the owner wrote them; none where it has none.
    await waitFor(() => expect(tiles[0]).toHaveTextContent('Tiếng AnhBài học tiếng Anh mỗi tuần.'));
    expect(tiles[1]).toHaveTextContent(/^Story$/);

    expect(screen.getByRole('region', { name: 'Get in touch' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Contact form' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: "Phuong's Blog" })).toBeInTheDocument();
    expect(callsTo('posts.home')).toHaveLength(1);
  });

  it('offers to try again, instead of an endless spinner, when the posts cannot be loaded', async () => {
    let calls = 0;
    renderPage('/', {
      answers: {
        'posts.home': () => {
          calls += 1;
          if (calls === 1) throw new Error('network down');
          return { posts: [fixtures.card(1, { title: 'Back again' })] };
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The recent posts could not be loaded');
    expect(fullScreenSpinner()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });
});

describe('post page', () => {
  it('shows the breadcrumb, the thumbnail, the author and date, the title, the content and the sidebar', async () => {
    const { callsTo } = renderPage('/ha-giang-loop', { answers: { 'posts.bySlug': () => fixtures.detail() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' })).toBeInTheDocument();
    expect(callsTo('posts.bySlug')[0].input).toEqual({ slug: 'ha-giang-loop' });

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(breadcrumb)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Story', 'Hà Giang loop']);
    expect(within(breadcrumb).getByRole('link', { name: 'Story' })).toHaveAttribute('href', '/category/story');
    const thumbnail = screen.getByRole('img', { name: 'Rice terraces in Hoàng Su Phì at harvest' });
    expect(thumbnail).toHaveAttribute('src', '/uploads/ha-giang.jpg');
    expect(thumbnail).toHaveAttribute('width', '800');
    expect(thumbnail).toHaveAttribute('height', '500');
    expect(thumbnail).not.toHaveAttribute('loading');
    // The thumbnail is 1200 pixels wide: variants at 480, 960 and its own 1200, AVIF before WebP.
    const sources = [...(thumbnail.closest('picture')?.querySelectorAll('source') ?? [])];
    expect(
      sources.map((source) => [
        source.getAttribute('type'),
        source.getAttribute('srcset'),
        source.getAttribute('sizes'),
      ]),
    ).toEqual([
      [
        'image/avif',
        '/uploads/ha-giang-480.avif 480w, /uploads/ha-giang-960.avif 960w, /uploads/ha-giang-1200.avif 1200w',
        CONTENT_IMAGE_SIZES,
      ],
      [
        'image/webp',
        '/uploads/ha-giang-480.webp 480w, /uploads/ha-giang-960.webp 960w, /uploads/ha-giang-1200.webp 1200w',
        CONTENT_IMAGE_SIZES,
      ],
    ]);
    expect(screen.getByText(/^By/)).toHaveTextContent('By Phương · January 05, 2025');
    expect(screen.getByText('6 min read')).toBeInTheDocument();
    expect(screen.getByText('I left Hà Nội on a night bus.')).toBeInTheDocument();

    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    const categories = await within(within(sidebar).getByRole('region', { name: 'Categories' })).findAllByRole('link');
    expect(categories.map((link) => link.getAttribute('href'))).toEqual(
      fixtures.categories.map((category) => `/category/${category.slug}`),
    );
    const recent = await within(within(sidebar).getByRole('region', { name: 'Recent Posts' })).findAllByRole('link');
    expect(recent.map((link) => link.getAttribute('href'))).toEqual(['/post-1', '/post-2']);
  });

  it.each([
    ['computing-tips', false, false],
    ['seo', false, false],
    ['wordpress', false, true],
    ['poem', true, true],
  ])('for a %s post: thumbnail %p, author and date line %p', async (category, thumbnail, byline) => {
    renderPage('/a-post', {
      answers: { 'posts.bySlug': () => fixtures.detail({ category_slug: category, category_name: category }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    expect(screen.queryAllByRole('img', { name: 'Rice terraces in Hoàng Su Phì at harvest' })).toHaveLength(
      thumbnail ? 1 : 0,
    );
    expect(screen.queryAllByText(/^By/)).toHaveLength(byline ? 1 : 0);
    // The reading time shows with or without the byline.
    expect(screen.getByText('6 min read')).toBeInTheDocument();
  });

  it('ends with the related posts as cards, or with nothing when there are none', async () => {
    renderPage('/ha-giang-loop', {
      answers: {
        'posts.bySlug': () => fixtures.detail(),
        'posts.related': () => [fixtures.card(21), fixtures.card(22)],
      },
    });
    const related = await screen.findByRole('region', { name: 'Related posts' });
    expect(
      within(related)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Post 21', 'Post 22']);
    expect(within(related).getByRole('link', { name: 'Post 21' })).toHaveAttribute('href', '/post-21');
  });

  it('has no related posts section when there are none, and a retry when they could not be loaded', async () => {
    const { unmount } = renderPage('/ha-giang-loop', { answers: { 'posts.bySlug': () => fixtures.detail() } });
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    expect(screen.queryByRole('region', { name: 'Related posts' })).toBeNull();
    unmount();

    let failures = 1;
    renderPage('/ha-giang-loop', {
      answers: {
        'posts.bySlug': () => fixtures.detail(),
        'posts.related': () => {
          if (failures-- > 0) throw trpcError('INTERNAL_SERVER_ERROR', 500);
          return [fixtures.card(23)];
        },
      },
    });
    const related = await screen.findByRole('region', { name: 'Related posts' });
    expect(await within(related).findByText(/The related posts could not be loaded/)).toBeInTheDocument();
    await userEvent.click(within(related).getByRole('button', { name: /try again/i }));
    expect(await within(related).findByRole('heading', { level: 3, name: 'Post 23' })).toBeInTheDocument();
  });

  it('is NotFound, and nothing else, for an unknown or hidden post', async () => {
    const { container } = renderPage('/no-such-post', {
      answers: {
        'posts.bySlug': () => {
          throw trpcError('NOT_FOUND', 404, 'Post not found');
        },
      },
    });
    await waitFor(() => notFoundOnly(container));
  });

  it('is NotFound for a slug the server refuses outright', async () => {
    const { container } = renderPage(`/${'x'.repeat(300)}`, {
      answers: {
        'posts.bySlug': () => {
          throw trpcError('BAD_REQUEST', 400);
        },
      },
    });
    await waitFor(() => notFoundOnly(container));
  });

  it('offers to try again when the post cannot be loaded', async () => {
    renderPage('/ha-giang-loop', {
      answers: {
        'posts.bySlug': () => {
          throw trpcError('INTERNAL_SERVER_ERROR', 500);
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This post could not be loaded');
  });
});

describe('all posts page', () => {
  it('shows the breadcrumb, 6 cards in 1/2/3 columns and the pagination', async () => {
    renderPage('/posts', { answers: { 'posts.page': () => pageOf(6, 15) } });
    expect(await screen.findAllByRole('article')).toHaveLength(6);
    expect(screen.getAllByRole('list').find((list) => list.classList.contains('post-grid'))).toHaveClass(
      'post-grid--3',
    );
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(breadcrumb).toHaveTextContent('Home›Posts'.replace('›', ''));
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['1', '2', '3', '›Next page']);
  });

  it('reads the page from the address and moves with the arrows and numbers', async () => {
    const user = userEvent.setup();
    const { callsTo, location } = renderPage('/posts?page=2', {
      answers: { 'posts.page': (input) => pageOf(6, 15, ((input as { page: number }).page - 1) * 6 + 1) },
    });
    expect(await screen.findByRole('link', { name: 'Post 7' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Post 13' })).toBeInTheDocument();
    expect(location().search).toBe('?page=3');
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Page 1' }));
    expect(await screen.findByRole('link', { name: 'Post 1' })).toBeInTheDocument();
    expect(location().search).toBe('');
    expect(screen.queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
    expect(callsTo('posts.page').map((call) => call.input)).toEqual([{ page: 2 }, { page: 3 }, { page: 1 }]);
  });

  it('keeps the cards under a spinner while the next page loads', async () => {
    const user = userEvent.setup();
    const next = deferred<unknown>();
    renderPage('/posts', {
      answers: { 'posts.page': (input) => ((input as { page: number }).page === 1 ? pageOf(6, 8) : next.promise) },
    });
    await screen.findByRole('link', { name: 'Post 1' });
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('link', { name: 'Post 1' })).toBeInTheDocument();
    next.resolve(pageOf(2, 8, 7));
    expect(await screen.findByRole('link', { name: 'Post 7' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('treats a page that is not a number as page 1, and says when a page is past the end', async () => {
    const { callsTo } = renderPage('/posts?page=abc', { answers: { 'posts.page': () => ({ posts: [], total: 7 }) } });
    expect(await screen.findByText('There are no posts on this page.')).toBeInTheDocument();
    expect(callsTo('posts.page')[0].input).toEqual({ page: 1 });
  });

  it('shows no page numbers for a single page', async () => {
    renderPage('/posts', { answers: { 'posts.page': () => pageOf(4, 4) } });
    await screen.findAllByRole('article');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });
});

describe('category page', () => {
  it('shows the category name, the breadcrumb, its cards and pagination', async () => {
    const { callsTo } = renderPage('/category/story?page=2', {
      answers: {
        'posts.byCategory': () => ({
          category_name: [{ name: 'Story' }],
          category: { id: 1, name: 'Story', slug: 'story', language: 'en', translations: [] },
          ...pageOf(2, 8, 7),
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Story' })).toBeInTheDocument();
    expect(callsTo('posts.byCategory')[0].input).toEqual({ slug: 'story', page: 2 });
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('HomeStory');
    expect(cardTitles()).toEqual(['Post 7', 'Post 8']);
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/category/story');
  });

  it('is NotFound, and nothing else, for an unknown category', async () => {
    const { container } = renderPage('/category/nope', {
      answers: {
        'posts.byCategory': () => {
          throw trpcError('NOT_FOUND', 404, 'Category not found');
        },
      },
    });
    await waitFor(() => notFoundOnly(container));
  });
});

describe('search page', () => {
  it('searches the text of the address and says how many posts it found', async () => {
    const { callsTo } = renderPage('/search?key=ha+giang', {
      answers: { 'posts.search': () => [fixtures.card(1), fixtures.card(2)] },
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: '2 results found for “ha giang”' }),
    ).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Post 1', 'Post 2']);
    expect(callsTo('posts.search')[0].input).toEqual({ term: 'ha giang' });
  });

  it('says so when nothing matches', async () => {
    renderPage('/search?key=zzz', { answers: { 'posts.search': () => [] } });
    expect(await screen.findByRole('heading', { name: 'No results found for “zzz”' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Projects' })).not.toBeInTheDocument();
  });

  it('shows the matching projects after the posts, each linking to its case study, and counts them', async () => {
    const project = {
      id: 7,
      title: 'Đặt phòng homestay',
      slug: 'homestay-booking',
      client_name: 'Nhà Sàn Hà Giang',
      year_from: 2023,
      year_to: 2024,
      stack: ['react'],
      summary: 'Bookings doubled.',
      cover: null,
      cover_alt: '',
    };
    const { callsTo } = renderPage('/search?key=react', {
      answers: { 'posts.search': () => [fixtures.card(1)], 'projects.search': () => [project] },
    });
    expect(await screen.findByRole('heading', { level: 2, name: '2 results found for “react”' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Post 1']);
    const projects = screen.getByRole('region', { name: 'Projects' });
    expect(within(projects).getByRole('link', { name: 'Đặt phòng homestay' })).toHaveAttribute(
      'href',
      '/portfolio/homestay-booking',
    );
    expect(projects).toHaveTextContent('Nhà Sàn Hà Giang · 2023–2024');
    expect(projects).toHaveTextContent('Bookings doubled.');
    expect(callsTo('projects.search')[0].input).toEqual({ term: 'react' });
    expect(screen.queryByText('Try another word, or fewer words.')).not.toBeInTheDocument();
  });

  it('asks for a text, and searches nothing, without one', async () => {
    const { callsTo } = renderPage('/search?key=%20');
    expect(await screen.findByText('Type a word in the search box to find posts.')).toBeInTheDocument();
    expect(callsTo('posts.search')).toHaveLength(0);
  });
});

describe('about page', () => {
  it('shows the content the server keeps beside the avatar', async () => {
    renderPage('/about', {
      answers: { 'about.publicList': () => [{ id: 1, content: '<h2>Xin chào</h2><p>I build websites.</p>' }] },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Xin chào' })).toBeInTheDocument();
    expect(screen.getByText('I build websites.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Portrait of Phương' })).toBeInTheDocument();
  });
});

describe('contact page', () => {
  it('shows the form and the owner’s phone, e-mail and address', async () => {
    renderPage('/contact');
    const details = await screen.findByRole('region', { name: 'Contact details' });
    expect(within(details).getByRole('link', { name: '+84 912 345 678' })).toHaveAttribute('href', 'tel:+84912345678');
    expect(within(details).getByRole('link', { name: 'phuong@example.com' })).toHaveAttribute(
      'href',
      'mailto:phuong@example.com',
    );
    expect(details).toHaveTextContent('112 Lý Chính Thắng, Quận 3');
    expect(await screen.findByRole('form', { name: 'Contact form' })).toBeInTheDocument();
  });
});

describe('not-found screen', () => {
  it('shows only NotFound for any other address', async () => {
    const { container, calls } = renderPage('/a/b/c');
    notFoundOnly(container);
    // Only the site's name, for its title.
    expect(calls.map((call) => call.path)).toEqual(['siteInfo.list']);
  });
});
