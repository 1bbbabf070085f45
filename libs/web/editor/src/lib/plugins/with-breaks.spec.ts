import { Editor } from 'slate';
import { cursorAt, editorWith, htmlOf } from '../testing/editor-fixtures';

describe('withBreaks (Enter and Shift+Enter)', () => {
  it('splits a paragraph', () => {
    const editor = editorWith('<p>ab</p>');
    cursorAt(editor, 'a');
    Editor.insertBreak(editor);
    expect(htmlOf(editor)).toBe('<p>a</p><p>b</p>');
  });

  it('starts a paragraph after a heading', () => {
    const editor = editorWith('<h2 class="indent-1">Title</h2>');
    cursorAt(editor, 'Title');
    Editor.insertBreak(editor);
    Editor.insertText(editor, 'body');
    expect(htmlOf(editor)).toBe('<h2 class="indent-1">Title</h2><p class="indent-1">body</p>');
  });

  it('continues a list, and ends it on an empty item', () => {
    const editor = editorWith('<ul><li>a</li></ul>');
    cursorAt(editor, 'a');
    Editor.insertBreak(editor);
    Editor.insertText(editor, 'b');
    expect(htmlOf(editor)).toBe('<ul><li>a</li><li>b</li></ul>');
    Editor.insertBreak(editor);
    Editor.insertBreak(editor);
    Editor.insertText(editor, 'after');
    expect(htmlOf(editor)).toBe('<ul><li>a</li><li>b</li></ul><p>after</p>');
  });

  it('outdents an empty indented list item before ending the list', () => {
    const editor = editorWith('<ol><li>a</li><li class="indent-2">b</li></ol>');
    cursorAt(editor, 'b');
    Editor.insertBreak(editor);
    Editor.insertBreak(editor);
    expect(htmlOf(editor)).toBe('<ol><li>a</li><li class="indent-2">b</li><li class="indent-1"><br /></li></ol>');
  });

  it('ends a quote on an empty quote line', () => {
    const editor = editorWith('<blockquote>q</blockquote>');
    cursorAt(editor, 'q');
    Editor.insertBreak(editor);
    Editor.insertBreak(editor);
    Editor.insertText(editor, 'p');
    expect(htmlOf(editor)).toBe('<blockquote>q</blockquote><p>p</p>');
  });

  it('adds code lines, and leaves the code block on a third Enter at its end', () => {
    const editor = editorWith('<pre class="language-bash"><code class="language-bash">ls</code></pre>');
    cursorAt(editor, 'ls');
    Editor.insertBreak(editor);
    Editor.insertText(editor, 'pwd');
    Editor.insertBreak(editor);
    Editor.insertBreak(editor);
    expect(htmlOf(editor)).toBe('<pre class="language-bash"><code class="language-bash">ls\npwd\n\n\n</code></pre>');
    Editor.insertBreak(editor);
    Editor.insertText(editor, 'text');
    expect(htmlOf(editor)).toBe(
      '<pre class="language-bash"><code class="language-bash">ls\npwd</code></pre><p>text</p>',
    );
  });

  it('makes Shift+Enter a line break in the line, and a new line in code', () => {
    const editor = editorWith('<p>ab</p><pre class="language-plain"><code class="language-plain">xy</code></pre>');
    cursorAt(editor, 'a');
    Editor.insertSoftBreak(editor);
    expect(htmlOf(editor)).toBe(
      '<p>a<br />b</p><pre class="language-plain"><code class="language-plain">xy</code></pre>',
    );
    cursorAt(editor, 'x');
    Editor.insertSoftBreak(editor);
    expect(htmlOf(editor)).toBe(
      '<p>a<br />b</p><pre class="language-plain"><code class="language-plain">x\ny</code></pre>',
    );
  });
});
