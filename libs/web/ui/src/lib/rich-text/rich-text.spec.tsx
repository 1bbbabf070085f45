import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RichText } from './rich-text';

const facade = (provider: string, id: string, title = 'Phố cổ') =>
  `<figure class="video" data-provider="${provider}" data-id="${id}"><a class="video-play" href="https://example.com/watch">` +
  `<img src="/uploads/thumb.jpg" alt="" /><span class="video-title">${title}</span></a></figure>`;

describe('RichText: videos', () => {
  it('shows the facade only, and makes the privacy-enhanced player when the video is played', async () => {
    const user = userEvent.setup();
    const { container } = render(<RichText html={`<p>a</p>${facade('youtube', 'dQw4w9WgXcQ')}`} />);
    expect(container.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Phố cổ' }));
    const frame = container.querySelector('iframe');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(frame).toHaveAttribute('title', 'Phố cổ');
    expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    expect(frame).toHaveAttribute('allow', expect.stringContaining('fullscreen'));
    expect(frame).toHaveFocus();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('plays a Vimeo video from the keyboard', async () => {
    const user = userEvent.setup();
    const { container } = render(<RichText html={facade('vimeo', '76979871')} />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(container.querySelector('iframe')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1',
    );
  });

  it('leaves a click with a modifier key, other links and a facade of an unknown provider to the browser', async () => {
    const { container } = render(
      <RichText html={`${facade('youtube', 'dQw4w9WgXcQ')}${facade('evil', '1', 'Evil')}<a href="/x">x</a>`} />,
    );
    const played = (name: string, init: MouseEventInit = {}) =>
      !fireEvent.click(screen.getByRole('link', { name }), { button: 0, ...init });
    expect(played('Phố cổ', { ctrlKey: true })).toBe(false);
    expect(played('Evil')).toBe(false);
    expect(played('x')).toBe(false);
    expect(container.querySelector('iframe')).toBeNull();
  });
});

describe('RichText: galleries', () => {
  const gallery =
    '<div class="gallery">' +
    '<figure class="gallery-item"><a href="/uploads/a.jpg"><img src="/uploads/a-480.jpg" alt="Ruộng bậc thang" /></a><figcaption>Mù Cang Chải</figcaption></figure>' +
    '<figure class="gallery-item"><a href="/uploads/b.jpg"><img src="/uploads/b-480.jpg" alt="Chợ" /></a></figure>' +
    '</div>';

  it('opens a photo in the lightbox, moves with the arrow keys and gives the focus back when closed', async () => {
    const user = userEvent.setup();
    render(<RichText html={gallery} />);
    await user.click(screen.getByRole('link', { name: 'Ruộng bậc thang' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 1 of 2' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/uploads/a.jpg');
    expect(within(dialog).getByRole('img')).toHaveAttribute('alt', 'Ruộng bậc thang');
    expect(dialog).toHaveTextContent('Mù Cang Chải');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(dialog).toHaveAccessibleName('Photo 2 of 2');
    expect(within(dialog).getByRole('img')).toHaveAttribute('alt', 'Chợ');
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(dialog).toHaveAccessibleName('Photo 1 of 2');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ruộng bậc thang' })).toHaveFocus();
  });

  it("offers the page's variants of the photo at the screen's width, not only the original", async () => {
    render(
      <RichText
        html={
          '<div class="gallery"><figure class="gallery-item"><a href="/uploads/a.jpg"><picture>' +
          '<source type="image/avif" srcset="/uploads/a-480.avif 480w, /uploads/a-960.avif 960w" sizes="800px" />' +
          '<img src="/uploads/a.jpg" alt="Ruộng bậc thang" /></picture></a></figure></div>'
        }
      />,
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Ruộng bậc thang' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 1 of 1' });
    const source = dialog.querySelector('picture > source');
    expect(source).toHaveAttribute('srcset', '/uploads/a-480.avif 480w, /uploads/a-960.avif 960w');
    expect(source).toHaveAttribute('sizes', '100vw');
    expect(source?.nextElementSibling).toBe(within(dialog).getByRole('img'));
  });
});
