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

  it('at the end of a line, puts the cursor in a new paragraph below the image', () => {
    const editor = editorWith('<p>ab</p><p>next</p>');
    cursorAt(editor, 'ab');
    insertImage(editor, { url: '/x.png' });
    Editor.insertText(editor, 'typed');
    expect(htmlOf(editor)).toBe('<p>ab<img src="/x.png" /></p><p>typed</p><p>next</p>');
  });

  it('as the last thing of a document or a heading, starts a paragraph below it', () => {
    const last = editorWith('<p>a</p>');
    insertImage(last, { url: '/x.png' }, null);
    Editor.insertText(last, 'b');
    expect(htmlOf(last)).toBe('<p>a<img src="/x.png" /></p><p>b</p>');
    const heading = editorWith('<h2>Title</h2>');
    cursorAt(heading, 'Title');
    insertImage(heading, { url: '/x.png' });
    Editor.insertText(heading, 'b');
    expect(htmlOf(heading)).toBe('<h2>Title<img src="/x.png" /></h2><p>b</p>');
  });

  it.each([
    '/uploads/x.png',
    'https://a.example/x.jpg',
    'http://a.example/x.gif',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/webp;base64,UklGR',
  ])('accepts %s', (url) => {
    const editor = editorWith('<p>a</p>');
    cursorAt(editor, 'a');
    expect(insertImage(editor, { url })).toBe(true);
    expect(htmlOf(editor)).toBe(`<p>a<img src="${url}" /></p><p><br /></p>`);
  });

  it.each([
    'javascript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'data:text/html,x',
    'ftp://a.example/x.png',
    '//evil.example/x.png',
    '',
  ])('refuses %p', (url) => {
    const editor = editorWith('<p>a</p>');
    cursorAt(editor, 'a');
    expect(insertImage(editor, { url })).toBe(false);
    expect(htmlOf(editor)).toBe('<p>a</p>');
  });

  it('goes after the document when nothing is selected, and after a code block when in one', () => {
    const editor = editorWith('<p>a</p>');
    insertImage(editor, { url: '/x.png' }, null);
    expect(htmlOf(editor)).toBe('<p>a<img src="/x.png" /></p><p><br /></p>');
    const code = editorWith('<pre class="language-plain"><code class="language-plain">x</code></pre>');
    cursorAt(code, 'x');
    insertImage(code, { url: '/x.png' });
    expect(htmlOf(code)).toBe(
      '<pre class="language-plain"><code class="language-plain">x</code></pre><p><img src="/x.png" /></p><p><br /></p>',
    );
  });
});
