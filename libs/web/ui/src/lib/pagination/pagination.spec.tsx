import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Pagination } from './pagination';
import { pageItems } from './page-numbers';

const hrefFor = (page: number) => (page === 1 ? '/posts' : `/posts?page=${page}`);

function renderPagination(page: number, pageCount: number) {
  return render(
    <MemoryRouter>
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </MemoryRouter>,
  );
}

const numbers = () => screen.queryAllByRole('link', { name: /^Page \d+$/ }).map((link) => link.textContent);

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = renderPagination(1, 1);
    expect(container).toBeEmptyDOMElement();
  });

  it('hides the previous arrow on the first page and links the next one', () => {
    renderPagination(1, 3);
    expect(screen.queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/posts?page=2');
    expect(numbers()).toEqual(['1', '2', '3']);
  });

  it('hides the next arrow on the last page', () => {
    renderPagination(3, 3);
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/posts?page=2');
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('shows both arrows in the middle, and page 1 links to the bare list', () => {
    renderPagination(2, 3);
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/posts');
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/posts?page=3');
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/posts');
  });

  it('highlights the current page, and only it', () => {
    renderPagination(2, 3);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['2']);
  });

  it('past the last page, offers the way back to the last page only', () => {
    renderPagination(5, 3);
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/posts?page=3');
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
    expect(numbers()).toEqual(['1', '2', '3']);
  });

  it('shortens a long list of pages around the current one', () => {
    renderPagination(10, 20);
    expect(numbers()).toEqual(['1', '9', '10', '11', '20']);
  });
});

describe('pageItems', () => {
  it('lists every page while there are at most seven', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps seven items, with a gap only where two or more pages are hidden', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(7, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });

  it('clamps a page outside the range', () => {
    expect(pageItems(99, 10)).toEqual(pageItems(10, 10));
    expect(pageItems(0, 10)).toEqual(pageItems(1, 10));
  });
});
