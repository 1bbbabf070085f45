import { Editor, Transforms } from 'slate';
import { cursorAt, editorWith, htmlOf, selectBetween } from '../testing/editor-fixtures';
import { activeHeadingLevel, activeLineKind, isLineTypeActive, isListActive } from './queries';
import { setHeading } from './set-heading';
import { setLineType } from './set-line-type';
import { toggleBlockQuote } from './toggle-block-quote';
import { toggleCodeBlock } from './toggle-code-block';
import { toggleList } from './toggle-list';

describe('line type commands', () => {
  it('toggles a bulleted list on and off', () => {
    const editor = editorWith('<p>one</p><p>two</p><p>three</p>');
    selectBetween(editor, 'one', 'two');
    toggleList(editor, 'bulleted-list');
    expect(htmlOf(editor)).toBe('<ul><li>one</li><li>two</li></ul><p>three</p>');
    expect(isListActive(editor, 'bulleted-list')).toBe(true);
    toggleList(editor, 'bulleted-list');
    expect(htmlOf(editor)).toBe('<p>one</p><p>two</p><p>three</p>');
    expect(isListActive(editor, 'bulleted-list')).toBe(false);
  });

  it('switches list items between bulleted and numbered, splitting the list', () => {
    const editor = editorWith('<ul><li>a</li><li>b</li><li>c</li></ul>');
    cursorAt(editor, 'b');
    toggleList(editor, 'numbered-list');
    expect(htmlOf(editor)).toBe('<ul><li>a</li></ul><ol><li>b</li></ol><ul><li>c</li></ul>');
    expect(activeLineKind(editor)).toEqual({ type: 'list-item', listType: 'numbered-list' });
  });

  it('joins a new list item with the list next to it', () => {
    const editor = editorWith('<ol><li>a</li></ol><p>b</p><ol><li>c</li></ol>');
    cursorAt(editor, 'b');
    toggleList(editor, 'numbered-list');
    expect(htmlOf(editor)).toBe('<ol><li>a</li><li>b</li><li>c</li></ol>');
  });

  it('keeps the indent of lines that become list items, and of list items that become paragraphs', () => {
    const editor = editorWith('<p class="indent-2">a</p>');
    cursorAt(editor, 'a');
    toggleList(editor, 'bulleted-list');
    expect(htmlOf(editor)).toBe('<ul><li class="indent-2">a</li></ul>');
    toggleList(editor, 'bulleted-list');
    expect(htmlOf(editor)).toBe('<p class="indent-2">a</p>');
  });

  it('sets headings 1-6 and back to a paragraph', () => {
    const editor = editorWith('<p>Title</p>');
    cursorAt(editor, 'Title');
    for (const level of [1, 2, 3, 4, 5, 6] as const) {
      setHeading(editor, level);
      expect(htmlOf(editor)).toBe(`<h${level}>Title</h${level}>`);
      expect(activeHeadingLevel(editor)).toBe(level);
    }
    setHeading(editor, 0);
    expect(htmlOf(editor)).toBe('<p>Title</p>');
    expect(activeHeadingLevel(editor)).toBe(0);
  });

  it('makes a list item a heading by taking it out of the list', () => {
    const editor = editorWith('<ul><li>a</li><li>b</li></ul>');
    cursorAt(editor, 'a');
    setHeading(editor, 2);
    expect(htmlOf(editor)).toBe('<h2>a</h2><ul><li>b</li></ul>');
  });

  it('toggles quote lines', () => {
    const editor = editorWith('<p>a</p><h2>b</h2>');
    selectBetween(editor, 'a', 'b');
    toggleBlockQuote(editor);
    expect(htmlOf(editor)).toBe('<blockquote>a</blockquote><blockquote>b</blockquote>');
    expect(isLineTypeActive(editor, 'block-quote')).toBe(true);
    toggleBlockQuote(editor);
    expect(htmlOf(editor)).toBe('<p>a</p><p>b</p>');
  });

  it('turns lines into one code block, dropping their formatting, and back into paragraphs', () => {
    const editor = editorWith(
      '<p class="indent-1"><strong>let</strong> a;</p><ul><li>a = <a href="/x">1</a>;</li></ul><p>after</p>',
    );
    selectBetween(editor, 'let', '1');
    toggleCodeBlock(editor);
    expect(htmlOf(editor)).toBe(
      '<pre class="language-plain"><code class="language-plain">let a;\na = 1;</code></pre><p>after</p>',
    );
    expect(isLineTypeActive(editor, 'code-line')).toBe(true);
    Transforms.select(editor, Editor.range(editor, [0]));
    toggleCodeBlock(editor);
    expect(htmlOf(editor)).toBe('<p>let a;</p><p>a = 1;</p><p>after</p>');
  });

  it('starts a code block in the language asked for', () => {
    const editor = editorWith('<p>SELECT 1;</p>');
    cursorAt(editor, 'SELECT');
    toggleCodeBlock(editor, 'sql');
    expect(htmlOf(editor)).toBe('<pre class="language-sql"><code class="language-sql">SELECT 1;</code></pre>');
  });

  it('takes a single line out of the middle of a code block', () => {
    const editor = editorWith('<pre class="language-bash"><code class="language-bash">a\nb\nc</code></pre>');
    cursorAt(editor, 'b');
    setLineType(editor, { type: 'paragraph' });
    expect(htmlOf(editor)).toBe(
      '<pre class="language-bash"><code class="language-bash">a</code></pre><p>b</p><pre class="language-bash"><code class="language-bash">c</code></pre>',
    );
  });

  it('reports mixed selections as no single kind', () => {
    const editor = editorWith('<p>a</p><h2>b</h2><ul><li>c</li></ul>');
    selectBetween(editor, 'a', 'b');
    expect(activeLineKind(editor)).toBeNull();
    expect(activeHeadingLevel(editor)).toBeNull();
    selectBetween(editor, 'a', 'c');
    expect(activeHeadingLevel(editor)).toBeNull();
    cursorAt(editor, 'c');
    expect(activeHeadingLevel(editor)).toBe(0); // a list item is no heading
  });
});
