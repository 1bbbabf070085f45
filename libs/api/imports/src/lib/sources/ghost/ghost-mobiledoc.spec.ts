import { GhostBodyError } from './ghost-cards';
import { renderMobiledoc } from './ghost-mobiledoc';

function render(document: Record<string, unknown>): { html: string; warnings: string[] } {
  const warnings: string[] = [];
  return {
    html: renderMobiledoc({ version: '0.3.1', markups: [], atoms: [], cards: [], ...document }, warnings),
    warnings,
  };
}

describe('renderMobiledoc', () => {
  it('renders markup sections with nested markups, a link and a soft return, escaping the text', () => {
    const { html } = render({
      markups: [['strong'], ['a', ['href', 'https://a.example/?x&y']], ['em'], ['sup']],
      atoms: [['soft-return', '', {}]],
      sections: [
        [
          1,
          'p',
          [
            [0, [], 0, 'a < b, '],
            [0, [0], 0, 'đậm '],
            [0, [1, 2], 2, 'liên kết'],
            [0, [], 1, ' hết'],
            [1, [], 0, 0],
            [0, [3], 1, 'mũ'],
          ],
        ],
        [1, 'H2', [[0, [], 0, 'Tiêu đề']]],
        [1, 'aside', [[0, [], 0, 'Bên lề']]],
        [1, 'p', []],
      ],
    });
    expect(html).toBe(
      '<p>a &lt; b, <strong>đậm <a href="https://a.example/?x&amp;y"><em>liên kết</em></a> hết</strong><br>mũ</p>' +
        '<h2>Tiêu đề</h2><blockquote>Bên lề</blockquote>',
    );
  });

  it('renders list and image sections', () => {
    const { html } = render({
      markups: [['b']],
      sections: [
        [3, 'ol', [[[0, [], 0, 'một']], [[0, [0], 1, 'hai']]]],
        [3, 'ul', [[[0, [], 0, 'ba']]]],
        [2, '__GHOST_URL__/content/images/a.jpg'],
      ],
    });
    expect(html).toBe(
      '<ol><li>một</li><li><strong>hai</strong></li></ol><ul><li>ba</li></ul>' +
        '<figure><img src="__GHOST_URL__/content/images/a.jpg" alt=""></figure>',
    );
  });

  it('renders Ghost’s common cards: image, HTML, code, hr, gallery, embed, bookmark, Markdown', () => {
    const { html, warnings } = render({
      cards: [
        [
          'image',
          { src: '__GHOST_URL__/content/images/a.jpg', alt: 'Ảnh', caption: 'Chú thích', width: 10, height: 20 },
        ],
        ['html', { html: '<table></table>' }],
        ['code', { code: 'a < b', language: 'js' }],
        ['hr', {}],
        ['gallery', { images: [{ src: '/g.jpg', alt: 'g' }] }],
        ['embed', { url: 'https://player.vimeo.com/video/123', html: '<iframe></iframe>', caption: 'Phim' }],
        ['bookmark', { url: 'https://ghost.org/', metadata: { title: 'Ghost' } }],
        ['markdown', { markdown: '*nghiêng*' }],
      ],
      sections: [0, 1, 2, 3, 4, 5, 6, 7].map((index) => [10, index]),
    });
    expect(html).toBe(
      '<figure><img src="__GHOST_URL__/content/images/a.jpg" alt="Ảnh" width="10" height="20"><figcaption>Chú thích</figcaption></figure>' +
        '<table></table><pre><code class="language-js">a &lt; b</code></pre><hr>' +
        '<div class="gallery"><figure class="gallery-item"><a href="/g.jpg"><img src="/g.jpg" alt="g" /></a></figure></div>' +
        '<figure class="video" data-provider="vimeo" data-id="123">' +
        '<a class="video-play" href="https://vimeo.com/123"><span class="video-title">Vimeo video</span></a><figcaption>Phim</figcaption></figure>' +
        '<p><a href="https://ghost.org/">Ghost</a></p><p>*nghiêng*</p>',
    );
    expect(warnings).toEqual([expect.stringContaining('Markdown')]);
  });

  it('drops an unknown card with a warning and ignores malformed sections, markers and markups', () => {
    const { html, warnings } = render({
      markups: [['script'], 'x', ['constructor']],
      atoms: [['mention', '@ai', {}]],
      cards: [['signup', {}], 'x'],
      sections: [
        [10, 0],
        [10, 1],
        [10, 9],
        [99, 'x'],
        'x',
        [1, 'p', [[0, [0, 1, 2, 'constructor'], 9, 'chữ'], 'x', [1, [], 0, 0], [1, [], 0, 'constructor']]],
      ],
    });
    expect(html).toBe('<p>chữ@ai</p>');
    expect(warnings).toEqual(['A Ghost “signup” card was not carried over.']);
  });

  it('refuses a document with no sections', () => {
    expect(() => renderMobiledoc({ version: '0.3.1' }, [])).toThrow(GhostBodyError);
    expect(() => renderMobiledoc('x', [])).toThrow(GhostBodyError);
  });

  it('renders an audio card as our audio block', () => {
    expect(
      render({
        cards: [['audio', { src: '__GHOST_URL__/content/media/a.m4a', title: '' }]],
        sections: [[10, 0]],
      }).html,
    ).toBe(
      '<figure class="audio"><audio controls preload="none" src="__GHOST_URL__/content/media/a.m4a"></audio></figure>',
    );
  });
});
