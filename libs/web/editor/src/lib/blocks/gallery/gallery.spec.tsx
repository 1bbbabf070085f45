import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred } from '@blog/web/ui/testing';
import { renderEditor } from '../../testing/render-editor';
import { htmlToSlate } from '../../serialization/html-to-slate';
import { slateToHtml } from '../../serialization/slate-to-html';

const photo = (name: string) => new File([new Uint8Array([255, 216, 255])], name, { type: 'image/jpeg' });
const item = (url: string, alt: string, caption = '') =>
  `<figure class="gallery-item"><a href="${url}"><img src="${url}" alt="${alt}" /></a>` +
  (caption ? `<figcaption>${caption}</figcaption>` : '') +
  '</figure>';

describe('gallery block', () => {
  it('is made of the photos chosen (uploaded with their progress), written, ordered, added to and removed', async () => {
    const user = userEvent.setup();
    const uploads = [deferred<string>(), deferred<string>(), deferred<string>()];
    let call = 0;
    const uploadImage = jest.fn(() => uploads[call++].promise);
    const field = renderEditor('<p>Sa Pa</p>', { uploadImage });
    await field.cursorAt('Sa Pa');
    await user.upload(screen.getByTestId('rte-gallery-input'), [photo('a.jpg'), photo('b.jpg')]);
    expect(screen.getByRole('status')).toHaveTextContent('Uploading 2 images…');
    await act(async () => {
      uploads[0].resolve('/uploads/a.jpg');
      uploads[1].resolve('/uploads/b.jpg');
    });
    await field.flush();
    expect(field.html()).toBe(
      `<p>Sa Pa</p><div class="gallery">${item('/uploads/a.jpg', '')}${item('/uploads/b.jpg', '')}</div><p><br /></p>`,
    );

    await user.type(screen.getByRole('textbox', { name: 'Alt text 1' }), 'Ruộng bậc thang');
    await user.type(screen.getByRole('textbox', { name: 'Caption 2' }), 'Chợ tình');
    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    await user.upload(screen.getByTestId('rte-gallery-add-input'), [photo('c.jpg')]);
    await act(async () => uploads[2].resolve('/uploads/c.jpg'));
    await field.flush();
    const html =
      '<p>Sa Pa</p><div class="gallery">' +
      item('/uploads/b.jpg', '', 'Chợ tình') +
      item('/uploads/a.jpg', 'Ruộng bậc thang') +
      item('/uploads/c.jpg', '') +
      '</div><p><br /></p>';
    expect(field.html()).toBe(html);
    expect(slateToHtml(htmlToSlate(html))).toBe(html);

    for (const n of [3, 2, 1]) await user.click(screen.getByRole('button', { name: `Remove photo ${n}` }));
    await field.flush();
    expect(field.html()).toBe('<p>Sa Pa</p><p><br /></p>');
  });

  it('reports the photos that could not be uploaded and makes the gallery of the others', async () => {
    const user = userEvent.setup();
    const uploadImage = jest.fn((file: File) =>
      file.name === 'bad.jpg' ? Promise.reject(new Error('too large')) : Promise.resolve('/uploads/ok.jpg'),
    );
    const field = renderEditor('<p><br /></p>', { uploadImage });
    await field.cursorAt('');
    await user.upload(screen.getByTestId('rte-gallery-input'), [photo('ok.jpg'), photo('bad.jpg')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Image upload failed. bad.jpg: too large');
    await field.flush();
    expect(field.html()).toBe(`<div class="gallery">${item('/uploads/ok.jpg', '')}</div><p><br /></p>`);
  });
});
