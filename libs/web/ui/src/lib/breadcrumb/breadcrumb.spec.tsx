import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Breadcrumb } from './breadcrumb';

describe('Breadcrumb', () => {
  it('links every step but the current page, which it marks', () => {
    render(
      <MemoryRouter>
        <Breadcrumb
          items={[{ label: 'Home', to: '/' }, { label: 'Story', to: '/category/story' }, { label: 'Hà Giang' }]}
        />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Story', 'Hà Giang']);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Story' })).toHaveAttribute('href', '/category/story');
    expect(within(nav).queryByRole('link', { name: 'Hà Giang' })).not.toBeInTheDocument();
    expect(within(nav).getByText('Hà Giang')).toHaveAttribute('aria-current', 'page');
  });
});
