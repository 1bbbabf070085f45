import { plainText, wordPressHtml, wpautop, type WordPressHtmlContext } from './wordpress-html';

const context: WordPressHtmlContext = {
  postId: '1',
  attachment: (id) =>
    ({
      '5': { url: 'https://example.com/wp-content/uploads/a.jpg', alt: 'A "quoted" <alt>', caption: '' },
      '6': { url: 'https://example.com/wp-content/uploads/b.jpg', alt: 'B', caption: '' },
    })[id],
  childAttachmentIds: (postId) => (postId === '1' ? ['6', '5'] : []),
};

describe('wordPressHtml', () => {
  it('turns a gallery into our gallery, in the order it lists, escaping what it writes', () => {
    const item = (name: string, alt: string) =>
      `<figure class="gallery-item"><a href="https://example.com/wp-content/uploads/${name}"><img src="https://example.com/wp-content/uploads/${name}" alt="${alt}" /></a></figure>`;
    // wpautop puts each block on its own line.
    const html = (text: string) => wordPressHtml(text, context).html.replace(/\n/g, '');
    expect(html('[gallery ids="5,6"]')).toBe(
      `<div class="gallery">${item('a.jpg', 'A &quot;quoted&quot; &lt;alt&gt;')}${item('b.jpg', 'B')}</div>`,
    );
    expect(wordPressHtml('[gallery ids="5,6"]', context).warnings).toEqual([]);
    // Without ids: the post's own attachments; `exclude` honoured.
    expect(html('[gallery exclude="5"]')).toBe(`<div class="gallery">${item('b.jpg', 'B')}</div>`);
    expect(wordPressHtml('[gallery ids="9"]', context)).toEqual({
      html: '',
      warnings: [
        'A gallery shows attachment 9, not in the file: left out.',
        'A gallery had no images in the file: left out.',
      ],
    });
  });

  it('makes audio blocks of [audio] shortcodes and wp:audio blocks, the clips still at their addresses', () => {
    const figure = (src: string, caption = '') =>
      `<figure class="audio"><audio controls preload="none" src="${src}"></audio>${caption}</figure>`;
    expect(wordPressHtml('[audio mp3="https://example.com/wp-content/uploads/a.mp3"][/audio]', context)).toEqual({
      html: figure('https://example.com/wp-content/uploads/a.mp3'),
      warnings: [],
    });
    expect(
      wordPressHtml(
        '<!-- wp:audio {"id":7} -->\n<figure class="wp-block-audio"><audio controls src="https://example.com/wp-content/uploads/b.ogg"></audio><figcaption class="wp-element-caption">Bài nghe</figcaption></figure>\n<!-- /wp:audio -->',
        context,
      ).html,
    ).toBe(
      '<figure class="audio"><audio controls src="https://example.com/wp-content/uploads/b.ogg"></audio><figcaption class="wp-element-caption">Bài nghe</figcaption></figure>',
    );
  });

  it('makes a figure of a caption with a linked image, its caption on one line', () => {
    expect(
      wordPressHtml(
        '[caption id="attachment_5" width="300"]<a href="/x"><img src="a.jpg" /></a>\nA <em>fine</em>\nday[/caption]',
        context,
      ).html,
    ).toBe('<figure><a href="/x"><img src="a.jpg" /></a><figcaption>A <em>fine</em> day</figcaption></figure>');
    // A caption around no image is left as its text.
    expect(wordPressHtml('[caption]Just words[/caption]', context).html).toBe('<p>Just words</p>');
  });

  it('removes shortcodes it cannot show, reporting each once, and leaves text in brackets', () => {
    const result = wordPressHtml(
      '[toc]\n\n[button url="/x"]Go[/button] [button]Again[/button]\n\n[sic] [edge case] [1] [[embed]]',
      context,
    );
    expect(result.html).toBe('<p>Go Again</p>\n<p>[sic] [edge case] [1] [embed]</p>');
    expect(result.warnings).toEqual([
      'Shortcode [toc] is not supported: removed.',
      'Shortcode [button] is not supported: removed, the text it enclosed kept.',
    ]);
    expect(wordPressHtml('[video width="640" mp4="https://example.com/v.mp4"][/video]', context).html).toBe(
      '<p><a href="https://example.com/v.mp4">https://example.com/v.mp4</a></p>',
    );
  });

  it('turns YouTube and Vimeo embeds (auto-embedded lines, embed blocks, shortcodes) into our videos', () => {
    const youtube =
      '<figure class="video" data-provider="youtube" data-id="SQEQr7c0-dw"><a class="video-play" href="https://www.youtube.com/watch?v=SQEQr7c0-dw">' +
      '<span class="video-title">YouTube video</span></a>';
    // A classic post: the address alone on its line is embedded, one inside a sentence is not.
    expect(
      wordPressHtml('https://www.youtube.com/watch?v=SQEQr7c0-dw\n\nSee https://youtu.be/SQEQr7c0-dw too.', context),
    ).toEqual({ html: `${youtube}</figure>\n<p>See https://youtu.be/SQEQr7c0-dw too.</p>`, warnings: [] });
    const block =
      '<!-- wp:embed {"url":"https://youtu.be/SQEQr7c0-dw","type":"video","providerNameSlug":"youtube"} -->\n' +
      '<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">\n' +
      'https://youtu.be/SQEQr7c0-dw\n</div><figcaption class="wp-element-caption">Sông <em>Hồng</em></figcaption></figure>\n<!-- /wp:embed -->';
    expect(wordPressHtml(block, context).html).toBe(`${youtube}<figcaption>Sông Hồng</figcaption></figure>`);
    expect(wordPressHtml('[embed]https://vimeo.com/76979871[/embed]', context)).toEqual({
      html:
        '<figure class="video" data-provider="vimeo" data-id="76979871"><a class="video-play" href="https://vimeo.com/76979871">' +
        '<span class="video-title">Vimeo video</span></a></figure>',
      warnings: [],
    });
  });

  it('leaves a block post’s markup as its blocks wrote it, without paragraphs of its own', () => {
    const html =
      '<!-- wp:list -->\n<ul>\n<li>One</li>\n<li>Two</li>\n</ul>\n<!-- /wp:list -->\n\n<!-- wp:more -->\n<!--more-->\n<!-- /wp:more -->';
    expect(wordPressHtml(html, context)).toEqual({ html: '<ul>\n<li>One</li>\n<li>Two</li>\n</ul>', warnings: [] });
  });
});

