import { act, createEvent, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sanitizeRichText } from '@blog/shared/html';
import { deferred } from '@blog/web/ui/testing';
import { renderEditor } from '../../testing/render-editor';
import { htmlToSlate } from '../../serialization/html-to-slate';
import { slateToHtml } from '../../serialization/slate-to-html';

const ID = 'dQw4w9WgXcQ';
const THUMBNAIL = `https://i.ytimg.com/vi/${ID}/hqdefault.jpg`;
const facade = (inner: string, caption = '') =>
  `<figure class="video" data-provider="youtube" data-id="${ID}">` +
  `<a class="video-play" href="https://www.youtube.com/watch?v=${ID}">${inner}</a>${caption}</figure>`;

function paste(target: HTMLElement, data: Record<string, string>) {
  const event = createEvent.paste(target, {
    clipboardData: { files: [], types: Object.keys(data), getData: (type: string) => data[type] ?? '' },
  });
  fireEvent(target, event);
}

describe('videos: HTML', () => {
  it('writes the facade the policy keeps unchanged, and reads it back (title, poster, caption)', () => {
    const html =
      facade(
        '<img src="/uploads/thumb.jpg" alt="" /><span class="video-title">Phố cổ Hà Nội</span>',
        '<figcaption>Quay năm 2024</figcaption>',
      ) + '<p>after</p>';
    expect(slateToHtml(htmlToSlate(html))).toBe(html);
    expect(sanitizeRichText(html)).toBe(html);
    expect(htmlToSlate(html)[0]).toMatchObject({
      type: 'video',
      provider: 'youtube',
      videoId: ID,
      title: 'Phố cổ Hà Nội',
      caption: 'Quay năm 2024',
      poster: '/uploads/thumb.jpg',
    });
  });

  it('names an untitled video after its provider, and keeps no poster while it is fetched', () => {
    expect(
      slateToHtml([
        {
          type: 'video',
          provider: 'vimeo',
          videoId: '76979871',
          poster: '/uploads/x.jpg',
          pending: 'k',
          children: [{ text: '' }],
        },
      ]),
    ).toBe(
      '<figure class="video" data-provider="vimeo" data-id="76979871"><a class="video-play" href="https://vimeo.com/76979871">' +
        '<span class="video-title">Vimeo video</span></a></figure>',
    );
  });

  it('reads a pasted player frame and a WordPress embed as the video, and drops a video of an unknown provider', () => {
    expect(
      htmlToSlate(`<p>a</p><iframe src="https://www.youtube.com/embed/${ID}" title="Trip"></iframe>`)[1],
    ).toMatchObject({
      type: 'video',
      videoId: ID,
      title: 'Trip',
    });
    expect(
      htmlToSlate(
        '<figure class="wp-block-embed is-type-video is-provider-vimeo"><div class="wp-block-embed__wrapper">\nhttps://vimeo.com/76979871\n</div></figure>',
      )[0],
    ).toMatchObject({ type: 'video', provider: 'vimeo', videoId: '76979871' });
    expect(slateToHtml(htmlToSlate('<iframe src="https://evil.example/embed/x"></iframe><p>a</p>'))).toBe('<p>a</p>');
    expect(
      slateToHtml(
        htmlToSlate(
          '<figure class="video" data-provider="evil" data-id="1"><a href="https://x.example">x</a></figure>',
        ),
      ),
    ).toBe('<p><a href="https://x.example">x</a></p>');
  });
});

