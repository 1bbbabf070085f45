import { cursorAt, editorWith, htmlOf } from '../testing/editor-fixtures';

/** A clipboard as the browser hands it over. */
function clipboard(data: Record<string, string>, files: File[] = []): DataTransfer {
  const types = [...Object.keys(data), ...(files.length ? ['Files'] : [])];
  return {
    types,
    files,
    getData: (type: string) => data[type] ?? '',
    setData: () => undefined,
  } as unknown as DataTransfer;
}

describe('withHtmlPaste', () => {
  it('inserts pasted HTML with its supported formatting at the cursor', () => {
    const editor = editorWith('<p>start end</p>');
    cursorAt(editor, 'start ');
    editor.insertData(
      clipboard({
        'text/html':
          '<meta charset="utf-8"><span style="font-weight:700">bold</span> <script>alert(1)</script><a href="javascript:x">link</a> ',
        'text/plain': 'bold link',
      }),
    );
    expect(htmlOf(editor)).toBe('<p>start <strong>bold</strong> <a href="about:blank">link</a>end</p>');
  });

  it('inserts pasted blocks as blocks', () => {
    const editor = editorWith('<p>before</p>');
    cursorAt(editor, 'before');
    editor.insertData(clipboard({ 'text/html': '<h2>Title</h2><ul><li>one</li><li>two</li></ul><p>last</p>' }));
    expect(htmlOf(editor)).toBe('<p>beforeTitle</p><ul><li>one</li><li>two</li></ul><p>last</p>');
  });

  it('pastes into an empty line, taking the pasted line formats', () => {
    const editor = editorWith('');
    editor.select({ path: [0, 0], offset: 0 });
    editor.insertData(clipboard({ 'text/html': '<ol><li>one</li><li>two</li></ol>' }));
    expect(htmlOf(editor)).toBe('<ol><li>one</li><li>two</li></ol>');
  });

  it('pastes plain text inside code, line by line', () => {
    const editor = editorWith('<pre class="language-plain"><code class="language-plain">ab</code></pre>');
    cursorAt(editor, 'a');
    editor.insertData(clipboard({ 'text/html': '<b>x</b><p>y</p>', 'text/plain': 'x\ny' }));
    expect(htmlOf(editor)).toBe('<pre class="language-plain"><code class="language-plain">ax\nyb</code></pre>');
  });

  it('pastes plain text when there is no HTML', () => {
    const editor = editorWith('<p>a</p>');
    cursorAt(editor, 'a');
    editor.insertData(clipboard({ 'text/plain': ' <b>not html</b>' }));
    expect(htmlOf(editor)).toBe('<p>a &lt;b&gt;not html&lt;/b&gt;</p>');
  });
});

describe('pasting into the new blocks', () => {
  it('a poem pasted as text or as lines with breaks keeps its lines and leading spaces', () => {
    const editor = editorWith('<div class="poem"><p class="poem-line">start</p></div>');
    cursorAt(editor, 'start');
    editor.insertData(clipboard({ 'text/plain': '\none\n    two' }));
    expect(htmlOf(editor)).toBe(
      '<div class="poem"><p class="poem-line">start</p><p class="poem-line">one</p><p class="poem-line">\u00a0\u00a0\u00a0\u00a0two</p></div>',
    );
    const pasted = editorWith('<div class="poem"><p class="poem-line"><br /></p></div>');
    pasted.select({ path: [0, 0, 0], offset: 0 });
    pasted.insertData(clipboard({ 'text/html': '<p>Rain on the roof,<br>&nbsp;&nbsp;soft as a lullaby</p>' }));
    expect(htmlOf(pasted)).toBe(
      '<div class="poem"><p class="poem-line">Rain on the roof,</p><p class="poem-line">\u00a0\u00a0soft as a lullaby</p></div>',
    );
  });

  it('a table pasted from a spreadsheet into a line lands as a table', () => {
    const editor = editorWith('<p>before</p>');
    cursorAt(editor, 'before');
    editor.insertData(clipboard({ 'text/html': '<table><tr><td>a</td><td>b</td></tr></table>', 'text/plain': 'a\tb' }));
    expect(htmlOf(editor)).toBe(
      '<p>before</p><div class="table-scroll" tabindex="0"><table><tbody><tr><td>a</td><td>b</td></tr></tbody></table></div>',
    );
  });

  it('text pasted in a cell stays in the cell, its lines as line breaks', () => {
    const editor = editorWith(
      '<div class="table-scroll" tabindex="0"><table><tbody><tr><td>x</td><td>y</td></tr></tbody></table></div>',
    );
    cursorAt(editor, 'x');
    editor.insertData(clipboard({ 'text/html': '<p>one</p><p>two</p>' }));
    expect(htmlOf(editor)).toBe(
      '<div class="table-scroll" tabindex="0"><table><tbody><tr><td>xone<br />two</td><td>y</td></tr></tbody></table></div>',
    );
  });
});
