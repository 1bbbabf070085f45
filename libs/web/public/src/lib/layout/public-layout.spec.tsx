import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, renderPage } from '../../testing/render-page';
import { searchHref } from './search-box';

const answers = {
  'posts.home': () => ({ posts: [] }),
  'posts.page': () => ({ posts: [], total: 0 }),
  'posts.search': () => [],
};

describe('header', () => {
  it('links Home, About me, Portfolio and Contact, and shows logo_1 of the general info', async () => {
    renderPage('/posts', { answers });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'About me' })).toHaveAttribute('href', '/about');
    expect(within(nav).getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/portfolio');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    const logo = await screen.findByRole('img', { name: "Phuong's Blog" });
    expect(logo).toHaveAttribute('src', '/uploads/logo-1.png');
    expect(logo.closest('a')).toHaveAttribute('href', '/');
  });

  it('opens the Posts dropdown with the categories and All Posts, and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderPage('/posts', { answers });
    const button = screen.getByRole('button', { name: 'Posts' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    await waitFor(() => expect(within(menu).getAllByRole('link')).toHaveLength(7));
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ...fixtures.categories.map((category) => [category.name, `/category/${category.slug}`]),
      ['All Posts', '/posts'],
    ]);
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
    expect(button).toHaveFocus();
  });

  it('closes the Posts dropdown when one of its links is followed', async () => {
    const user = userEvent.setup();
    const { location } = renderPage('/', {
      answers: {
        ...answers,
        'posts.byCategory': () => ({
          category_name: [{ name: 'Poem' }],
          category: { id: 1, name: 'Poem', slug: 'poem', language: 'en', translations: [] },
          posts: [],
          total: 0,
        }),
      },
    });
    const button = screen.getByRole('button', { name: 'Posts' });
    await user.click(button);
    // The home page's tiles link the category too: the menu's own link is the one followed.
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    await user.click(await within(menu).findByRole('link', { name: 'Poem' }));
    expect(location().pathname).toBe('/category/poem');
    expect(await screen.findByRole('heading', { level: 1, name: 'Poem' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Posts' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('folds the menu behind a toggle on small screens', async () => {
    const user = userEvent.setup();
    renderPage('/posts', { answers });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toHaveClass('is-open');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveClass('is-open');
    expect(within(menu).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(within(menu).getByRole('search')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  describe('before the script runs (or without it)', () => {
    it('opens the menu with a checkbox and its label, and the Posts dropdown as a <details>', () => {
      renderPage('/posts', {
        answers,
        hydrate: {
          beforeHydrate: (container) => {
            const toggle = within(container).getByRole('checkbox', { name: 'Menu' });
            const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
            expect(menu).toHaveClass('site-header__menu');
            expect(toggle.nextElementSibling?.tagName).toBe('LABEL');
            const posts = container.querySelector('details.posts-dropdown') as HTMLDetailsElement;
            expect(posts.querySelector('summary')).toHaveTextContent('Posts');
            expect(posts.querySelector('ul.posts-dropdown__menu')).toBeInTheDocument();
            expect(within(container).queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
          },
        },
      });
    });

    it('hands both over to their buttons once the script runs, open if the visitor opened them', async () => {
      renderPage('/posts', {
        answers,
        hydrate: {
          beforeHydrate: (container) => {
            fireEvent.click(within(container).getByRole('checkbox', { name: 'Menu' }));
            (container.querySelector('details.posts-dropdown') as HTMLDetailsElement).open = true;
          },
        },
      });
      const toggle = await screen.findByRole('button', { name: 'Menu' });
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(screen.queryByRole('checkbox', { name: 'Menu' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Posts' })).toHaveAttribute('aria-expanded', 'true');
      expect(document.querySelector('details')).not.toBeInTheDocument();
    });
  });

  it('searches from the header: /search?key= with spaces as plus signs', async () => {
    const user = userEvent.setup();
    const { location, callsTo } = renderPage('/posts', { answers });
    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), '  hà giang  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(location().pathname).toBe('/search');
    expect(location().search).toBe('?key=h%C3%A0+giang');
    await waitFor(() => expect(callsTo('posts.search').map((call) => call.input)).toEqual([{ term: 'hà giang' }]));
  });

  it('goes nowhere with a blank search', async () => {
    const user = userEvent.setup();
    const { location } = renderPage('/posts', { answers });
    const input = screen.getByRole('searchbox', { name: 'Search posts' });
    expect(input).toBeRequired();
    await user.type(input, '   {Enter}');
    expect(location().pathname).toBe('/posts');
    expect(input).toHaveValue('');
  });

  it('links only the social profiles set in the general info, in a new tab, each icon hidden inside a named link', async () => {
    renderPage('/posts', { answers });
    const header = screen.getByRole('banner');
    await waitFor(() => expect(within(header).getAllByRole('link', { name: /opens in a new tab/ })).toHaveLength(3));
    const social = within(header).getAllByRole('link', { name: /opens in a new tab/ });
    expect(social.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Facebook (opens in a new tab)', 'https://www.facebook.com/phuong.blog'],
      ['YouTube (opens in a new tab)', 'https://www.youtube.com/@phuong'],
      ['Zalo (opens in a new tab)', 'https://zalo.me/0912345678'],
    ]);
    for (const link of social) {
      expect(link).toHaveAttribute('rel', 'me noopener');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('shows no social links when no profile is set (never the networks home pages)', async () => {
    const none = {
      facebook_url: null,
      instagram_url: null,
      linkedin_url: null,
      youtube_url: null,
      zalo_url: null,
      tiktok_url: null,
    };
    renderPage('/posts', { answers: { ...answers, 'siteInfo.list': () => [{ ...fixtures.generalInfo, ...none }] } });
    expect(await screen.findByRole('img', { name: "Phuong's Blog" })).toBeInTheDocument();
    expect(screen.queryAllByRole('link', { name: /opens in a new tab/ })).toEqual([]);
    expect(document.querySelector('.social-links')).toBeNull();
  });
});

describe('footer', () => {
  it('links Home, About, Blog, Portfolio and Contact, the social profiles set, and says Copyright 2025', async () => {
    renderPage('/posts', { answers });
    const footer = screen.getByRole('contentinfo');
    const nav = within(footer).getByRole('navigation', { name: 'Footer' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Blog', '/posts'],
      ['Portfolio', '/portfolio'],
      ['Contact', '/contact'],
    ]);
    await waitFor(() =>
      expect(
        within(footer)
          .getAllByRole('link', { name: /opens in a new tab/ })
          .map((link) => link.getAttribute('href')),
      ).toEqual([
        'https://www.facebook.com/phuong.blog',
        'https://www.youtube.com/@phuong',
        'https://zalo.me/0912345678',
      ]),
    );
    expect(footer).toHaveTextContent('Copyright 2025');
  });
});

describe('layout', () => {
  it('shows the hero on / only', async () => {
    const home = renderPage('/', { answers });
    expect(screen.getByRole('region', { name: "Phuong's Blog" })).toBeInTheDocument();
    home.unmount();
    renderPage('/posts', { answers });
    expect(screen.queryByRole('region', { name: "Phuong's Blog" })).not.toBeInTheDocument();
  });

  describe("the hero's availability, as of when the page read General information", () => {
    const booked = { availability: 'booked', booked_until: '2026-12-15', availability_note: 'Free again in January.' };
    const heroAt = async (iso: string, info: object) => {
      jest.spyOn(Date, 'now').mockReturnValue(new Date(iso).getTime());
      renderPage('/', { answers: { ...answers, 'siteInfo.list': () => [{ ...fixtures.generalInfo, ...info }] } });
      const hero = screen.getByRole('region', { name: "Phuong's Blog" });
      return within(hero).findByText(/^(Available|Booked|Not taking)/);
    };
    afterEach(() => jest.restoreAllMocks());

    it('says booked until the day, with her line, through the last day in the site time zone', async () => {
      // 23:59 on 15 December in Sài Gòn.
      const line = await heroAt('2026-12-15T16:59:00Z', booked);
      expect(line).toHaveTextContent('Booked until December 15, 2026');
      expect(line.closest('p')).toHaveTextContent('Booked until December 15, 2026 · Free again in January.');
    });

    it('says available, without the booking line, from the next day by itself', async () => {
      const line = await heroAt('2026-12-15T17:00:00Z', booked);
      expect(line.closest('p')).toHaveTextContent(/^Available for new projects$/);
    });

    it('says when she is not taking work, with her line', async () => {
      const line = await heroAt('2026-12-01T00:00:00Z', {
        availability: 'not_taking_work',
        availability_note: 'On leave.',
      });
      expect(line.closest('p')).toHaveTextContent('Not taking new work · On leave.');
    });
  });

  it('uses the favicon of the general info', async () => {
    renderPage('/posts', { answers });
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="icon"]')).toHaveAttribute('href', '/uploads/favicon.png'),
    );
  });

  it('lets keyboard users skip to the content', () => {
    renderPage('/posts', { answers });
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('loads the sidebar categories as full pages (the router leaves their clicks to the browser)', async () => {
    renderPage('/a-post', { answers: { 'posts.bySlug': () => fixtures.detail() } });
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    const category = await within(sidebar).findByRole('link', { name: 'Poem' });
    const recentPost = await within(sidebar).findByRole('link', { name: 'Post 1' });

    /** Whether the router took the click over (a client-side navigation). */
    const routerHandles = (link: HTMLElement) => {
      let handled: boolean | undefined;
      const afterReact = (event: MouseEvent) => {
        handled = event.defaultPrevented;
        event.preventDefault(); // jsdom cannot load documents
      };
      window.addEventListener('click', afterReact);
      fireEvent.click(link);
      window.removeEventListener('click', afterReact);
      return handled;
    };
    expect(category).toHaveAttribute('href', '/category/poem');
    expect(routerHandles(category)).toBe(false);
    expect(routerHandles(recentPost)).toBe(true);
  });
});

describe('searchHref', () => {
  it('encodes spaces as plus signs and trims the text', () => {
    expect(searchHref(' ha giang ')).toBe('/search?key=ha+giang');
    expect(searchHref('C++ & C#')).toBe('/search?key=C%2B%2B+%26+C%23');
  });
});
