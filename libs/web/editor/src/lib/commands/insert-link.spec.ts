/* eslint-disable no-script-url -- these tests feed dangerous addresses on purpose */
import { Editor } from 'slate';
import { cursorAt, editorWith, htmlOf, selectText } from '../testing/editor-fixtures';
import { activeLink } from './queries';
import { insertLink, removeLink } from './insert-link';

describe('insertLink', () => {
  it('links the selected text', () => {
    const editor = editorWith('<p>read the <strong>guide</strong> now</p>');
    selectText(editor, 'guide');
    expect(insertLink(editor, { url: 'https://example.com/guide' })).toBe('https://example.com/guide');
    expect(htmlOf(editor)).toBe('<p>read the <a href="https://example.com/guide"><strong>guide</strong></a> now</p>');
    // What is typed next goes after the link.
    Editor.insertText(editor, ':');
    expect(htmlOf(editor)).toBe('<p>read the <a href="https://example.com/guide"><strong>guide</strong></a>: now</p>');
  });

  it.each([
    'http://a.example',
    'https://a.example/x',
    'mailto:me@a.example',
    'tel:+84912',
    'sms:+84912',
    '/posts/1',
    '#top',
  ])('keeps %s', (url) => {
    const editor = editorWith('<p>x</p>');
    selectText(editor, 'x');
    insertLink(editor, { url });
    expect(htmlOf(editor)).toBe(`<p><a href="${url}">x</a></p>`);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'file:///etc/passwd',
    '//evil.example',
  ])('stores %p as about:blank', (url) => {
    const editor = editorWith('<p>x</p>');
    selectText(editor, 'x');
    expect(insertLink(editor, { url })).toBe('about:blank');
    expect(htmlOf(editor)).toBe('<p><a href="about:blank">x</a></p>');
  });

  it('inserts the text (or the address) as a link when nothing is selected', () => {
    const editor = editorWith('<p>see:</p>');
    cursorAt(editor, 'see:');
    insertLink(editor, { url: 'https://a.example', text: 'this page', newTab: true });
    Editor.insertText(editor, '.');
    expect(htmlOf(editor)).toBe(
      '<p>see:<a href="https://a.example" target="_blank" rel="noopener noreferrer">this page</a>.</p>',
    );
    const other = editorWith('<p>x</p>');
    cursorAt(other, 'x');
    insertLink(other, { url: 'mailto:me@a.example' });
    expect(htmlOf(other)).toBe('<p>x<a href="mailto:me@a.example">mailto:me@a.example</a></p>');
  });

  it('updates the link the cursor is in', () => {
    const editor = editorWith('<p><a href="/old">text</a></p>');
    cursorAt(editor, 'te');
    expect(activeLink(editor)?.[0].url).toBe('/old');
    insertLink(editor, { url: '/new', newTab: true });
    expect(htmlOf(editor)).toBe('<p><a href="/new" target="_blank" rel="noopener noreferrer">text</a></p>');
    insertLink(editor, { url: '/new' });
    expect(htmlOf(editor)).toBe('<p><a href="/new">text</a></p>');
  });

  it('replaces links inside the selection rather than nesting them', () => {
    const editor = editorWith('<p>a <a href="/x">b</a> c</p>');
    const { anchor } = selectText(editor, 'a ');
    editor.select({ anchor, focus: { path: [0, 2], offset: 2 } });
    insertLink(editor, { url: '/y' });
    expect(htmlOf(editor)).toBe('<p><a href="/y">a b c</a></p>');
  });

  it('does nothing in code', () => {
    const editor = editorWith('<pre class="language-plain"><code class="language-plain">x</code></pre>');
    selectText(editor, 'x');
    expect(insertLink(editor, { url: '/y' })).toBeNull();
    expect(htmlOf(editor)).toBe('<pre class="language-plain"><code class="language-plain">x</code></pre>');
  });
});

describe('removeLink', () => {
  it('unwraps the link the cursor is in, keeping its text', () => {
    const editor = editorWith('<p>a <a href="/x"><em>link</em></a> b</p>');
    cursorAt(editor, 'li');
    removeLink(editor);
    expect(htmlOf(editor)).toBe('<p>a <em>link</em> b</p>');
  });
});
