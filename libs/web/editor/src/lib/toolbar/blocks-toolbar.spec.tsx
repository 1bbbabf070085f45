import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Editor, Transforms } from 'slate';
import { renderEditor } from '../testing/render-editor';
import { slateToHtml } from '../serialization/slate-to-html';

/** A key press on the editable area (Slate reads `key`). */
const key = (target: HTMLElement, init: KeyboardEventInit) => fireEvent.keyDown(target, init);
// The editing area (a table's caption and a poem's title are text boxes too).
const editable = () => screen.getByRole('textbox', { name: 'Content' });
const scroll = (table: string): string => `<div class="table-scroll" tabindex="0"><table>${table}</table></div>`;

describe('toolbar: tables, rules, callouts, poems, languages', () => {
  it('inserts a table of the chosen size with a header row, and Tab / Shift+Tab move between cells', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p><br /></p>');
    await field.cursorAt('');
    await user.click(screen.getByRole('button', { name: 'Insert table' }));
    const form = screen.getByRole('dialog', { name: 'Insert a table' });
    await user.clear(within(form).getByLabelText('Rows'));
    await user.type(within(form).getByLabelText('Rows'), '2');
    await user.clear(within(form).getByLabelText('Columns'));
    await user.type(within(form).getByLabelText('Columns'), '2');
    await user.click(within(form).getByRole('button', { name: 'Insert table' }));
    await field.flush();
    expect(screen.queryByRole('dialog', { name: 'Insert a table' })).toBeNull();
    // The caret is in the first cell.
    await field.type('Base');
    key(editable(), { key: 'Tab' });
    await field.type('Past');
    key(editable(), { key: 'Tab' });
    await field.type('go');
    key(editable(), { key: 'Tab', shiftKey: true });
    key(editable(), { key: 'Tab' });
    key(editable(), { key: 'Tab' });
    await field.type('went');
    // Tab in the last cell adds a row.
    expect(key(editable(), { key: 'Tab' })).toBe(false); // prevented
    await field.type('eat');
    await field.flush();
    expect(field.html()).toBe(
      scroll(
        '<thead><tr><th scope="col">Base</th><th scope="col">Past</th></tr></thead>' +
          '<tbody><tr><td>go</td><td>went</td></tr><tr><td>eat</td><td><br /></td></tr></tbody>',
      ) + '<p><br /></p>',
    );
  });

  it('adds and removes rows and columns, toggles the header row and takes a caption', async () => {
    const user = userEvent.setup();
    const field = renderEditor(scroll('<tbody><tr><td>a</td><td>b</td></tr></tbody>'));
    await field.cursorAt('a');
    const toolbar = screen.getByRole('group', { name: 'Table' });
    await user.click(within(toolbar).getByRole('button', { name: 'Insert row below' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Insert column right' }));
    await field.flush();
    expect(field.html()).toBe(
      scroll(
        '<tbody><tr><td>a</td><td><br /></td><td>b</td></tr><tr><td><br /></td><td><br /></td><td><br /></td></tr></tbody>',
      ),
    );
    await user.click(within(toolbar).getByRole('button', { name: 'Delete column' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Delete row' }));
    await field.cursorAt('a');
    await user.click(within(screen.getByRole('group', { name: 'Table' })).getByRole('button', { name: 'Header row' }));
    await user.type(screen.getByRole('textbox', { name: 'Table caption' }), 'Letters');
    await field.flush();
    expect(field.html()).toBe(
      scroll('<caption>Letters</caption><thead><tr><th scope="col">a</th><th scope="col">b</th></tr></thead>'),
    );
  });

  it("aligns the caret's column left, centre or right; a new row keeps its columns' alignment", async () => {
    const user = userEvent.setup();
    const field = renderEditor(
      scroll(
        '<thead><tr><th scope="col">Word</th><th scope="col">Score</th></tr></thead><tbody><tr><td>go</td><td>9</td></tr></tbody>',
      ),
    );
    await field.cursorAt('9');
    const toolbar = () => screen.getByRole('group', { name: 'Table' });
    expect(within(toolbar()).getByRole('button', { name: 'Align column left' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(toolbar()).getByRole('button', { name: 'Align column right' }));
    await field.flush();
    expect(field.html()).toBe(
      scroll(
        '<thead><tr><th scope="col">Word</th><th scope="col" class="align-right">Score</th></tr></thead>' +
          '<tbody><tr><td>go</td><td class="align-right">9</td></tr></tbody>',
      ),
    );
    expect(within(toolbar()).getByRole('button', { name: 'Align column right' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(toolbar()).getByRole('button', { name: 'Insert row below' }));
    await field.cursorAt('Word');
    await user.click(within(toolbar()).getByRole('button', { name: 'Align column centre' }));
    await field.flush();
    expect(field.html()).toBe(
      scroll(
        '<thead><tr><th scope="col" class="align-center">Word</th><th scope="col" class="align-right">Score</th></tr></thead>' +
          '<tbody><tr><td class="align-center">go</td><td class="align-right">9</td></tr>' +
          '<tr><td class="align-center"><br /></td><td class="align-right"><br /></td></tr></tbody>',
      ),
    );
    await field.cursorAt('9');
    await user.click(within(toolbar()).getByRole('button', { name: 'Align column left' }));
    await field.flush();
    expect(field.html()).not.toContain('align-right');
  });

  it('inserts a rule and turns a line into a callout of a kind', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>Careful</p>');
    await field.cursorAt('Careful');
    await user.click(screen.getByRole('button', { name: 'Callout' }));
    await field.flush();
    expect(screen.getByRole('button', { name: 'Callout' })).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Callout kind' }), 'warning');
    await user.click(screen.getByRole('button', { name: 'Horizontal rule' }));
    await field.flush();
    expect(field.html()).toBe(
      '<div class="callout callout-warning" role="note"><p class="callout-label">Warning</p><p>Careful</p></div><hr /><p><br /></p>',
    );
  });

  it('makes lines a poem that keeps their leading spaces, with a title, centred', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>one</p><p>two</p>');
    act(() => {
      Transforms.select(field.editor(), Editor.range(field.editor(), []));
    });
    await user.click(screen.getByRole('button', { name: 'Poem' }));
    await field.cursorAt('two', 'start');
    await field.type('  ');
    await user.click(screen.getByRole('button', { name: 'Centre the poem' }));
    await user.type(screen.getByRole('textbox', { name: 'Poem title' }), 'Hai');
    await field.flush();
    expect(field.html()).toBe(
      '<div class="poem poem-centered"><p class="poem-title">Hai</p><p class="poem-line">one</p><p class="poem-line">\u00a0\u00a0two</p></div>',
    );
  });

  it('marks the selection English or Vietnamese, and unmarks it', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>Từ sunrise nghĩa là bình minh</p>');
    await field.select('sunrise');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language of the selection' }), 'en');
    await field.select('bình minh');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language of the selection' }), 'vi');
    await field.flush();
    expect(field.html()).toBe('<p>Từ <span lang="en">sunrise</span> nghĩa là <span lang="vi">bình minh</span></p>');
    expect(screen.getByRole('combobox', { name: 'Language of the selection' })).toHaveValue('vi');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language of the selection' }), '');
    await field.flush();
    expect(field.html()).toBe('<p>Từ <span lang="en">sunrise</span> nghĩa là bình minh</p>');
  });
});

describe('block fields', () => {
  it('Enter in a caption does not submit the form around the editor', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn((event: Event) => event.preventDefault());
    renderEditor(scroll('<tbody><tr><td>a</td></tr></tbody>'), {}, ({ children }) => (
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>{children}</form>
    ));
    await user.type(screen.getByRole('textbox', { name: 'Table caption' }), 'Cap{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('editing around a table', () => {
  it('Backspace at the start of the line below a table goes into its last cell, merging nothing', async () => {
    const field = renderEditor(scroll('<tbody><tr><td>a</td><td>b</td></tr></tbody>') + '<p>below</p><p><br /></p>');
    await field.cursorAt('below', 'start');
    act(() => field.editor().deleteBackward('character'));
    await field.flush();
    expect(slateToHtml(field.editor().children)).toBe(
      scroll('<tbody><tr><td>a</td><td>b</td></tr></tbody>') + '<p>below</p><p><br /></p>',
    );
    expect(field.editor().selection?.anchor.path).toEqual([0, 0, 1, 0]);
    // An empty line goes.
    const empty = renderEditor(scroll('<tbody><tr><td>a</td></tr></tbody>') + '<p><br /></p><p>end</p>');
    act(() => {
      Transforms.select(empty.editor(), Editor.start(empty.editor(), [1]));
    });
    act(() => empty.editor().deleteBackward('character'));
    await empty.flush();
    expect(empty.html()).toBe(scroll('<tbody><tr><td>a</td></tr></tbody>') + '<p>end</p>');
  });
});
