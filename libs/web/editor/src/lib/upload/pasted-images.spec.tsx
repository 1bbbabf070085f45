import { act, createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderEditor } from '../testing/render-editor';
import { HistoryEditor } from 'slate-history';
import { cursorAt, editorWith, htmlOf } from '../testing/editor-fixtures';
import {
  claimPastedImages,
  dataUrlToFile,
  isOwnUpload,
  setPastedImagesHandler,
  settlePastedImage,
  type PastedImageJob,
} from '../plugins/pasted-images';
import { htmlToSlate } from '../serialization/html-to-slate';
import { deferred } from '@blog/web/ui/testing';

/** A 1×1 PNG as a data: URL. */
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const file = (name: string, type = 'image/png') => new File(['x'], name, { type });

function pasteHtml(target: HTMLElement, html: string, files: File[] = []) {
  const types = ['text/html', ...(files.length > 0 ? ['Files'] : [])];
  const event = createEvent.paste(target, {
    clipboardData: { files, types, getData: (type: string) => (type === 'text/html' ? html : '') },
  });
  fireEvent(target, event);
}

describe('claimPastedImages', () => {
  it('uploads data: images, imports remote ones, keeps this site’s own and matches Word’s files in order', () => {
    const fragment = htmlToSlate(
      `<p><img src="${PNG_DATA_URL}"><img src="https://lh3.googleusercontent.com/a.png"><img src="/uploads/mine.png">` +
        '<img src="file:///C:/Temp/clip_image001.png"><img src="cid:image002.jpg"></p>',
      { keepUnloadableImages: true },
    );
    const first = file('first.png');
    const second = file('second.jpg', 'image/jpeg');
    const jobs = claimPastedImages(fragment, [first, second]);
    expect(jobs.map((job) => job.kind)).toEqual(['upload', 'import', 'upload', 'upload']);
    expect(jobs[0]).toMatchObject({ kind: 'upload', file: expect.objectContaining({ type: 'image/png' }) });
    expect(jobs[1]).toMatchObject({ kind: 'import', url: 'https://lh3.googleusercontent.com/a.png' });
    expect(jobs[2]).toMatchObject({ file: first });
    expect(jobs[3]).toMatchObject({ file: second });
  });

  it('reports Word’s images when the clipboard files cannot be matched to them (a different number)', () => {
    const fragment = htmlToSlate('<p><img src="file:///C:/a.png">text<img src="file:///C:/b.png"></p>', {
      keepUnloadableImages: true,
    });
    expect(claimPastedImages(fragment, [file('picture-of-the-selection.png')]).map((job) => job.kind)).toEqual([
      'unreadable',
      'unreadable',
    ]);
  });

  it('turns a data: URL into a file of its type', () => {
    const made = dataUrlToFile(PNG_DATA_URL, 'pasted');
    expect(made).toMatchObject({ name: 'pasted.png', type: 'image/png' });
    // The decoded bytes (jsdom's File cannot be read back here: its size tells).
    expect(made?.size).toBe(atob(PNG_DATA_URL.split(',')[1]).length);
    expect(dataUrlToFile('data:text/plain;base64,aGVsbG8=', 'x')).toBeNull();
  });

  it('knows this site’s uploads', () => {
    expect(isOwnUpload('/uploads/a.png')).toBe(true);
    expect(isOwnUpload(`${window.location.origin}/uploads/a.png`)).toBe(true);
    expect(isOwnUpload('https://elsewhere.example/uploads/a.png')).toBe(false);
  });
});