describe('videos: inserting', () => {
  it('the Video button takes a YouTube link, refuses any other, and the thumbnail becomes the poster', async () => {
    const user = userEvent.setup();
    const imported = deferred<string>();
    const importImage = jest.fn(() => imported.promise);
    const onBusyChange = jest.fn();
    const field = renderEditor('<p>before</p>', { importImage, onBusyChange });
    await field.cursorAt('before');
    await user.click(screen.getByRole('button', { name: 'Video (YouTube or Vimeo)' }));
    const form = screen.getByRole('dialog', { name: 'Insert a video' });
    const input = within(form).getByLabelText('YouTube or Vimeo link');
    await user.type(input, 'https://example.com/clip.mp4');
    await user.click(within(form).getByRole('button', { name: 'Insert' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Only YouTube and Vimeo links can be embedded');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, `youtu.be/${ID}`);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog', { name: 'Insert a video' })).toBeNull();
    expect(importImage).toHaveBeenCalledWith(THUMBNAIL);
    expect(onBusyChange).toHaveBeenLastCalledWith(true);
    expect(screen.getByText(/Fetching the video's picture/)).toBeInTheDocument();
    await field.flush();
    expect(field.html()).toBe(
      '<p>before</p>' + facade('<span class="video-title">YouTube video</span>') + '<p><br /></p>',
    );

    await act(async () => imported.resolve('/uploads/thumb.jpg'));
    await field.flush();
    expect(field.html()).toBe(
      '<p>before</p>' +
        facade('<img src="/uploads/thumb.jpg" alt="" /><span class="video-title">YouTube video</span>') +
        '<p><br /></p>',
    );
    expect(onBusyChange).toHaveBeenLastCalledWith(false);

    // Title and caption fields.
    await user.type(screen.getByRole('textbox', { name: 'Video title' }), 'Sa Pa');
    await user.type(screen.getByRole('textbox', { name: 'Video caption' }), 'Tháng 9');
    await field.flush();
    expect(field.html()).toContain('<span class="video-title">Sa Pa</span></a><figcaption>Tháng 9</figcaption>');
  });

  it('keeps the video without a poster when its thumbnail cannot be fetched, and says so', async () => {
    const user = userEvent.setup();
    const importImage = jest.fn(() => Promise.reject(new Error('i.ytimg.com could not be reached')));
    const field = renderEditor('<p><br /></p>', { importImage });
    await field.cursorAt('');
    await user.click(screen.getByRole('button', { name: 'Video (YouTube or Vimeo)' }));
    await user.type(screen.getByLabelText('YouTube or Vimeo link'), `https://www.youtube.com/watch?v=${ID}{Enter}`);
    await field.flush();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The video's picture could not be fetched (i.ytimg.com could not be reached): choose one with its Choose picture button, or visitors see its play button without it.",
    );
    expect(field.html()).toBe(facade('<span class="video-title">YouTube video</span>') + '<p><br /></p>');
  });

  it('a video link pasted alone on an empty line becomes the video; within text it stays text', async () => {
    const importImage = jest.fn(() => Promise.resolve('/uploads/thumb.jpg'));
    const field = renderEditor('<p>See it</p><p><br /></p>', { importImage });
    await field.cursorAt('See ');
    paste(field.editable(), { 'text/plain': `https://youtu.be/${ID}` });
    await field.flush();
    expect(importImage).not.toHaveBeenCalled();
    expect(field.html()).toContain(`See https://youtu.be/${ID}it`);

    await act(async () => {
      const editor = field.editor();
      const { Transforms, Editor } = await import('slate');
      Transforms.select(editor, Editor.start(editor, [1]));
    });
    paste(field.editable(), { 'text/plain': ` https://vimeo.com/76979871 ` });
    await field.flush();
    expect(importImage).not.toHaveBeenCalled(); // Vimeo names no thumbnail
    expect(field.html()).toContain('<figure class="video" data-provider="vimeo" data-id="76979871">');
  });
});

describe('videos: Vimeo pictures', () => {
  const VIMEO = '76979871';
  const vimeoFacade = (inner: string) =>
    `<figure class="video" data-provider="vimeo" data-id="${VIMEO}">` +
    `<a class="video-play" href="https://vimeo.com/${VIMEO}">${inner}</a></figure>`;
  const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

  it("asks the server for the video's picture and title: the picture becomes the poster, the title names it", async () => {
    const user = userEvent.setup();
    const answer = deferred<{ url: string; title: string | null }>();
    const importVideoPoster = jest.fn(() => answer.promise);
    const importImage = jest.fn(() => Promise.resolve('/uploads/unused.jpg'));
    const field = renderEditor('<p><br /></p>', { importVideoPoster, importImage });
    await field.cursorAt('');
    await user.click(screen.getByRole('button', { name: 'Video (YouTube or Vimeo)' }));
    await user.type(screen.getByLabelText('YouTube or Vimeo link'), `https://vimeo.com/${VIMEO}{Enter}`);
    expect(importVideoPoster).toHaveBeenCalledWith({ provider: 'vimeo', id: VIMEO });
    expect(importImage).not.toHaveBeenCalled();
    expect(screen.getByText(/Fetching the video's picture/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose picture' })).toBeNull();

    await act(async () => answer.resolve({ url: '/uploads/vimeo.jpg', title: 'Hạ Long Bay at dawn' }));
    await field.flush();
    expect(field.html()).toBe(
      vimeoFacade('<img src="/uploads/vimeo.jpg" alt="" /><span class="video-title">Hạ Long Bay at dawn</span>') +
        '<p><br /></p>',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Change picture' })).toBeInTheDocument();
  });

  it('keeps the title the writer typed while the picture was on its way', async () => {
    const user = userEvent.setup();
    const answer = deferred<{ url: string; title: string | null }>();
    const field = renderEditor('<p><br /></p>', { importVideoPoster: () => answer.promise });
    await field.cursorAt('');
    await user.click(screen.getByRole('button', { name: 'Video (YouTube or Vimeo)' }));
    await user.type(screen.getByLabelText('YouTube or Vimeo link'), `https://vimeo.com/${VIMEO}{Enter}`);
    await user.type(screen.getByRole('textbox', { name: 'Video title' }), 'Vịnh');
    await act(async () => answer.resolve({ url: '/uploads/vimeo.jpg', title: 'Hạ Long Bay at dawn' }));
    await field.flush();
    expect(field.html()).toContain('<span class="video-title">Vịnh</span>');
  });

  it("a private video: the message says why and offers Choose picture, which uploads the owner's picture", async () => {
    const user = userEvent.setup();
    const importVideoPoster = jest.fn(() =>
      Promise.reject(
        new Error('Vimeo has no public picture for this video (vimeo.com answered HTTP 404: private or removed)'),
      ),
    );
    const uploadImage = jest.fn(() => Promise.resolve('/uploads/mine.jpg'));
    const field = renderEditor('<p><br /></p>', { importVideoPoster, uploadImage });
    await field.cursorAt('');
    await user.click(screen.getByRole('button', { name: 'Video (YouTube or Vimeo)' }));
    await user.type(screen.getByLabelText('YouTube or Vimeo link'), `https://vimeo.com/${VIMEO}{Enter}`);
    await field.flush();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The video's picture could not be fetched (Vimeo has no public picture for this video (vimeo.com answered HTTP 404: private or removed)): choose one with its Choose picture button, or visitors see its play button without it.",
    );
    expect(field.html()).toBe(vimeoFacade('<span class="video-title">Vimeo video</span>') + '<p><br /></p>');

    await user.click(screen.getByRole('button', { name: 'Choose picture' }));
    await user.upload(screen.getByTestId('rte-video-picture-input'), [photo('poster.jpg')]);
    await field.flush();
    expect(uploadImage).toHaveBeenCalledTimes(1);
    expect(field.html()).toBe(
      vimeoFacade('<img src="/uploads/mine.jpg" alt="" /><span class="video-title">Vimeo video</span>') +
        '<p><br /></p>',
    );

    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    await field.flush();
    expect(field.html()).toBe(vimeoFacade('<span class="video-title">Vimeo video</span>') + '<p><br /></p>');
  });
});
