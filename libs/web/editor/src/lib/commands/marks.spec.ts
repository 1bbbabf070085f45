import { Editor } from 'slate';
import { COLOR_PALETTE } from '@blog/shared/html';
import { cursorAt, editorWith, htmlOf, selectBetween, selectText } from '../testing/editor-fixtures';
import { activeColor, isMarkActive } from './queries';
import { clearFormatting } from './clear-formatting';
import { setColor } from './set-color';
import { toggleMark } from './toggle-mark';

describe('toggleMark', () => {
  it.each([
    ['bold', 'strong'],
    ['italic', 'em'],
    ['underline', 'u'],
    ['strike', 's'],
  ] as const)('toggles %s on the selection', (format, tag) => {
    const editor = editorWith('<p>one two</p>');
    selectText(editor, 'two');
    toggleMark(editor, format);
    expect(htmlOf(editor)).toBe(`<p>one <${tag}>two</${tag}></p>`);
    expect(isMarkActive(editor, format)).toBe(true);
    toggleMark(editor, format);
    expect(htmlOf(editor)).toBe('<p>one two</p>');
    expect(isMarkActive(editor, format)).toBe(false);
  });

  it('with nothing selected, applies to what is typed next', () => {
    const editor = editorWith('<p>a</p>');
    cursorAt(editor, 'a');
    toggleMark(editor, 'bold');
    expect(isMarkActive(editor, 'bold')).toBe(true);
    Editor.insertText(editor, 'b');
    expect(htmlOf(editor)).toBe('<p>a<strong>b</strong></p>');
  });

  it('puts no marks on code', () => {
    const editor = editorWith('<pre class="language-plain"><code class="language-plain">code</code></pre>');
    selectText(editor, 'code');
    toggleMark(editor, 'bold');
    expect(htmlOf(editor)).toBe('<pre class="language-plain"><code class="language-plain">code</code></pre>');
  });
});

describe('setColor', () => {
  it.each(COLOR_PALETTE.map((color) => [color]))('applies %s as a text colour', (color) => {
    const editor = editorWith('<p>one two</p>');
    selectText(editor, 'two');
    setColor(editor, color);
    expect(htmlOf(editor)).toBe(`<p>one <span style="color:${color}">two</span></p>`);
    expect(activeColor(editor)).toBe(color);
  });

  it('replaces a colour, and removes it with null', () => {
    const editor = editorWith('<p><span style="color:#e60000">red</span></p>');
    selectText(editor, 'red');
    setColor(editor, '#0066CC');
    expect(htmlOf(editor)).toBe('<p><span style="color:#0066cc">red</span></p>');
    setColor(editor, null);
    expect(htmlOf(editor)).toBe('<p>red</p>');
    expect(activeColor(editor)).toBeNull();
  });

  it('ignores what is not a colour', () => {
    const editor = editorWith('<p>x</p>');
    selectText(editor, 'x');
    setColor(editor, 'url(javascript:alert(1))');
    expect(htmlOf(editor)).toBe('<p>x</p>');
  });
});

describe('clearFormatting', () => {
  it('removes marks, colours and links from the selection and makes its lines plain paragraphs', () => {
    const editor = editorWith(
      '<h2 class="indent-1"><strong>Big</strong> <span style="color:#e60000">title</span></h2><ul><li><a href="/x"><em>link</em></a> item</li></ul><p><u>keep</u></p>',
    );
    selectBetween(editor, 'Big', 'link');
    clearFormatting(editor);
    expect(htmlOf(editor)).toBe('<p>Big title</p><p>link item</p><p><u>keep</u></p>');
  });

  it('keeps images', () => {
    const editor = editorWith('<blockquote><strong>a</strong><img src="/i.png" />b</blockquote>');
    selectBetween(editor, 'a', 'b');
    clearFormatting(editor);
    expect(htmlOf(editor)).toBe('<p>a<img src="/i.png" />b</p>');
  });

  it('with nothing selected, resets the line and what is typed next', () => {
    const editor = editorWith('<h1><strong>Title</strong></h1>');
    cursorAt(editor, 'Title');
    clearFormatting(editor);
    Editor.insertText(editor, '!');
    expect(htmlOf(editor)).toBe('<p><strong>Title</strong>!</p>');
  });
});