describe('settlePastedImage', () => {
  it('keeps an image settled when undo brings back its pending version; the next undo takes the paste back', async () => {
    let clock = 0;
    const editor = editorWith('<p>x</p>', { history: { now: () => clock } });
    cursorAt(editor, 'x');
    let jobs: PastedImageJob[] = [];
    setPastedImagesHandler(editor, (claimed) => (jobs = claimed));
    const html = '<p><img src="https://elsewhere.example/photo.jpg"></p>';
    editor.insertData({
      types: ['text/html'],
      files: [],
      getData: (type: string) => (type === 'text/html' ? html : ''),
    } as unknown as DataTransfer);
    expect(htmlOf(editor)).toBe('<p>x</p>');
    // The import ends a while later (another change, after a pause): its own undo step.
    await Promise.resolve();
    clock += 5000;
    HistoryEditor.withoutMerging(editor, () =>
      expect(settlePastedImage(editor, jobs[0].id, '/uploads/photo.jpg')).toBe(true),
    );
    expect(htmlOf(editor)).toBe('<p>x<img src="/uploads/photo.jpg" /></p>');

    editor.undo();
    // Not the remote image again, pending for an import that is over.
    expect(htmlOf(editor)).toBe('<p>x<img src="/uploads/photo.jpg" /></p>');
    editor.undo();
    expect(htmlOf(editor)).toBe('<p>x</p>');
    editor.redo();
    expect(htmlOf(editor)).toBe('<p>x<img src="/uploads/photo.jpg" /></p>');
  });

  it('removes a failed image, and again when undo brings it back', async () => {
    let clock = 0;
    const editor = editorWith('<p>x</p>', { history: { now: () => clock } });
    cursorAt(editor, 'x');
    let jobs: PastedImageJob[] = [];
    setPastedImagesHandler(editor, (claimed) => (jobs = claimed));
    const html = '<p>a<img src="https://elsewhere.example/photo.jpg">b</p>';
    editor.insertData({
      types: ['text/html'],
      files: [],
      getData: (type: string) => (type === 'text/html' ? html : ''),
    } as unknown as DataTransfer);
    await Promise.resolve();
    clock += 5000;
    HistoryEditor.withoutMerging(editor, () => settlePastedImage(editor, jobs[0].id, null));
    expect(htmlOf(editor)).toBe('<p>xab</p>');
    editor.undo();
    expect(editor.children).toEqual([{ type: 'paragraph', children: [{ text: 'xab' }] }]);
  });
});

