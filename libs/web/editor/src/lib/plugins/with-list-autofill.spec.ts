import { Editor } from 'slate';
import { cursorAt, editorWith, htmlOf } from '../testing/editor-fixtures';

describe('withListAutofill', () => {
  it.each([
    ['-', '<ul><li>item</li></ul>'],
    ['*', '<ul><li>item</li></ul>'],
    ['1.', '<ol><li>item</li></ol>'],
    ['3)', '<ol><li>item</li></ol>'],
  ])('typing "%s " at the start of a paragraph starts a list', (marker, html) => {
    const editor = editorWith(`<p>${marker}</p>`);
    cursorAt(editor, marker);
    Editor.insertText(editor, ' ');
    Editor.insertText(editor, 'item');
    expect(htmlOf(editor)).toBe(html);
  });

  it('leaves other text, headings and code alone', () => {
    for (const html of [
      '<p>a-</p>',
      '<h2>-</h2>',
      '<pre class="language-plain"><code class="language-plain">-</code></pre>',
    ]) {
      const editor = editorWith(html);
      cursorAt(editor, '-');
      Editor.insertText(editor, ' ');
      expect(htmlOf(editor)).not.toContain('<li>');
    }
  });
});
