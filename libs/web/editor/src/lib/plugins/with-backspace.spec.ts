import { Editor } from 'slate';
import { cursorAt, editorWith, htmlOf } from '../testing/editor-fixtures';

describe('withBackspace', () => {
  it('outdents an indented line first', () => {
    const editor = editorWith('<p>a</p><p class="indent-2">b</p>');
    cursorAt(editor, 'b', 'start');
    Editor.deleteBackward(editor);
    expect(htmlOf(editor)).toBe('<p>a</p><p class="indent-1">b</p>');
  });

  it('turns a list item into a paragraph, then merges lines', () => {
    const editor = editorWith('<p>a</p><ul><li>b</li><li>c</li></ul>');
    cursorAt(editor, 'b', 'start');
    Editor.deleteBackward(editor);
    expect(htmlOf(editor)).toBe('<p>a</p><p>b</p><ul><li>c</li></ul>');
    Editor.deleteBackward(editor);
    expect(htmlOf(editor)).toBe('<p>ab</p><ul><li>c</li></ul>');
  });

  it('turns a quote line into a paragraph', () => {
    const editor = editorWith('<blockquote>q</blockquote>');
    cursorAt(editor, 'q', 'start');
    Editor.deleteBackward(editor);
    expect(htmlOf(editor)).toBe('<p>q</p>');
  });

  it('turns an empty one-line code block into a paragraph', () => {
    const editor = editorWith('<p>a</p><pre class="language-plain"><code class="language-plain"></code></pre>');
    editor.select({ path: [1, 0, 0], offset: 0 });
    Editor.deleteBackward(editor);
    expect(htmlOf(editor)).toBe('<p>a</p><p><br /></p>');
  });

  it('deletes characters as usual elsewhere', () => {
    const editor = editorWith('<ul><li>ab</li></ul>');
    cursorAt(editor, 'ab');
    Editor.deleteBackward(editor);
    expect(htmlOf(editor)).toBe('<ul><li>a</li></ul>');
  });
});