describe('pasted images in the editor', () => {
  it('uploads a pasted data: image as a file and saves it only once it is on this site', async () => {
    const upload = deferred<string>();
    const uploadImage = jest.fn((_file: File) => upload.promise);
    const onBusyChange = jest.fn();
    const field = renderEditor('<p>x</p>', { uploadImage, onBusyChange });
    await field.cursorAt('x');
    pasteHtml(field.editable(), `<p>a<img src="${PNG_DATA_URL}">b</p>`);
    await waitFor(() => expect(uploadImage).toHaveBeenCalledTimes(1));
    expect(uploadImage.mock.calls[0][0]).toBeInstanceOf(File);
    expect(uploadImage.mock.calls[0][0].type).toBe('image/png');
    expect(screen.getByRole('status')).toHaveTextContent('Uploading image…');
    expect(onBusyChange).toHaveBeenLastCalledWith(true);
    // Meanwhile the HTML has no base64 image.
    expect(field.html()).toBe('<p>xab</p>');

    await act(async () => upload.resolve('/uploads/pasted.png'));
    await waitFor(() => expect(field.html()).toBe('<p>xa<img src="/uploads/pasted.png" />b</p>'));
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('has the server import a remote image, leaves this site’s own as it is', async () => {
    const importImage = jest.fn(async (_url: string) => '/uploads/imported.png');
    const field = renderEditor('<p>x</p>', { uploadImage: jest.fn(), importImage });
    await field.cursorAt('x');
    pasteHtml(
      field.editable(),
      '<p><img src="https://lh3.googleusercontent.com/photo.jpg"><img src="/uploads/mine.png"></p>',
    );
    await waitFor(() =>
      expect(field.html()).toBe('<p>x<img src="/uploads/imported.png" /><img src="/uploads/mine.png" /></p>'),
    );
    expect(importImage).toHaveBeenCalledTimes(1);
    expect(importImage).toHaveBeenCalledWith('https://lh3.googleusercontent.com/photo.jpg');
  });

  it('removes what cannot be imported and says which image and why', async () => {
    const importImage = jest.fn(async (url: string) => {
      if (url.includes('private')) throw new Error('The image could not be imported: 10.0.0.1 is not a public address');
      return '/uploads/ok.png';
    });
    const field = renderEditor('<p>x</p>', { uploadImage: jest.fn(), importImage });
    await field.cursorAt('x');
    pasteHtml(
      field.editable(),
      '<p><img src="http://private.example/a.png">kept<img src="https://public.example/b.png"></p>',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A pasted image was not added (removed from the text). http://private.example/a.png: The image could not be imported: 10.0.0.1 is not a public address',
    );
    await waitFor(() => expect(field.html()).toBe('<p>xkept<img src="/uploads/ok.png" /></p>'));
  });

  it('puts Word’s clipboard files in place of its file: images, in order', async () => {
    const uploadImage = jest.fn(async (f: File) => `/uploads/${f.name}`);
    const field = renderEditor('<p>x</p>', { uploadImage });
    await field.cursorAt('x');
    pasteHtml(
      field.editable(),
      '<p>one<img src="file:///C:/Temp/clip_image001.png">two<img src="file:///C:/Temp/clip_image002.jpg"></p>',
      [file('image1.png'), file('image2.jpg', 'image/jpeg')],
    );
    await waitFor(() =>
      expect(field.html()).toBe('<p>xone<img src="/uploads/image1.png" />two<img src="/uploads/image2.jpg" /></p>'),
    );
  });

  it('reports Word’s images that the clipboard does not carry, instead of dropping them silently', async () => {
    const uploadImage = jest.fn();
    const field = renderEditor('<p>x</p>', { uploadImage });
    await field.cursorAt('x');
    pasteHtml(field.editable(), '<p>text<img src="file:///C:/Temp/clip_image001.png"></p>');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'an image from the clipboard: it could not be read from the clipboard',
    );
    expect(uploadImage).not.toHaveBeenCalled();
    await waitFor(() => expect(field.html()).toBe('<p>xtext</p>'));
  });
});

describe('Insert image from a URL', () => {
  it('imports the image by the server and inserts it where the cursor was', async () => {
    const user = userEvent.setup();
    const imported = deferred<string>();
    const importImage = jest.fn((_url: string) => imported.promise);
    const field = renderEditor('<p>before after</p>', { uploadImage: jest.fn(), importImage });
    await field.cursorAt('before ');
    await user.click(screen.getByRole('button', { name: 'Insert image' }));
    await user.click(screen.getByRole('menuitem', { name: 'From a URL' }));
    const dialog = screen.getByRole('dialog', { name: 'Insert image from a URL' });
    await user.type(screen.getByLabelText('Image URL'), 'example.com/photo.jpg{Enter}');
    expect(dialog).not.toBeInTheDocument();
    expect(importImage).toHaveBeenCalledWith('https://example.com/photo.jpg');
    expect(screen.getByRole('status')).toHaveTextContent('Importing image…');
    await act(async () => imported.resolve('/uploads/photo.jpg'));
    await waitFor(() => expect(field.html()).toBe('<p>before <img src="/uploads/photo.jpg" />after</p>'));
  });

  it('inserts an image of this site as it is, and reports a failed import', async () => {
    const user = userEvent.setup();
    const importImage = jest.fn(async () => {
      throw new Error('example.com answered text/html, not an image');
    });
    const field = renderEditor('<p>x</p>', { uploadImage: jest.fn(), importImage });
    await field.cursorAt('x');
    await user.click(screen.getByRole('button', { name: 'Insert image' }));
    await user.click(screen.getByRole('menuitem', { name: 'From a URL' }));
    await user.type(screen.getByLabelText('Image URL'), '/uploads/mine.png');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(field.html()).toBe('<p>x<img src="/uploads/mine.png" /></p><p><br /></p>'));
    expect(importImage).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Insert image' }));
    await user.click(screen.getByRole('menuitem', { name: 'From a URL' }));
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/page{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The image was not added. https://example.com/page: example.com answered text/html, not an image',
    );
  });

  it('offers the file upload from the same menu', async () => {
    const user = userEvent.setup();
    renderEditor('<p>x</p>', { uploadImage: jest.fn() });
    const input = screen.getByTestId('rte-image-input');
    const click = jest.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: 'Insert image' }));
    await user.click(screen.getByRole('menuitem', { name: 'Upload from computer' }));
    expect(click).toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('moves through the menu with the arrow keys and closes it with Escape, the focus back on the button', async () => {
    const user = userEvent.setup();
    renderEditor('<p>x</p>', { uploadImage: jest.fn() });
    await user.click(screen.getByRole('button', { name: 'Insert image' }));
    expect(screen.getByRole('menuitem', { name: 'Upload from computer' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Gallery from computer' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'From a URL' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Upload from computer' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'From a URL' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Insert image' })).toHaveFocus();
  });
});
