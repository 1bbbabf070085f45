/* eslint-disable no-script-url -- these tests feed dangerous addresses on purpose */
import { act, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderEditor } from '../testing/render-editor';
import { deferred } from '@blog/web/ui/testing';

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });
const file = (name: string, type: string) => new File(['x'], name, { type });

function paste(target: HTMLElement, files: File[], data: Record<string, string> = {}) {
  const event = createEvent.paste(target, {
    clipboardData: { files, types: [...Object.keys(data), 'Files'], getData: (type: string) => data[type] ?? '' },
  });
  fireEvent(target, event);
}

describe('image upload', () => {
  it('the image button takes any image type, shows the upload and inserts the image where the cursor was', async () => {
    const user = userEvent.setup();
    const upload = deferred<string>();
    const uploadImage = jest.fn(() => upload.promise);
    const field = renderEditor('<p>before after</p>', { uploadImage });
    await field.cursorAt('before ');
    const input = screen.getByTestId('rte-image-input');
    expect(input).toHaveAttribute('accept', 'image/*,.heic,.heif');
    await user.click(screen.getByRole('button', { name: 'Insert image' }));
    const image = png();
    await user.upload(input, image);
    expect(uploadImage).toHaveBeenCalledWith(image, expect.any(Function));
    expect(screen.getByRole('status')).toHaveTextContent('Uploading image…');

    await act(async () => upload.resolve('/uploads/abc.png'));
    await field.flush();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(field.html()).toBe('<p>before <img src="/uploads/abc.png" />after</p>');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('after an image at the end of a line, gives the text the focus back and typing goes on below the image', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>before</p>', { uploadImage: async () => '/uploads/abc.png' });
    await field.cursorAt('before');
    // From the keyboard: the focus is on the toolbar's button when the file is chosen.
    act(() => screen.getByRole('button', { name: 'Insert image' }).focus());
    await user.upload(screen.getByTestId('rte-image-input'), png());
    await waitFor(() => expect(field.editable()).toHaveFocus());
    await field.type('below');
    expect(field.html()).toBe('<p>before<img src="/uploads/abc.png" /></p><p>below</p>');
  });

  it('leaves the focus where the writer went while the image was uploading', async () => {
    const user = userEvent.setup();
    const upload = deferred<string>();
    const field = renderEditor('<p>before</p>', { uploadImage: () => upload.promise });
    const elsewhere = document.body.appendChild(document.createElement('input'));
    await field.cursorAt('before');
    await user.upload(screen.getByTestId('rte-image-input'), png());
    elsewhere.focus();
    await act(async () => upload.resolve('/uploads/abc.png'));
    await field.flush();
    expect(field.html()).toBe('<p>before<img src="/uploads/abc.png" /></p><p><br /></p>');
    expect(elsewhere).toHaveFocus();
    elsewhere.remove();
  });

  it('accepts a GIF or WebP from the button (drops and pastes take PNG and JPEG only)', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const uploadImage = jest.fn(async (f: File) => `/uploads/${f.name}`);
    const field = renderEditor('<p>x</p>', { uploadImage });
    await field.cursorAt('x');
    await user.upload(screen.getByTestId('rte-image-input'), [
      file('a.gif', 'image/gif'),
      file('b.webp', 'image/webp'),
    ]);
    await waitFor(() =>
      expect(field.html()).toBe(
        '<p>x<img src="/uploads/a.gif" /></p><p><img src="/uploads/b.webp" /></p><p><br /></p>',
      ),
    );
  });

  it('refuses a file that is not an image from the button', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const uploadImage = jest.fn();
    renderEditor('<p>x</p>', { uploadImage });
    await user.upload(screen.getByTestId('rte-image-input'), file('notes.pdf', 'application/pdf'));
    expect(uploadImage).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Only image files can be inserted.');
  });

  it('shows a clear message when the upload fails, and keeps the content', async () => {
    const user = userEvent.setup();
    const upload = deferred<string>();
    const field = renderEditor('<p>keep <strong>this</strong></p>', { uploadImage: () => upload.promise });
    await field.cursorAt('keep');
    await user.upload(screen.getByTestId('rte-image-input'), png());
    expect(screen.getByRole('status')).toHaveTextContent('Uploading image…');
    await act(async () => upload.reject(new Error('File too large')));
    await field.flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Image upload failed. photo.png: File too large');
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(field.onHtml).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox')).toHaveTextContent('keep this');
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses an address the image rule does not allow', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>x</p>', { uploadImage: async () => 'javascript:alert(1)' });
    await user.upload(screen.getByTestId('rte-image-input'), png());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('not allowed for images'));
    expect(field.onHtml).not.toHaveBeenCalled();
  });

  it('uploads PNG and JPEG files pasted into the text', async () => {
    const uploadImage = jest.fn(async (f: File) => `/uploads/${f.name}`);
    const field = renderEditor('<p>x</p>', { uploadImage });
    await field.cursorAt('x');
    paste(field.editable(), [file('a.png', 'image/png'), file('b.jpg', 'image/jpeg')]);
    await waitFor(() =>
      expect(field.html()).toBe('<p>x<img src="/uploads/a.png" /></p><p><img src="/uploads/b.jpg" /></p><p><br /></p>'),
    );
    expect(uploadImage).toHaveBeenCalledTimes(2);
  });

  it('refuses other file types pasted or dropped, with a message', async () => {
    const uploadImage = jest.fn();
    const field = renderEditor('<p>x</p>', { uploadImage });
    await field.cursorAt('x');
    paste(field.editable(), [file('anim.gif', 'image/gif')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only PNG, JPEG and HEIC images can be dropped or pasted (anim.gif was not added).',
    );
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it('uploads a PNG dropped on the text at the drop point, and refuses a dropped GIF', async () => {
    const uploadImage = jest.fn(async (f: File) => `/uploads/${f.name}`);
    const field = renderEditor('<p>drop here</p>', { uploadImage });
    // jsdom has no layout: the drop point is where the browser would say the pointer is.
    const strings = () => field.editable().querySelector('[data-slate-string]')?.firstChild as Text;
    const caret = document.createRange();
    caret.setStart(strings(), 4);
    Object.defineProperty(document, 'caretRangeFromPoint', { configurable: true, value: () => caret });
    try {
      const drop = (files: File[]) => {
        const target = strings().parentElement as HTMLElement;
        const event = createEvent.drop(target, { dataTransfer: { files, types: ['Files'], getData: () => '' } });
        // jsdom has no DragEvent: give the plain event its pointer position.
        Object.defineProperties(event, { clientX: { value: 10 }, clientY: { value: 10 } });
        fireEvent(target, event);
      };
      drop([file('a.png', 'image/png')]);
      await waitFor(() => expect(field.html()).toBe('<p>drop<img src="/uploads/a.png" /> here</p>'));
      drop([file('b.gif', 'image/gif')]);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Only PNG, JPEG and HEIC images can be dropped or pasted (b.gif was not added).',
      );
      expect(uploadImage).toHaveBeenCalledTimes(1);
    } finally {
      delete (document as { caretRangeFromPoint?: unknown }).caretRangeFromPoint;
    }
  });

  it('says when images cannot be uploaded at all', async () => {
    const field = renderEditor('<p>x</p>');
    await field.cursorAt('x');
    paste(field.editable(), [png()]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Images cannot be uploaded here.');
  });

  it('uploads several files chosen at once two at a time, each with its own progress bar and its own error', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const sent: Array<{
      name: string;
      progress: (fraction: number) => void;
      result: ReturnType<typeof deferred<string>>;
    }> = [];
    const uploadImage = jest.fn((f: File, onProgress?: (fraction: number) => void) => {
      const result = deferred<string>();
      sent.push({ name: f.name, progress: onProgress ?? (() => undefined), result });
      return result.promise;
    });
    const field = renderEditor('<p>trip</p>', { uploadImage });
    await field.cursorAt('trip');
    await user.upload(screen.getByTestId('rte-image-input'), [
      file('IMG_0001.HEIC', ''),
      file('IMG_0002.jpg', 'image/jpeg'),
      file('huge.jpg', 'image/jpeg'),
    ]);
    const list = screen.getByRole('list', { name: 'Image uploads' });
    const row = (name: string) => within(list).getByText(name).closest('li') as HTMLElement;
    // A HEIC photo without a MIME type is taken by its extension; the third waits its turn.
    expect(sent.map((upload) => upload.name)).toEqual(['IMG_0001.HEIC', 'IMG_0002.jpg']);
    expect(within(row('huge.jpg')).getByText('waiting')).toBeInTheDocument();

    act(() => sent[0].progress(0.25));
    act(() => sent[1].progress(1));
    expect(screen.getByRole('progressbar', { name: 'Uploading IMG_0001.HEIC' })).toHaveAttribute('value', '0.25');
    expect(within(row('IMG_0001.HEIC')).getByText('25%')).toBeInTheDocument();
    expect(within(row('IMG_0002.jpg')).getByText('processing…')).toBeInTheDocument();

    await act(async () => sent[1].result.resolve('/uploads/b.jpg'));
    // The second's turn passed to the third, which fails; the first goes on.
    expect(sent.map((upload) => upload.name)).toEqual(['IMG_0001.HEIC', 'IMG_0002.jpg', 'huge.jpg']);
    await act(async () => sent[2].result.reject(new Error('The image must be at most 50 MB')));
    expect(within(row('huge.jpg')).getByText('not added: The image must be at most 50 MB')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Uploading huge.jpg' })).not.toBeInTheDocument();
    await act(async () => sent[0].result.resolve('/uploads/a.jpg'));
    await field.flush();

    // The two that made it are in the text, in the order chosen; the failed one is named with its reason.
    expect(field.html()).toBe(
      '<p>trip<img src="/uploads/a.jpg" /></p><p><img src="/uploads/b.jpg" /></p><p><br /></p>',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Image upload failed. huge.jpg: The image must be at most 50 MB',
    );
    expect(within(list).queryByText('IMG_0001.HEIC')).not.toBeInTheDocument();
    expect(within(list).getByText('huge.jpg')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('list', { name: 'Image uploads' })).not.toBeInTheDocument();
  });

  it('counts several uploads in progress', async () => {
    const user = userEvent.setup();
    const upload = deferred<string>();
    renderEditor('<p>x</p>', { uploadImage: () => upload.promise });
    await user.upload(screen.getByTestId('rte-image-input'), [png(), file('b.jpg', 'image/jpeg')]);
    expect(screen.getByRole('status')).toHaveTextContent('Uploading 2 images…');
    await act(async () => upload.resolve('/uploads/x.png'));
  });
});
