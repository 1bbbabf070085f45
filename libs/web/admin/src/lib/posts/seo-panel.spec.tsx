import { screen, within } from '@testing-library/react';
import type { AdminPost, Category } from '@blog/contracts';
import { renderAdmin } from '../../testing/render-admin';
import { AddPostPage, EditPostPage } from './post-pages';
import { category } from '../../testing/category';

const CATEGORIES: Category[] = [category(1, 'Story', 'story')];

const POST: AdminPost = {
  version: 1,
  id: 7,
  category_id: 1,
  category_name: 'Story',
  title: 'Đà Lạt',
  slug: 'da-lat',
  content: '<h1>Đà Lạt</h1><p>Sương mù <a href="/ha-giang">Hà Giang</a> <img src="/uploads/doi-che.webp"></p>',
  short_content: '',
  thumbnail: 'thumb.png',
  thumbnail_url: '/uploads/thumb.png',
  thumbnail_alt: '',
  meta_title: 'Đà Lạt mùa mưa',
  meta_description: 'Mưa',
  meta_keywords: '',
  status: 0,
  published_at: '2025-01-05T10:00:00.000Z',
  color: null,
  price: null,
  comments_open: true,
  created_at: '2025-01-05T10:00:00.000Z',
  updated_at: '2025-01-05T10:00:00.000Z',
  language: 'en',
  translations: [],
};

/** The checks update a moment after typing stops: allow for it under load. */
const LATER = { timeout: 5000 };

describe('SEO check', () => {
  it('updates as the title and focus keyword are typed; Enter in the keyword does not submit the post', async () => {
    const { user, calls } = renderAdmin(<AddPostPage />, {
      path: '/admin/add-post',
      answers: { 'categories.list': () => CATEGORIES },
    });
    const panel = await screen.findByRole('region', { name: 'SEO check' });
    const checks = within(panel).getByRole('list');
    expect(within(checks).getByText(/No focus keyword/)).toBeInTheDocument();
    expect(within(checks).getByText(/No title/).textContent).toMatch(/^Problem:/);

    await user.type(screen.getByLabelText(/^Title/), 'Hà Giang mùa hoa tam giác mạch');
    await user.type(within(panel).getByLabelText('Focus keyword'), 'ha giang{Enter}');

    expect(await within(checks).findByText('Focus keyword found in the title', {}, LATER)).toBeInTheDocument();
    const found = (text: string) => within(checks).getByText(text).closest('li')?.textContent;
    expect(found('Focus keyword found in the title')).toBe('Good: Focus keyword found in the title');
    expect(found('Focus keyword found in the slug')).toBe('Good: Focus keyword found in the slug');
    expect(found('Focus keyword not found in the meta description')).toBe(
      'Improve: Focus keyword not found in the meta description',
    );
    expect(within(checks).getByText(/Title: 30 characters/).textContent).toMatch(/^Good:/);

    const search = within(panel).getByRole('figure', { name: 'Search result preview' });
    expect(search).toHaveTextContent('Hà Giang mùa hoa tam giác mạch');
    expect(search).toHaveTextContent(`${window.location.host} › ha-giang-mua-hoa-tam-giac-mach`);
    // The keyword is the panel's own: the form stays where it was, nothing was sent.
    // (The autosave's look for a draft to offer aside.)
    expect(calls.map((call) => call.path).filter((path) => !path.startsWith('autosaves.'))).toEqual([
      'categories.list',
    ]);
    expect(screen.queryByText('Category is required')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/add-post');
  });

  it('checks the content of the post being edited and previews its link card', async () => {
    renderAdmin(<EditPostPage />, {
      path: '/admin/edit-post/7',
      route: '/admin/edit-post/:id',
      answers: { 'categories.list': () => CATEGORIES, 'posts.adminById': () => POST },
    });
    const panel = await screen.findByRole('region', { name: 'SEO check' });
    const checks = within(panel).getByRole('list');
    expect(await within(checks).findByText(/The content has 1 H1 heading/, {}, LATER)).toBeInTheDocument();
    expect(
      within(checks)
        .getByText(/without alt text/)
        .closest('li'),
    ).toHaveTextContent('Problem: 1 image without alt text: /uploads/doi-che.webp');
    expect(
      within(checks)
        .getByText(/internal link/)
        .closest('li'),
    ).toHaveTextContent('Good: 1 internal link to this site');
    expect(
      within(checks)
        .getByText(/Meta description: 3 characters/)
        .closest('li'),
    ).toHaveTextContent(/^Improve:.*too short/);

    const card = within(panel).getByRole('figure', { name: /Link card preview/ });
    expect(card).toHaveTextContent('Đà Lạt mùa mưa');
    expect(card).toHaveTextContent(window.location.host);
    expect(card.querySelector('img')).toHaveAttribute('src', '/uploads/thumb.png');
  });
});
