import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderEditor } from '../testing/render-editor';

describe('toolbar', () => {
  it('is a named toolbar of named controls, the toggles showing their state', () => {
    renderEditor('<p>x</p>');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Text colour',
      'Link',
      'Insert image',
      'Video (YouTube or Vimeo)',
      'Footnote',
      'Numbered list',
      'Bulleted list',
      'Quote',
      'Code block',
      'Insert table',
      'Horizontal rule',
      'Callout',
      'Poem',
      'Vocabulary',
      'Decrease indent',
      'Increase indent',
      'Clear formatting',
      'Full screen',
    ]);
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Link',
      'Numbered list',
      'Bulleted list',
      'Quote',
      'Code block',
    ]) {
      expect(within(toolbar).getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    expect(within(toolbar).getByRole('combobox', { name: 'Text style' })).toHaveValue('0');
    expect(toolbar).toHaveAttribute('aria-controls', screen.getByRole('textbox').id);
  });

  it('is one tab stop, the arrow keys, Home and End moving along it', async () => {
    const user = userEvent.setup();
    renderEditor('<p>x</p>');
    const toolbar = screen.getByRole('toolbar');
    expect(toolbar.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    const style = screen.getByRole('combobox', { name: 'Text style' });
    act(() => style.focus());
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Underline' })).toHaveFocus();
    expect(toolbar.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Underline' })).toHaveAttribute('tabindex', '0');
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Full screen' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(style).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Full screen' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(style).toHaveFocus();
  });

  it.each([
    ['Bold', 'strong'],
    ['Italic', 'em'],
    ['Underline', 'u'],
    ['Strikethrough', 's'],
  ])('%s toggles its mark on the selection and shows it', async (name, tag) => {
    const user = userEvent.setup();
    const field = renderEditor('<p>one two</p>');
    await field.select('two');
    const button = screen.getByRole('button', { name });
    await user.click(button);
    await field.flush();
    expect(field.html()).toBe(`<p>one <${tag}>two</${tag}></p>`);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.click(button);
    await field.flush();
    expect(field.html()).toBe('<p>one two</p>');
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('sets headings 1-6 and normal text from the text style picker', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>Title</p>');
    await field.cursorAt('Title');
    const style = screen.getByRole('combobox', { name: 'Text style' });
    expect(
      within(style)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Normal', 'Heading 1', 'Heading 2', 'Heading 3', 'Heading 4', 'Heading 5', 'Heading 6']);
    for (const level of [1, 2, 3, 4, 5, 6]) {
      await user.selectOptions(style, `Heading ${level}`);
      await field.flush();
      expect(field.html()).toBe(`<h${level}>Title</h${level}>`);
      expect(style).toHaveValue(String(level));
    }
    await user.selectOptions(style, 'Normal');
    await field.flush();
    expect(field.html()).toBe('<p>Title</p>');
  });

  it.each([
    ['Numbered list', '<ol><li>a</li><li>b</li></ol>'],
    ['Bulleted list', '<ul><li>a</li><li>b</li></ul>'],
    ['Quote', '<blockquote>a</blockquote><blockquote>b</blockquote>'],
  ])('%s toggles the selected lines', async (name, html) => {
    const user = userEvent.setup();
    const field = renderEditor('<p>a</p><p>b</p>');
    await field.selectAll();
    const button = screen.getByRole('button', { name });
    await user.click(button);
    await field.flush();
    expect(field.html()).toBe(html);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.click(button);
    await field.flush();
    expect(field.html()).toBe('<p>a</p><p>b</p>');
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('makes a code block, whose language is picked in the toolbar and stored in the HTML', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>print(1)</p>');
    await field.cursorAt('print');
    expect(screen.queryByRole('combobox', { name: 'Code language' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Code block' }));
    await field.flush();
    expect(field.html()).toBe('<pre class="language-plain"><code class="language-plain">print(1)</code></pre>');
    const language = screen.getByRole('combobox', { name: 'Code language' });
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Plain',
      'Bash',
      'C++',
      'C#',
      'CSS',
      'Diff',
      'HTML/XML',
      'Java',
      'JavaScript',
      'Markdown',
      'PHP',
      'Python',
      'Ruby',
      'SQL',
    ]);
    await user.selectOptions(language, 'Python');
    await field.flush();
    expect(field.html()).toBe('<pre class="language-python"><code class="language-python">print(1)</code></pre>');
    // The picker in the block itself does the same.
    fireEvent.change(screen.getByRole('combobox', { name: 'Language of this code block' }), {
      target: { value: 'ruby' },
    });
    await field.flush();
    expect(field.html()).toBe('<pre class="language-ruby"><code class="language-ruby">print(1)</code></pre>');
  });

  it('indents from 1 to 8 and back, and no further either way', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>a</p>');
    await field.cursorAt('a');
    const indent = screen.getByRole('button', { name: 'Increase indent' });
    for (let level = 1; level <= 8; level++) {
      await user.click(indent);
      await field.flush();
      expect(field.html()).toBe(`<p class="indent-${level}">a</p>`);
    }
    await user.click(indent);
    await field.flush();
    expect(field.html()).toBe('<p class="indent-8">a</p>');
    const outdent = screen.getByRole('button', { name: 'Decrease indent' });
    for (let i = 0; i < 9; i++) await user.click(outdent);
    await field.flush();
    expect(field.html()).toBe('<p>a</p>');
  });

  it('clears formatting', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<h2><strong>a</strong> <span style="color:#e60000">b</span></h2>');
    await field.selectAll();
    await user.click(screen.getByRole('button', { name: 'Clear formatting' }));
    await field.flush();
    expect(field.html()).toBe('<p>a b</p>');
  });

  it('keeps the text focused when a button is pressed with the mouse', () => {
    renderEditor('<p>x</p>');
    const event = fireEvent.mouseDown(screen.getByRole('button', { name: 'Bold' }));
    expect(event).toBe(false); // default prevented: the focus stays in the text
  });

  it('works before the text was ever focused (acts at the end)', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>a</p>');
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await field.flush();
    expect(field.html()).toBe('<ul><li>a</li></ul>');
  });
});
