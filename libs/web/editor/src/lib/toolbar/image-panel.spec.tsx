import { act, createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Editor, Transforms, type Path } from 'slate';
import { ALT_TEXT_HINT, MISSING_ALT_TEXT_HINT } from '@blog/contracts';
import { removeImage, selectedImage, setImageAlt, setImageCaption } from '../commands/image-details';
import { isImageOrFigure } from '../nodes';
import { htmlToSlate } from '../serialization/html-to-slate';
import { editorWith, htmlOf } from '../testing/editor-fixtures';
import { renderEditor } from '../testing/render-editor';
import type { CustomEditor } from '../custom-types';

const IMG = '<img src="/uploads/a.png" />';
const FIGURE = (caption: string) => `<figure>${IMG}<figcaption>${caption}</figcaption></figure>`;

/** The path of the first image (inline or figure) of the document. */
function imagePath(editor: CustomEditor): Path {
  const [entry] = Editor.nodes(editor, { at: [], match: isImageOrFigure, voids: true });
  if (!entry) throw new Error('no image');
  return entry[1];
}

function pasteHtml(target: HTMLElement, html: string) {
  const event = createEvent.paste(target, {
    clipboardData: { files: [], types: ['text/html'], getData: (type: string) => (type === 'text/html' ? html : '') },
  });
  fireEvent(target, event);
}

describe('image alt text and caption commands', () => {
  it('sets the alt text, and removes it when blank', () => {
    const editor = editorWith(`<p>a${IMG}b</p>`);
    setImageAlt(editor, imagePath(editor), 'Lanterns & "rain"');
    expect(htmlOf(editor)).toBe('<p>a<img src="/uploads/a.png" alt="Lanterns &amp; &quot;rain&quot;" />b</p>');
    setImageAlt(editor, imagePath(editor), '  ');
    expect(htmlOf(editor)).toBe(`<p>a${IMG}b</p>`);
  });

  it.each([
    [
      'in the middle of a line: the line is split around it',
      `<p>before${IMG}after</p>`,
      `<p>before</p>${FIGURE('Cap')}<p>after</p>`,
    ],
    ['alone in its line: the line goes', `<p>${IMG}</p><p>next</p>`, `${FIGURE('Cap')}<p>next</p>`],
    [
      'ending the document: an empty line stays below it',
      `<p>text</p><p>${IMG}</p>`,
      `<p>text</p>${FIGURE('Cap')}<p><br /></p>`,
    ],
    [
      'in a list item: the list is split',
      `<ul><li>one</li><li>two${IMG}</li><li>three</li></ul>`,
      `<ul><li>one</li><li>two</li></ul>${FIGURE('Cap')}<ul><li>three</li></ul>`,
    ],
  ])('makes an image given a caption a figure, %s', (_case, html, expected) => {
    const editor = editorWith(html);
    const path = setImageCaption(editor, imagePath(editor), 'Cap');
    expect(htmlOf(editor)).toBe(expected);
    expect(path).toEqual(imagePath(editor));
    // The figure stays selected, so its panel stays open.
    expect(selectedImage(editor)?.[1]).toEqual(path);
  });

  it('edits and clears a figure caption in place, keeping the figure; an inline image with a blank caption stays inline', () => {
    const editor = editorWith(`<p>x</p>${FIGURE('Old')}`);
    setImageCaption(editor, imagePath(editor), 'New & <better>');
    expect(htmlOf(editor)).toBe(`<p>x</p>${FIGURE('New &amp; &lt;better&gt;')}`);
    setImageCaption(editor, imagePath(editor), '');
    expect(htmlOf(editor)).toBe(`<p>x</p><figure>${IMG}</figure>`);
    const inline = editorWith(`<p>a${IMG}b</p>`);
    setImageCaption(inline, imagePath(inline), '   ');
    expect(htmlOf(inline)).toBe(`<p>a${IMG}b</p>`);
  });

  it('removes an image or a figure', () => {
    const editor = editorWith(`<p>a${IMG}b</p>${FIGURE('Cap')}`);
    removeImage(editor, imagePath(editor));
    removeImage(editor, imagePath(editor));
    expect(htmlOf(editor)).toBe('<p>ab</p>');
  });

  it('reads a figure from another site as a figure with its caption in plain text', () => {
    const [figure] = htmlToSlate(
      '<figure class="wp-block-image"><a href="/big.jpg"><img src="https://cdn.example/x.jpg" alt="A boat" width="1200" height="800"></a>' +
        '<figcaption>  A <strong>boat</strong>\n at dawn </figcaption></figure>',
    );
    expect(figure).toEqual({
      type: 'figure',
      url: 'https://cdn.example/x.jpg',
      alt: 'A boat',
      width: 1200,
      height: 800,
      caption: 'A boat at dawn',
      children: [{ text: '' }],
    });
  });

  it('keeps a figure at the top level: out of a list it splits the list', () => {
    const editor = editorWith('<p>x</p>');
    Transforms.insertNodes(
      editor,
      {
        type: 'bulleted-list',
        children: [
          { type: 'list-item', children: [{ text: 'a' }] },
          { type: 'list-item', children: [{ text: 'b' }] },
        ],
      },
      { at: [1] },
    );
    Transforms.insertNodes(
      editor,
      { type: 'figure', url: '/uploads/a.png', caption: 'c', children: [{ text: '' }] },
      { at: [1, 1] },
    );
    expect(htmlOf(editor)).toBe(`<p>x</p><ul><li>a</li></ul>${FIGURE('c')}<ul><li>b</li></ul>`);
  });

  it('opens a line below a selected figure on Enter', () => {
    const editor = editorWith(FIGURE('Cap'));
    Transforms.select(editor, Editor.start(editor, [0]));
    editor.insertBreak();
    Editor.insertText(editor, 'more');
    expect(htmlOf(editor)).toBe(`${FIGURE('Cap')}<p>more</p>`);
  });
});

