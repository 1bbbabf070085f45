import { cursorAt, editorWith, htmlOf, selectBetween } from '../testing/editor-fixtures';
import { activeIndent } from './queries';
import { changeIndent } from './change-indent';

describe('changeIndent', () => {
  it('indents one level at a time up to 8, and no further', () => {
    const editor = editorWith('<p>a</p>');
    cursorAt(editor, 'a');
    for (let level = 1; level <= 8; level++) {
      changeIndent(editor, 1);
      expect(htmlOf(editor)).toBe(`<p class="indent-${level}">a</p>`);
      expect(activeIndent(editor)).toBe(level);
    }
    changeIndent(editor, 1);
    expect(htmlOf(editor)).toBe('<p class="indent-8">a</p>');
  });

  it('outdents down to no indent, and no further', () => {
    const editor = editorWith('<p class="indent-2">a</p>');
    cursorAt(editor, 'a');
    changeIndent(editor, -1);
    expect(htmlOf(editor)).toBe('<p class="indent-1">a</p>');
    changeIndent(editor, -1);
    expect(htmlOf(editor)).toBe('<p>a</p>');
    changeIndent(editor, -1);
    expect(htmlOf(editor)).toBe('<p>a</p>');
    expect(activeIndent(editor)).toBe(0);
  });

  it('indents every selected paragraph, heading, quote line and list item, each from its own level', () => {
    const editor = editorWith(
      '<p>a</p><h3 class="indent-7">b</h3><blockquote>c</blockquote><ul><li class="indent-8">d</li></ul>',
    );
    selectBetween(editor, 'a', 'd');
    changeIndent(editor, 1);
    expect(htmlOf(editor)).toBe(
      '<p class="indent-1">a</p><h3 class="indent-8">b</h3><blockquote class="indent-1">c</blockquote><ul><li class="indent-8">d</li></ul>',
    );
  });

  it('leaves code alone', () => {
    const editor = editorWith('<pre class="language-plain"><code class="language-plain">x</code></pre>');
    cursorAt(editor, 'x');
    changeIndent(editor, 1);
    expect(htmlOf(editor)).toBe('<pre class="language-plain"><code class="language-plain">x</code></pre>');
  });
});
