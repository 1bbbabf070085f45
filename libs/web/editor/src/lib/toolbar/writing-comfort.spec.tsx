import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Editor, Transforms } from 'slate';
import { renderEditor } from '../testing/render-editor';
import { matchingItems } from './slash-menu';

const editable = () => screen.getByRole('textbox', { name: 'Content' });
/** `/` as typed: its key press (which opens the menu), then the character. */
async function typeSlash(field: ReturnType<typeof renderEditor>, after = '') {
  fireEvent.keyDown(editable(), { key: '/' });
  await field.type(`/${after}`);
}

describe('slash menu', () => {
  it('opens on an empty line, filters as one types (accents aside), and inserts with Enter in place of the /…', async () => {
    const field = renderEditor('<p>Intro</p><p><br /></p>');
    await act(async () => Transforms.select(field.editor(), Editor.start(field.editor(), [1])));
    await typeSlash(field);
    const menu = screen.getByRole('listbox', { name: 'Insert a block' });
    expect(
      within(menu)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toContain('Poem');
    expect(editable()).toHaveAttribute('aria-activedescendant', within(menu).getAllByRole('option')[0].id);

    await field.type('bang');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Table']);
    fireEvent.keyDown(editable(), { key: 'Enter' });
    await field.flush();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field.html()).toMatch(
      /^<p>Intro<\/p><div class="table-scroll" tabindex="0"><table><thead><tr><th scope="col">/,
    );
    expect(field.html()).not.toContain('/bang');
  });

  it('moves with the arrow keys, picks with a click, and closes with Escape leaving the text', async () => {
    const field = renderEditor('<p><br /></p>');
    await field.cursorAt('');
    await typeSlash(field, 'h');
    const options = () => within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(editable(), { key: 'ArrowDown' });
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(editable(), { key: 'ArrowUp' });
    fireEvent.keyDown(editable(), { key: 'ArrowUp' });
    expect(options().at(-1)).toHaveAttribute('aria-selected', 'true');
    fireEvent.mouseDown(within(screen.getByRole('listbox')).getByRole('option', { name: 'Heading 3' }));
    await field.type('Ngữ pháp');
    expect(field.html()).toBe('<h3>Ngữ pháp</h3>');

    const other = renderEditor('<p><br /></p>');
    await other.cursorAt('');
    fireEvent.keyDown(screen.getAllByRole('textbox', { name: 'Content' })[1], { key: '/' });
    await other.type('/x');
    expect(screen.getByText('No block matches “x”.')).toBeInTheDocument();
    fireEvent.keyDown(screen.getAllByRole('textbox', { name: 'Content' })[1], { key: 'Escape' });
    expect(screen.queryByText(/No block matches/)).toBeNull();
    expect(other.html()).toBe('<p>/x</p>');
  });

  it('does not open in text, and closes when the line no longer starts with /', async () => {
    const field = renderEditor('<p>a</p><p><br /></p>');
    await field.cursorAt('a');
    await typeSlash(field);
    expect(screen.queryByRole('listbox')).toBeNull();
    await act(async () => Transforms.select(field.editor(), Editor.start(field.editor(), [1])));
    await typeSlash(field);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await act(async () => Editor.deleteBackward(field.editor()));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('finds blocks by their Vietnamese and English names', () => {
    expect(matchingItems('thơ').map((item) => item.label)).toEqual(['Poem']);
    expect(matchingItems('youtube').map((item) => item.label)).toEqual(['Video']);
    expect(matchingItems('ẢNH url').map((item) => item.label)).toEqual(['Image from a URL']);
    expect(matchingItems('photo').map((item) => item.label)).toEqual(['Image', 'Gallery', 'Image from a URL']);
  });
});

describe('full screen and word count', () => {
  it('fills the window from the toolbar and leaves with Escape, the page behind not scrolling', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>a</p>');
    const button = screen.getByRole('button', { name: 'Full screen' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(field.container.querySelector('.rte')).toHaveClass('rte-fullscreen');
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(editable(), { key: 'Escape' });
    expect(field.container.querySelector('.rte')).not.toHaveClass('rte-fullscreen');
    expect(document.body.style.overflow).toBe('');
  });

  it('counts words and the reading time as one writes', async () => {
    const field = renderEditor('<p>Xin chào</p>');
    expect(screen.getByText('2 words · 1 min read')).toBeInTheDocument();
    await field.cursorAt('chào');
    await field.type(` ${'từ '.repeat(1100)}`);
    expect(screen.getByText('1,102 words · 5 min read')).toBeInTheDocument();
  });
});