describe('the image panel', () => {
  const selectImage = (editor: CustomEditor) =>
    act(async () => {
      Transforms.select(editor, Editor.start(editor, imagePath(editor)));
    });

  it('opens on a selected image with labelled alt text and caption fields, a hint, and a warning while there is no alt text', async () => {
    const user = userEvent.setup();
    const field = renderEditor(`<p>a${IMG}b</p>`);
    expect(screen.queryByRole('dialog', { name: 'Image details' })).not.toBeInTheDocument();
    await selectImage(field.editor());
    const panel = await screen.findByRole('dialog', { name: 'Image details' });
    const alt = screen.getByLabelText('Alt text');
    expect(alt).toHaveAccessibleDescription(`${MISSING_ALT_TEXT_HINT} ${ALT_TEXT_HINT}`);
    expect(panel).toHaveTextContent(MISSING_ALT_TEXT_HINT);

    await user.type(alt, 'Lanterns');
    await waitFor(() => expect(field.html()).toBe('<p>a<img src="/uploads/a.png" alt="Lanterns" />b</p>'));
    expect(panel).not.toHaveTextContent(MISSING_ALT_TEXT_HINT);

    const caption = screen.getByLabelText('Caption');
    await user.type(caption, 'Hội An at night');
    await waitFor(() =>
      expect(field.html()).toBe(
        '<p>a</p><figure><img src="/uploads/a.png" alt="Lanterns" /><figcaption>Hội An at night</figcaption></figure><p>b</p>',
      ),
    );
    // The panel followed the image into its figure, with what was typed.
    expect(screen.getByLabelText('Caption')).toHaveValue('Hội An at night');
    expect(screen.getByLabelText('Caption')).toHaveFocus();
  });

  it('is reached with Tab from a selected image; Escape closes it and gives the focus back to the text, after the image', async () => {
    const user = userEvent.setup();
    const field = renderEditor(`<p>a${IMG}b</p>`);
    await selectImage(field.editor());
    screen.getByRole('textbox', { name: 'Content' }).focus();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Content' }), { key: 'Tab' });
    await waitFor(() => expect(screen.getByLabelText('Alt text')).toHaveFocus());
    await user.keyboard('Map{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Image details' })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveFocus();
    expect(field.html()).toBe('<p>a<img src="/uploads/a.png" alt="Map" />b</p>');
    expect(selectedImage(field.editor())).toBeNull();
    expect(field.editor().selection?.anchor).toEqual({ path: [0, 2], offset: 0 });
  });

  it('never submits the page form: Enter in a field closes the panel, Done and Remove image are plain buttons', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const field = renderEditor(`<p>a${IMG}b</p><p>c${IMG}d</p>`, {}, ({ children }) => (
      <form onSubmit={onSubmit}>{children}</form>
    ));
    await selectImage(field.editor());
    await user.type(await screen.findByLabelText('Caption'), 'Cap{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Image details' })).not.toBeInTheDocument());
    await selectImage(field.editor());
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Image details' })).not.toBeInTheDocument());
    await selectImage(field.editor());
    await user.click(await screen.findByRole('button', { name: 'Remove image' }));
    // The captioned first image split its line; removing it leaves the line's two halves.
    await waitFor(() => expect(field.html()).toBe(`<p>a</p><p>b</p><p>c${IMG}d</p>`));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the image and caption of a pasted figure from another site, imported to this site', async () => {
    const importImage = jest.fn(async (_url: string) => '/uploads/imported.jpg');
    const field = renderEditor('<p>x</p>', { uploadImage: jest.fn(), importImage });
    await field.cursorAt('x');
    pasteHtml(
      screen.getByRole('textbox', { name: 'Content' }),
      '<figure><img src="https://cdn.example/boat.jpg" alt="A boat"><figcaption>At dawn</figcaption></figure>',
    );
    await waitFor(() =>
      expect(field.html()).toContain(
        '<figure><img src="/uploads/imported.jpg" alt="A boat" /><figcaption>At dawn</figcaption></figure>',
      ),
    );
    expect(importImage).toHaveBeenCalledWith('https://cdn.example/boat.jpg');
  });
});
