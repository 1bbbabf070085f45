/* eslint-disable no-script-url -- these tests feed dangerous addresses on purpose */
import { Editor } from 'slate';
import { cursorAt, editorWith, htmlOf } from '../testing/editor-fixtures';
import { insertImage } from './insert-image';

describe('insertImage', () => {
  it('inserts an image at the cursor, the cursor then after it', () => {
    const editor = editorWith('<p>ab</p>');
    cursorAt(editor, 'a');
    expect(insertImage(editor, { url: '/uploads/x.png', alt: 'X' })).toBe(true);
    Editor.insertText(editor, '!');
    expect(htmlOf(editor)).toBe('<p>a<img src="/uploads/x.png" alt="X" />!b</p>');
  });

  it.each(['/uploads/x.png', 'https://a.example/x.jpg', 'http://a.example/x.gif', 'data:image/png;base64,iVBORw0KGgo=', 'data:image/webp;base64,UklGR'])(
    'accepts %s',
    (url) => {
      const editor = editorWith('<p>a</p>');
      cursorAt(editor, 'a');
      expect(insertImage(editor, { url })).toBe(true);
      expect(htmlOf(editor)).toBe(`<p>a<img src="${url}" /></p>`);
    },
  );

  it.each(['javascript:alert(1)', 'data:image/svg+xml;base64,PHN2Zz4=', 'data:text/html,x', 'ftp://a.example/x.png', '//evil.example/x.png', ''])('refuses %p', (url) => {
    const editor = editorWith('<p>a</p>');
    cursorAt(editor, 'a');
    expect(insertImage(editor, { url })).toBe(false);
    expect(htmlOf(editor)).toBe('<p>a</p>');
  });

  it('goes after the document when nothing is selected, and after a code block when in one', () => {
    const editor = editorWith('<p>a</p>');
    insertImage(editor, { url: '/x.png' }, null);
    expect(htmlOf(editor)).toBe('<p>a<img src="/x.png" /></p>');
    const code = editorWith('<pre class="language-plain"><code class="language-plain">x</code></pre>');
    cursorAt(code, 'x');
    insertImage(code, { url: '/x.png' });
    expect(htmlOf(code)).toBe('<pre class="language-plain"><code class="language-plain">x</code></pre><p><img src="/x.png" /></p>');
  });
});
