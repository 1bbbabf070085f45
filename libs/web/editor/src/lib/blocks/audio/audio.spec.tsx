import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred } from '@blog/web/ui/testing';
import { sanitizeRichText } from '@blog/shared/html';
import { renderEditor } from '../../testing/render-editor';
import { htmlToSlate } from '../../serialization/html-to-slate';
import { slateToHtml } from '../../serialization/slate-to-html';
import { matchingItems } from '../../toolbar/slash-menu';

const clip = (name: string) => new File([new Uint8Array([0x49, 0x44, 0x33])], name, { type: 'audio/mpeg' });
const figure = (src: string, caption = '') =>
  `<figure class="audio"><audio controls preload="none" src="${src}"></audio>` +
  (caption ? `<figcaption>${caption}</figcaption>` : '') +
  '</figure>';

describe('audio block', () => {
  it('is inserted from the toolbar: the file uploaded with its progress, then the player where the caret was, with a caption', async () => {
    const user = userEvent.setup();
    const upload = deferred<string>();
    let report: ((fraction: number) => void) | undefined;
    const uploadAudio = jest.fn((_file: File, onProgress?: (fraction: number) => void) => {
      report = onProgress;
      return upload.promise;
    });
    const onBusyChange = jest.fn();
    const field = renderEditor('<p>Bài 1</p><p>Hết</p>', { uploadAudio, onBusyChange });
    await field.cursorAt('Bài 1');
    expect(screen.getByRole('button', { name: 'Audio clip (MP3, M4A, OGG or WAV)' })).toBeInTheDocument();
    await user.upload(screen.getByTestId('rte-audio-input'), clip('lesson.mp3'));
    expect(uploadAudio).toHaveBeenCalledWith(expect.objectContaining({ name: 'lesson.mp3' }), expect.any(Function));
    expect(screen.getByRole('status')).toHaveTextContent('Uploading audio…');
    expect(onBusyChange).toHaveBeenLastCalledWith(true);
    await act(async () => report?.(0.5));
    expect(screen.getByRole('progressbar', { name: 'Uploading lesson.mp3' })).toHaveAttribute('value', '0.5');
    expect(screen.getByRole('list', { name: 'Audio uploads' })).toHaveTextContent('50%');

    await act(async () => upload.resolve('/uploads/0b6f.mp3'));
    await field.flush();
    expect(field.html()).toBe(`<p>Bài 1</p>${figure('/uploads/0b6f.mp3')}<p>Hết</p>`);
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('list', { name: 'Audio uploads' })).not.toBeInTheDocument();
    // The player in the editor is the visitors' one: nothing loads before play.
    const player = document.querySelector('figure.rte-audio audio');
    expect(player).toHaveAttribute('preload', 'none');
    expect(player).toHaveAttribute('controls');

    await user.type(screen.getByRole('textbox', { name: 'Audio caption' }), 'Nghe & nhắc lại');
    await field.flush();
    const html = `<p>Bài 1</p>${figure('/uploads/0b6f.mp3', 'Nghe &amp; nhắc lại')}<p>Hết</p>`;
    expect(field.html()).toBe(html);
    // What the editor writes is what the policy keeps, and reads back the same.
    expect(sanitizeRichText(html)).toBe(html);
    expect(slateToHtml(htmlToSlate(html))).toBe(html);
  });

  it('says why an upload failed, changing nothing in the text, until dismissed', async () => {
    const user = userEvent.setup();
    const uploadAudio = jest.fn(() => Promise.reject(new Error('Only MP3, M4A, OGG or WAV audio files are accepted')));
    const onBusyChange = jest.fn();
    const field = renderEditor('<p>Bài 1</p>', { uploadAudio, onBusyChange });
    await field.cursorAt('Bài 1');
    await user.upload(screen.getByTestId('rte-audio-input'), clip('song.flac'));
    await field.flush();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Audio upload failed. song.flac: Only MP3, M4A, OGG or WAV audio files are accepted',
    );
    expect(screen.getByRole('list', { name: 'Audio uploads' })).toHaveTextContent('song.flac');
    expect(field.editor().children).toEqual(htmlToSlate('<p>Bài 1</p>'));
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Audio uploads' })).not.toBeInTheDocument();
  });

  it('refuses an address the server gave that is not a clip of this site', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>x</p>', { uploadAudio: () => Promise.resolve('https://evil.example/a.mp3') });
    await field.cursorAt('x');
    await user.upload(screen.getByTestId('rte-audio-input'), clip('a.mp3'));
    await field.flush();
    expect(screen.getByRole('alert')).toHaveTextContent('not allowed for audio');
    expect(field.editor().children).toEqual(htmlToSlate('<p>x</p>'));
  });

  it('is offered by the slash menu ("audio", "âm thanh") only where clips can be uploaded', async () => {
    expect(matchingItems('audio').map((item) => item.key)).toEqual(['audio']);
    expect(matchingItems('am thanh').map((item) => item.key)).toEqual(['audio']);
    renderEditor('<p>x</p>');
    expect(screen.queryByRole('button', { name: /Audio clip/ })).not.toBeInTheDocument();
  });

  it('reads the players of imports and pastes: ours kept (a bare one too), any other dropped', () => {
    expect(slateToHtml(htmlToSlate('<p>a</p><audio src="/uploads/x.ogg" autoplay>old browser</audio><p>b</p>'))).toBe(
      `<p>a</p>${figure('/uploads/x.ogg')}<p>b</p>`,
    );
    expect(slateToHtml(htmlToSlate(`<p>a</p>${figure('https://evil.example/x.mp3', 'far')}`))).toBe(
      '<p>a</p><p>far</p>',
    );
    expect(slateToHtml([{ type: 'audio', url: '/uploads/a.png', children: [{ text: '' }] }])).toBe('');
  });
});

