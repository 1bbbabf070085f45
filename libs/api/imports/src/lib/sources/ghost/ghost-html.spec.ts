import { cleanGhostHtml, siteRelativeLink } from './ghost-html';
import { htmlText } from '../html-text';

function clean(html: string): { html: string; warnings: string[] } {
  const warnings: string[] = [];
  return { html: cleanGhostHtml(html, warnings), warnings };
}

describe('cleanGhostHtml', () => {
  it('removes Ghost’s card comments and the members-only marker, keeping what they surround', () => {
    expect(
      clean(
        '<p>a</p><!--kg-card-begin: html--><table><tr><td>1</td></tr></table><!--kg-card-end: html--><!--members-only--><p>b</p>',
      ).html,
    ).toBe('<p>a</p><table><tr><td>1</td></tr></table><p>b</p>');
  });

  it('keeps image cards and their attributes as Ghost wrote them', () => {
    const card =
      '<figure class="kg-card kg-image-card"><img src="__GHOST_URL__/content/images/2026/11/a.jpg" alt="Ảnh" ' +
      'srcset="__GHOST_URL__/content/images/size/w600/2026/11/a.jpg 600w"><figcaption>Chú thích</figcaption></figure>';
    expect(clean(card)).toEqual({ html: card, warnings: [] });
  });

  it('turns a YouTube embed card into our video, captioned, and any other player into a link with a warning', () => {
    const { html, warnings } = clean(
      '<figure class="kg-card kg-embed-card"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=3"></iframe>' +
        '<figcaption>Xem <b>video</b></figcaption></figure>',
    );
    expect(html).toBe(
      '<figure class="video" data-provider="youtube" data-id="dQw4w9WgXcQ"><a class="video-play" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">' +
        '<span class="video-title">YouTube video</span></a><figcaption>Xem video</figcaption></figure>',
    );
    expect(warnings).toEqual([]);
    const other = clean(
      '<figure class="kg-card kg-embed-card"><iframe src="https://videopress.com/embed/r0l8GmDi"></iframe></figure>',
    );
    expect(other.html).toBe(
      '<p><a href="https://videopress.com/embed/r0l8GmDi">https://videopress.com/embed/r0l8GmDi</a></p>',
    );
    expect(other.warnings).toEqual([
      'An embed (https://videopress.com/embed/r0l8GmDi) became a link: embedded players are not carried over.',
    ]);
  });

  it('links an embed without a frame (a tweet) to its last link, and drops one with none', () => {
    const tweet =
      '<figure class="kg-card kg-embed-card"><blockquote class="twitter-tweet"><p>Chào <a href="https://twitter.com/hashtag/a">#a</a></p>' +
      '<a href="https://twitter.com/x/status/1">1 Jan</a></blockquote><script src="https://platform.twitter.com/widgets.js"></script></figure>';
    expect(clean(tweet).html).toBe(
      '<p><a href="https://twitter.com/x/status/1">https://twitter.com/x/status/1</a></p>',
    );
    const { html, warnings } = clean('<figure class="kg-card kg-embed-card"><div></div></figure>');
    expect(html).toBe('');
    expect(warnings).toEqual([expect.stringContaining('no address')]);
  });

  it('turns a bare player frame (in an HTML card) into our video too', () => {
    const { html, warnings } = clean('<div><iframe src="//player.vimeo.com/video/42"></iframe></div>');
    expect(html).toBe(
      '<div><figure class="video" data-provider="vimeo" data-id="42"><a class="video-play" href="https://vimeo.com/42">' +
        '<span class="video-title">Vimeo video</span></a></figure></div>',
    );
    expect(warnings).toEqual([]);
  });

  it('turns a bookmark card into a link with the page’s title', () => {
    const bookmark =
      '<figure class="kg-card kg-bookmark-card"><a class="kg-bookmark-container" href="https://ghost.org/">' +
      '<div class="kg-bookmark-content"><div class="kg-bookmark-title">Ghost &amp; co</div><div class="kg-bookmark-description">…</div></div>' +
      '<div class="kg-bookmark-thumbnail"><img src="https://ghost.org/a.png"></div></a></figure>';
    expect(clean(bookmark)).toEqual({ html: '<p><a href="https://ghost.org/">Ghost &amp; co</a></p>', warnings: [] });
  });

  it('drops video, audio and file cards with a warning', () => {
    const { html, warnings } = clean(
      '<figure class="kg-card kg-video-card"><video src="__GHOST_URL__/content/media/a.mp4"></video></figure>' +
        '<div class="kg-card kg-file-card"><a href="__GHOST_URL__/content/files/a.pdf">a.pdf</a></div><p>sau</p>',
    );
    expect(html).toBe('<p>sau</p>');
    expect(warnings).toEqual([
      'A Ghost “video” card was not carried over.',
      'A Ghost “file” card was not carried over.',
    ]);
  });

  it('makes links to the old site’s pages relative, keeping links to its files and to other sites', () => {
    expect(
      clean(
        '<a href="__GHOST_URL__/bai-viet/">x</a><a href="__GHOST_URL__">home</a><a href="__GHOST_URL__/content/images/a.jpg">ảnh</a><a href="https://a.example/">y</a>',
      ).html,
    ).toBe(
      '<a href="/bai-viet/">x</a><a href="/">home</a><a href="__GHOST_URL__/content/images/a.jpg">ảnh</a><a href="https://a.example/">y</a>',
    );
    expect(siteRelativeLink('__GHOST_URL__?ref=x')).toBe('/?ref=x');
  });

  it('keeps escaped text escaped', () => {
    expect(clean('<pre><code>&lt;img src="x"&gt; &amp;amp;</code></pre>').html).toBe(
      '<pre><code>&lt;img src="x"&gt; &amp;amp;</code></pre>',
    );
  });
});

describe('htmlText', () => {
  it('reduces a caption’s HTML to one line of text', () => {
    expect(htmlText('Đồi dã quỳ ở <a href="https://vi.wikipedia.org/">Đà Lạt</a>\n vào <b>tháng 11</b> &amp; 12')).toBe(
      'Đồi dã quỳ ở Đà Lạt vào tháng 11 & 12',
    );
  });

  it('cuts the tags out of HTML nested too deeply to be parsed (a hostile file), without overflowing the stack', () => {
    expect(htmlText(`${'<b>'.repeat(20_000)}Đà Lạt${'</b>'.repeat(20_000)}`)).toBe('Đà Lạt');
  });
});
