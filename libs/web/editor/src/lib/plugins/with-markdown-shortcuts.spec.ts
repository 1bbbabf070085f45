import { Editor } from 'slate';
import { cursorAt, editorWith, htmlOf } from '../testing/editor-fixtures';

/** Types `keys` one by one at the end of the document's only paragraph (holding `start`). */
function typeAfter(start: string, keys: string): string {
  const editor = editorWith(`<p>${start}</p>`);
  cursorAt(editor, start);
  for (const key of keys) Editor.insertText(editor, key);
  return htmlOf(editor);
}

describe('withMarkdownShortcuts', () => {
  it.each([
    ['-', '<ul><li>item</li></ul>'],
    ['*', '<ul><li>item</li></ul>'],
    ['1.', '<ol><li>item</li></ol>'],
    ['3)', '<ol><li>item</li></ol>'],
    ['#', '<h1>item</h1>'],
    ['##', '<h2>item</h2>'],
    ['######', '<h6>item</h6>'],
    ['>', '<blockquote>item</blockquote>'],
  ])('typing "%s " at the start of a paragraph makes it that line', (marker, html) => {
    expect(typeAfter(marker, ' item')).toBe(html);
  });

  it('makes a code block of ``` and a rule of --- on an empty line', () => {
    expect(typeAfter('``', '`x < 1')).toBe(
      '<pre class="language-plain"><code class="language-plain">x &lt; 1</code></pre>',
    );
    expect(typeAfter('--', '-after')).toBe('<hr /><p>after</p>');
  });

  it('keeps the text after the marker', () => {
    const editor = editorWith('<p>##Title</p>');
    cursorAt(editor, '##');
    Editor.insertText(editor, ' ');
    expect(htmlOf(editor)).toBe('<h2>Title</h2>');
  });

  it('leaves other text, headings, code and a ### or --- inside a line alone', () => {
    expect(typeAfter('a-', ' x')).toBe('<p>a- x</p>');
    expect(typeAfter('#######', ' x')).toBe('<p>####### x</p>');
    expect(typeAfter('a--', '-')).toBe('<p>a---</p>');
    for (const html of ['<h2>-</h2>', '<pre class="language-plain"><code class="language-plain">-</code></pre>']) {
      const editor = editorWith(html);
      cursorAt(editor, '-');
      Editor.insertText(editor, ' ');
      expect(htmlOf(editor)).not.toContain('<li>');
    }
    const notAlone = editorWith('<p>--tail</p>');
    cursorAt(notAlone, '--');
    Editor.insertText(notAlone, '-');
    expect(htmlOf(notAlone)).toBe('<p>---tail</p>');
  });
});
