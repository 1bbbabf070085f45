import { GhostBodyError } from './ghost-cards';
import { MAX_DEPTH, renderLexical } from './ghost-lexical';

const text = (value: string, format = 0) => ({ type: 'extended-text', text: value, format });
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });
const listItem = (...children: unknown[]) => ({ type: 'listitem', children });
const list = (listType: string, ...children: unknown[]) => ({ type: 'list', listType, children });

function render(children: unknown[]): { html: string; warnings: string[] } {
  const warnings: string[] = [];
  return { html: renderLexical({ root: { type: 'root', children } }, warnings), warnings };
}

describe('renderLexical', () => {
  it('renders paragraphs, headings, quotes and line breaks, escaping the text', () => {
    expect(
      render([
        { type: 'heading', tag: 'h2', children: [text('Tiêu đề')] },
        { type: 'extended-heading', tag: 'h7', children: [text('Sai cấp')] },
        paragraph(text('a < b & c'), { type: 'linebreak' }, text('dòng hai')),
        paragraph(),
        { type: 'extended-quote', children: [text('Trích dẫn')] },
        { type: 'aside', children: [text('Bên lề')] },
      ]).html,
    ).toBe(
      '<h2>Tiêu đề</h2><h2>Sai cấp</h2><p>a &lt; b &amp; c<br>dòng hai</p><blockquote>Trích dẫn</blockquote><blockquote>Bên lề</blockquote>',
    );
  });

  it('renders the text format bits: bold, italic, strikethrough, underline and code, together', () => {
    expect(render([paragraph(text('b', 1), text('i', 2), text('s', 4), text('u', 8), text('c', 16))]).html).toBe(
      '<p><strong>b</strong><em>i</em><s>s</s><u>u</u><code>c</code></p>',
    );
    expect(render([paragraph(text('tất cả', 1 | 2 | 16), text('chỉ số dưới', 32))]).html).toBe(
      '<p><strong><em><code>tất cả</code></em></strong>chỉ số dưới</p>',
    );
  });

  it('renders links with their address escaped', () => {
    expect(
      render([paragraph({ type: 'link', url: 'https://a.example/?x="1"&y', children: [text('liên kết')] })]).html,
    ).toBe('<p><a href="https://a.example/?x=&quot;1&quot;&amp;y">liên kết</a></p>');
  });

  it('renders lists, a nested list inside the item before it, and an ordered list’s start', () => {
    const nested = list('bullet', listItem(text('con')));
    expect(render([list('bullet', listItem(text('một')), listItem(nested), listItem(text('hai')))]).html).toBe(
      '<ul><li>một<ul><li>con</li></ul></li><li>hai</li></ul>',
    );
    expect(render([{ ...list('number', listItem(text('ba'))), start: 3 }]).html).toBe('<ol start="3"><li>ba</li></ol>');
  });

  it('renders code blocks: Ghost’s card with its language and caption, and Lexical’s own', () => {
    expect(render([{ type: 'codeblock', code: 'if (a < b) {}\n', language: 'javascript', caption: '' }]).html).toBe(
      '<pre><code class="language-javascript">if (a &lt; b) {}\n</code></pre>',
    );
    expect(render([{ type: 'codeblock', code: 'ls', language: 'bash', caption: 'Chú thích' }]).html).toBe(
      '<figure><pre><code class="language-bash">ls</code></pre><figcaption>Chú thích</figcaption></figure>',
    );
    expect(render([{ type: 'codeblock', code: 'x', language: '"><script>', caption: '' }]).html).toBe(
      '<pre><code>x</code></pre>',
    );
    const lexicalCode = {
      type: 'code',
      language: 'python',
      children: [
        { type: 'code-highlight', text: 'print(1)' },
        { type: 'linebreak' },
        { type: 'code-highlight', text: 'x' },
      ],
    };
    expect(render([lexicalCode]).html).toBe('<pre><code class="language-python">print(1)\nx</code></pre>');
  });

  it('renders image cards with alt, size, caption and link, and galleries as our gallery', () => {
    const image = {
      type: 'image',
      src: '__GHOST_URL__/content/images/2026/11/a.jpg',
      alt: 'Ảnh "đẹp"',
      width: 1200,
      height: 'x',
      caption: 'Chú thích <b>đậm</b>',
      href: 'https://a.example/',
    };
    expect(render([image]).html).toBe(
      '<figure><a href="https://a.example/"><img src="__GHOST_URL__/content/images/2026/11/a.jpg" alt="Ảnh &quot;đẹp&quot;" width="1200"></a>' +
        '<figcaption>Chú thích <b>đậm</b></figcaption></figure>',
    );
    expect(render([{ type: 'gallery', images: [{ src: '/a.jpg', alt: 'a' }, { src: '/b.jpg' }, 'x'] }]).html).toBe(
      '<div class="gallery"><figure class="gallery-item"><a href="/a.jpg"><img src="/a.jpg" alt="a" /></a></figure>' +
        '<figure class="gallery-item"><a href="/b.jpg"><img src="/b.jpg" alt="" /></a></figure></div>',
    );
  });

  it('keeps an HTML card as it is, a horizontal rule, and a Markdown card as its text, with a warning', () => {
    const { html, warnings } = render([
      { type: 'html', html: '<table><tr><td>1</td></tr></table>' },
      { type: 'horizontalrule' },
      { type: 'markdown', markdown: '# Tiêu đề\n\n**đậm** <i>\ndòng' },
    ]);
    expect(html).toBe('<table><tr><td>1</td></tr></table><hr><p># Tiêu đề</p><p>**đậm** &lt;i&gt;<br>dòng</p>');
    expect(warnings).toEqual([expect.stringContaining('Markdown card')]);
  });

  it('turns embeds into links with a warning, and bookmarks into links', () => {
    const { html, warnings } = render([
      {
        type: 'embed',
        url: 'https://www.youtube.com/embed/abc_1-2?feature=oembed',
        html: '<iframe></iframe>',
        caption: '',
      },
      { type: 'bookmark', url: 'https://ghost.org/', metadata: { title: 'Ghost' } },
    ]);
    expect(html).toBe(
      '<p><a href="https://www.youtube.com/watch?v=abc_1-2">https://www.youtube.com/watch?v=abc_1-2</a></p>' +
        '<p><a href="https://ghost.org/">Ghost</a></p>',
    );
    expect(warnings).toEqual([expect.stringContaining('https://www.youtube.com/watch?v=abc_1-2')]);
  });

  it('drops an unknown card with a warning, keeps the content of an unknown element, and ignores what is not a node', () => {
    const { html, warnings } = render([
      { type: 'callout', calloutText: '<p>x</p>' },
      { type: 'mystery', children: [paragraph(text('giữ lại'))] },
      { type: '<script>', src: 'x' },
      null,
      'text',
    ]);
    expect(html).toBe('<p>giữ lại</p>');
    expect(warnings).toEqual([
      'A Ghost “callout” card was not carried over.',
      'A Ghost unknown card was not carried over.',
    ]);
  });

  it('refuses a document with no root, or nested deeper than MAX_DEPTH', () => {
    expect(() => renderLexical({}, [])).toThrow(GhostBodyError);
    expect(() => renderLexical({ root: { children: 'x' } }, [])).toThrow(GhostBodyError);
    let deep: unknown = paragraph(text('đáy'));
    for (let i = 0; i < MAX_DEPTH; i++) deep = { type: 'quote', children: [deep] };
    expect(() => render([deep])).toThrow(GhostBodyError);
    let fine: unknown = paragraph(text('đáy'));
    for (let i = 0; i < 10; i++) fine = { type: 'quote', children: [fine] };
    expect(render([fine]).html).toContain('đáy');
  });

  it('renders an audio card as our audio block, its title the caption', () => {
    expect(
      render([
        { type: 'audio', src: '__GHOST_URL__/content/media/2026/11/bai-1.mp3', title: 'Bài 1 & 2', duration: 3 },
      ]),
    ).toEqual({
      html: '<figure class="audio"><audio controls preload="none" src="__GHOST_URL__/content/media/2026/11/bai-1.mp3"></audio><figcaption>Bài 1 &amp; 2</figcaption></figure>',
      warnings: [],
    });
    expect(render([{ type: 'audio', src: '' }]).html).toBe('');
  });
});
