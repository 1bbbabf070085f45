import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { postCardFixture } from '../../testing';
import { POST_CARD_IMAGE_SIZES, PostCard, PostGrid } from './post-card';

const post = postCardFixture({
  id: 7,
  thumbnail: 'ha giang.jpg',
  short_content: '<p>Four days on the <strong>mountain</strong> loop.</p>',
  color: 'Blue',
  price: 'Free',
});

const renderIn = (ui: React.ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('PostCard', () => {
  it('shows the thumbnail, the date, the category chip, the title, colour, price and excerpt', () => {
    const { container } = renderIn(<PostCard post={post} />);
    const card = screen.getByRole('article');
    expect(within(card).getByRole('heading', { level: 2, name: 'Hà Giang loop' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Hà Giang loop' })).toHaveAttribute('href', '/ha-giang-loop');
    expect(within(card).getByRole('link', { name: 'Story' })).toHaveAttribute('href', '/category/story');
    expect(within(card).getByText('January 05, 2025')).toHaveAttribute('datetime', post.updated_at);
    expect(within(card).getByText('4 min read')).toBeInTheDocument();
    expect(card).toHaveTextContent('Color:Blue');
    expect(card).toHaveTextContent('Price:Free');
    expect(within(card).getByText('mountain').tagName).toBe('STRONG');
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', '/uploads/ha%20giang.jpg');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('shows its comment count, linking to the thread', () => {
    renderIn(<PostCard post={{ ...post, comment_count: 3 }} />);
    expect(screen.getByRole('link', { name: '3 comments' })).toHaveAttribute('href', '/ha-giang-loop#comments');
    renderIn(<PostCard post={{ ...post, comment_count: 1, id: 8 }} />);
    expect(screen.getByRole('link', { name: '1 comment' })).toBeInTheDocument();
  });

  it('shows no comment count on a post without comments', () => {
    renderIn(<PostCard post={post} />);
    expect(screen.getByRole('article')).not.toHaveTextContent('comment');
  });

  it('offers AVIF and WebP variants at the widths the server makes for a thumbnail of known size', () => {
    const { container } = renderIn(
      <PostCard post={{ ...post, thumbnail: 'photo.jpg', thumbnail_width: 1200, thumbnail_height: 750 }} />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => [source.getAttribute('type'), source.getAttribute('srcset')])).toEqual([
      ['image/avif', '/uploads/photo-480.avif 480w, /uploads/photo-960.avif 960w, /uploads/photo-1200.avif 1200w'],
      ['image/webp', '/uploads/photo-480.webp 480w, /uploads/photo-960.webp 960w, /uploads/photo-1200.webp 1200w'],
    ]);
    expect(sources[0]).toHaveAttribute('sizes', POST_CARD_IMAGE_SIZES[3]);
    const image = container.querySelector('picture > img');
    expect(image).toHaveAttribute('src', '/uploads/photo.jpg');
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '750');
  });

  it('shows a thumbnail of unknown size as it is, in the 8:5 box', () => {
    const { container } = renderIn(<PostCard post={post} />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('width', '800');
    expect(container.querySelector('img')).toHaveAttribute('height', '500');
  });

  it('leaves out the colour, the price and the image when the post has none', () => {
    const { container } = renderIn(<PostCard post={{ ...post, color: null, price: null, thumbnail: null }} />);
    expect(screen.getByRole('article')).not.toHaveTextContent('Color');
    expect(screen.getByRole('article')).not.toHaveTextContent('Price');
    expect(container.querySelector('img')).toBeNull();
  });

  it('keeps the image link out of the tab order and the accessibility tree (the title is the link)', () => {
    renderIn(<PostCard post={post} titleAs="h3" />);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Hà Giang loop');
    expect(screen.getAllByRole('link', { name: 'Hà Giang loop' })).toHaveLength(1);
  });
});

describe('PostGrid', () => {
  it('lists the cards in order, in the asked number of columns, eager images first', () => {
    const posts = [1, 2, 3].map((id) => ({ ...post, id, slug: `p-${id}`, title: `Post ${id}` }));
    const { container } = renderIn(<PostGrid posts={posts} columns={4} eagerCount={1} />);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Post 1', 'Post 2', 'Post 3']);
    expect(container.querySelector('ul')).toHaveClass('post-grid--4');
    const loading = [...container.querySelectorAll('img')].map((img) => img.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'lazy', 'lazy']);
  });

  it('tells the browser how wide a card of its columns is', () => {
    const posts = [{ ...post, thumbnail_width: 1600, thumbnail_height: 1000 }];
    const { container } = renderIn(<PostGrid posts={posts} columns={4} />);
    expect(container.querySelector('source')).toHaveAttribute('sizes', POST_CARD_IMAGE_SIZES[4]);
  });
});