describe('a vocabulary word’s pronunciation', () => {
  it('is uploaded from the entry, played beside the word, removed, and read back', async () => {
    const user = userEvent.setup();
    const upload = deferred<string>();
    const uploadAudio = jest.fn(() => upload.promise);
    const field = renderEditor('<p>Bài 1</p>', { uploadAudio });
    await field.cursorAt('Bài 1');
    await user.click(screen.getByRole('button', { name: 'Vocabulary' }));
    await user.type(screen.getByRole('textbox', { name: 'Word 1' }), 'cat');
    await user.click(screen.getByRole('button', { name: 'Add pronunciation 1' }));
    await user.upload(screen.getByTestId('rte-pronunciation-input'), clip('cat.mp3'));
    expect(screen.getByRole('status')).toHaveTextContent('Uploading audio…');
    await act(async () => upload.resolve('/uploads/cat.mp3'));
    await field.flush();
    const html =
      '<p>Bài 1</p><dl class="vocabulary"><div class="vocabulary-entry"><dt><span class="vocabulary-word" lang="en">cat</span> ' +
      '<audio class="vocabulary-audio" controls preload="none" src="/uploads/cat.mp3" aria-label="Pronunciation of cat"></audio></dt></div></dl><p><br /></p>';
    expect(field.html()).toBe(html);
    expect(screen.getByLabelText('Pronunciation of cat')).toHaveAttribute('preload', 'none');
    expect(sanitizeRichText(html)).toBe(html);
    expect(slateToHtml(htmlToSlate(html))).toBe(html);

    await user.click(screen.getByRole('button', { name: 'Remove pronunciation 1' }));
    await field.flush();
    expect(field.html()).toContain('<dt><span class="vocabulary-word" lang="en">cat</span></dt>');
  });

  it('is not offered where audio cannot be uploaded', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>x</p>');
    await field.cursorAt('x');
    await user.click(screen.getByRole('button', { name: 'Vocabulary' }));
    expect(screen.queryByRole('button', { name: /Add pronunciation/ })).not.toBeInTheDocument();
  });
});