describe('wpautop', () => {
  it('makes paragraphs of blank-line-separated text and line breaks of single newlines', () => {
    expect(wpautop('One\ntwo\n\nThree')).toBe('<p>One<br />\ntwo</p>\n<p>Three</p>');
    expect(wpautop('\r\n  \r\n')).toBe('');
  });

  it('leaves block elements, preformatted text and newlines inside tags alone', () => {
    expect(wpautop('<h2>Title</h2>\nText after\n<ul>\n<li>a</li>\n</ul>')).toBe(
      '<h2>Title</h2>\n<p>Text after</p>\n<ul>\n<li>a</li>\n</ul>',
    );
    expect(wpautop('Code:\n\n<pre>line 1\n\nline 2</pre>')).toBe('<p>Code:</p>\n<pre>line 1\n\nline 2</pre>');
    expect(wpautop('<a\nhref="/x">link</a> text')).toBe('<p><a\nhref="/x">link</a> text</p>');
    expect(wpautop('<blockquote>Quoted\n\nTwice</blockquote>')).toBe(
      '<blockquote><p>Quoted</p>\n<p>Twice</p></blockquote>',
    );
  });
});

describe('plainText', () => {
  it('reads WordPress’s titles and names as text', () => {
    expect(plainText('Cats &amp; dogs')).toBe('Cats & dogs');
    expect(plainText('A <em>bold</em>\n title &#8217;')).toBe('A bold title ’');
    expect(plainText('  Plain  ')).toBe('Plain');
  });
});
