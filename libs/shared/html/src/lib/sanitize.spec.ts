import { sanitizeRichText } from './sanitize';
import { galleryHtml } from './gallery';

describe('sanitizeRichText (the one HTML policy)', () => {
  it('keeps everything the editor produces, unchanged', () => {
    const html = [
      '<h2 class="indent-1">Title</h2>',
      '<p class="indent-8"><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <span style="color:#e60000">red</span><br /></p>',
      '<p><a href="https://example.com/a?b=1">web</a> <a href="mailto:me@example.com">mail</a> <a href="tel:+84912345678">tel</a> <a href="sms:+84912">sms</a> <a href="/posts">local</a></p>',
      '<ol><li>one</li><li class="indent-2">two</li></ol><ul><li>dot</li></ul>',
      '<blockquote>quote</blockquote>',
      '<pre class="language-bash"><code class="language-bash">echo "hi" &amp;&amp; ls</code></pre>',
      '<p><img src="/uploads/a.png" alt="A" /><img src="https://cdn.example.com/b.jpg" /></p>',
      '<figure><img src="/uploads/c.png" alt="Lanterns &amp; rain" width="800" height="500" /><figcaption>Hội An, &lt;night&gt;</figcaption></figure>',
      '<figure><img src="/uploads/d.png" /></figure>',
    ].join('');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts, frames, event handlers and forms with their content', () => {
    const out = sanitizeRichText(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><iframe src="https://evil.example"></iframe><style>p{}</style><form><input value="x"></form>',
    );
    expect(out).toBe('<p>Hi</p>');
  });

  it('keeps only a text colour in styles', () => {
    expect(sanitizeRichText('<span style="color: rgb(230, 0, 0); position: fixed; background: url(x)">t</span>')).toBe(
      '<span style="color:rgb(230, 0, 0)">t</span>',
    );
    expect(sanitizeRichText('<p style="color:red">t</p>')).toBe('<p>t</p>');
    expect(sanitizeRichText('<span style="color: expression(alert(1))">t</span>')).toBe('<span>t</span>');
  });

  it('turns links with other protocols into about:blank', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'ftp://x',
      '//evil.example/x',
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe('<a href="about:blank">x</a>');
    }
  });

  it('makes links that open a new tab safe', () => {
    expect(sanitizeRichText('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://x.example" target="_top">x</a>')).toBe(
      '<a href="https://x.example">x</a>',
    );
  });

  it('keeps images from http, https and PNG/JPEG/GIF/WebP data URLs only', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(sanitizeRichText(`<img src="${png}">`)).toBe(`<img src="${png}" />`);
    expect(sanitizeRichText('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeRichText('<img src="javascript:alert(1)">')).toBe('');
    expect(sanitizeRichText('<img src="x" onerror="alert(1)">')).toBe('<img src="x" />');
  });

  it('keeps only indent levels 1-8 and language classes', () => {
    expect(sanitizeRichText('<p class="indent-9 big">t</p>')).toBe('<p>t</p>');
    expect(sanitizeRichText('<pre class="language-python evil"><code class="language-python">x</code></pre>')).toBe(
      '<pre class="language-python"><code class="language-python">x</code></pre>',
    );
  });

  it('maps b, i and strike to their editor tags and composes decomposed accents', () => {
    expect(sanitizeRichText('<b>a</b><i>b</i><strike>c</strike>')).toBe('<strong>a</strong><em>b</em><s>c</s>');
    expect(sanitizeRichText('<p>Tie\u0302\u0301ng</p>')).toBe('<p>Tiếng</p>');
    // A combining mark right after a tag stays text: it never merges into the tag's '>'.
    expect(sanitizeRichText('<p>\u0338x</p>')).toBe('<p>\u0338x</p>');
  });

  it('keeps a figure and its caption with no attributes of their own, and nothing but text and marks in the caption', () => {
    expect(
      sanitizeRichText(
        '<figure class="wp-block-image" style="width:50%" onclick="x()"><img src="/uploads/a.png" alt="A" /><figcaption class="c" style="color:red">An <em>old</em> town<script>alert(1)</script></figcaption></figure>',
      ),
    ).toBe('<figure><img src="/uploads/a.png" alt="A" /><figcaption>An <em>old</em> town</figcaption></figure>');
    // An image whose source is refused leaves its figure with the caption only.
    expect(sanitizeRichText('<figure><img src="javascript:alert(1)" /><figcaption>x</figcaption></figure>')).toBe(
      '<figure><figcaption>x</figcaption></figure>',
    );
  });
});

describe('sanitizeRichText: tables, rules, callouts, poems, languages', () => {
  it('keeps the blocks the editor produces, unchanged', () => {
    const html = [
      '<div class="table-scroll" tabindex="0"><table><caption>Verbs</caption><thead><tr><th scope="col">Base</th><th scope="col">Past</th></tr></thead><tbody><tr><td>go</td><td><strong>went</strong></td></tr></tbody></table></div>',
      '<hr />',
      '<div class="callout callout-warning" role="note"><p class="callout-label">Warning</p><p>Mind the gap</p></div>',
      '<div class="poem poem-centered"><p class="poem-title">Quê hương</p><p class="poem-line">Line one</p><p class="poem-line">\u00a0\u00a0indented</p><p class="poem-line"><br /></p><p class="poem-author">Đỗ Trung Quân</p></div>',
      '<p>Xin chào <span lang="en">hello</span> và <span lang="vi">chào</span></p>',
    ].join('');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('strips hostile or foreign variants of those blocks', () => {
    expect(sanitizeRichText('<div onclick="x()" style="position:fixed">a</div>')).toBe('a');
    expect(sanitizeRichText('<div class="evil table-scroll" tabindex="5" role="button">a</div>')).toBe(
      '<div class="table-scroll" tabindex="0">a</div>',
    );
    expect(sanitizeRichText('<div class="callout callout-danger" role="alert">a</div>')).toBe('a');
    expect(sanitizeRichText('<div class="callout callout-tip" role="alert" aria-hidden="true">a</div>')).toBe(
      '<div class="callout callout-tip" role="note">a</div>',
    );
    expect(
      sanitizeRichText(
        '<table style="width:9999px" background="x.png"><tr><td onclick="x()" colspan="900">a</td><th scope="evil">b</th></tr></table>',
      ),
    ).toBe('<table><tr><td>a</td><th>b</th></tr></table>');
    expect(
      sanitizeRichText('<span lang="fr" xml:lang="en">bonjour</span><span lang="en&quot;onmouseover=x">a</span>'),
    ).toBe('<span>bonjour</span><span>a</span>');
    expect(sanitizeRichText('<p class="poem-line indent-2 huge">a</p><hr class="x" style="height:900px" />')).toBe(
      '<p class="poem-line indent-2">a</p><hr />',
    );
  });
});

describe('sanitizeRichText: table column alignment', () => {
  it('keeps a cell alignment as its class, and nothing else of the kind', () => {
    const html =
      '<table><thead><tr><th scope="col" class="align-center">a</th><th scope="col" class="align-right">b</th></tr></thead>' +
      '<tbody><tr><td class="align-center">1</td><td class="align-right">2</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
    expect(
      sanitizeRichText(
        '<table><tr><td class="align-justify evil" style="text-align:center" align="center">a</td><td class="x align-right">b</td></tr></table>',
      ),
    ).toBe('<table><tr><td>a</td><td class="align-right">b</td></tr></table>');
  });
});

describe('sanitizeRichText: videos', () => {
  const facade =
    '<figure class="video" data-provider="youtube" data-id="dQw4w9WgXcQ">' +
    '<a class="video-play" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">' +
    '<img src="/uploads/thumb.jpg" alt="" width="480" height="360" /><span class="video-title">Hà Nội</span></a>' +
    '<figcaption>Phố cổ</figcaption></figure>';

  it('keeps the facade the editor produces, unchanged', () => {
    expect(sanitizeRichText(facade)).toBe(facade);
    const vimeo =
      '<figure class="video" data-provider="vimeo" data-id="76979871"><a class="video-play" href="https://vimeo.com/76979871">' +
      '<span class="video-title">Vimeo video</span></a></figure>';
    expect(sanitizeRichText(vimeo)).toBe(vimeo);
  });

  it('keeps no frame, and no facade for an unknown provider or an id outside its pattern', () => {
    expect(sanitizeRichText('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>')).toBe('');
    expect(
      sanitizeRichText(
        '<figure class="video" data-provider="evil" data-id="dQw4w9WgXcQ"><img src="/a.jpg" /></figure>',
      ),
    ).toBe('<figure><img src="/a.jpg" /></figure>');
    expect(
      sanitizeRichText(
        '<figure class="video" data-provider="youtube" data-id="x&quot; onload=&quot;y"><img src="/a.jpg" /></figure>',
      ),
    ).toBe('<figure><img src="/a.jpg" /></figure>');
    expect(sanitizeRichText('<figure class="video big" data-provider="vimeo" data-id="1" data-x="y"></figure>')).toBe(
      '<figure class="video" data-provider="vimeo" data-id="1"></figure>',
    );
    expect(sanitizeRichText('<a class="video-play evil" href="javascript:x">a</a><span class="other">b</span>')).toBe(
      '<a href="about:blank">a</a><span>b</span>',
    );
  });
});

describe('sanitizeRichText: vocabulary', () => {
  it('keeps the list the editor produces, unchanged, and strips foreign attributes', () => {
    const html =
      '<dl class="vocabulary"><div class="vocabulary-entry"><dt><span class="vocabulary-word" lang="en">serendipity</span> ' +
      '<span class="vocabulary-ipa">/ˌser.ənˈdɪp.ə.ti/</span> <span class="vocabulary-pos">noun</span></dt>' +
      '<dd class="vocabulary-meaning" lang="vi">sự tình cờ may mắn</dd><dd class="vocabulary-example" lang="en">Pure serendipity.</dd></div></dl>';
    expect(sanitizeRichText(html)).toBe(html);
    expect(
      sanitizeRichText(
        '<dl class="x" onclick="y"><div class="vocabulary-entry z" id="q"><dt>a</dt><dd lang="fr" class="evil">b</dd></div></dl>',
      ),
    ).toBe('<dl><div class="vocabulary-entry"><dt>a</dt><dd>b</dd></div></dl>');
  });
});

describe('sanitizeRichText: footnotes', () => {
  it('keeps the references and the list the editor produces, and no other ids or labels', () => {
    const html =
      '<p>Phở<sup class="footnote-ref"><a href="#fn-1" id="fnref-1">1</a></sup></p>' +
      '<ol class="footnotes"><li id="fn-1">A noodle soup. <a class="footnote-back" href="#fnref-1" aria-label="Back to reference 1">↩</a></li></ol>';
    expect(sanitizeRichText(html)).toBe(html);
    expect(
      sanitizeRichText(
        '<p id="x"><a href="/a" id="main" aria-label="Evil">a</a><sup class="big">2</sup></p><ol class="evil"><li id="top">b</li></ol>',
      ),
    ).toBe('<p><a href="/a">a</a><sup>2</sup></p><ol><li>b</li></ol>');
  });
});

describe('sanitizeRichText: galleries', () => {
  it('keeps the gallery the editor produces, unchanged, and strips foreign attributes', () => {
    const html = galleryHtml([
      { url: '/uploads/a.jpg', alt: 'Ruộng bậc thang', caption: 'Mù Cang Chải' },
      { url: '/uploads/b.jpg', alt: '' },
    ]);
    expect(html).toBe(
      '<div class="gallery"><figure class="gallery-item"><a href="/uploads/a.jpg"><img src="/uploads/a.jpg" alt="Ruộng bậc thang" /></a>' +
        '<figcaption>Mù Cang Chải</figcaption></figure><figure class="gallery-item"><a href="/uploads/b.jpg"><img src="/uploads/b.jpg" alt="" /></a></figure></div>',
    );
    expect(sanitizeRichText(html)).toBe(html);
    expect(
      sanitizeRichText(
        '<div class="gallery x" onclick="y"><figure class="gallery-item big" id="z"><img src="/a.jpg" /></figure></div>',
      ),
    ).toBe('<div class="gallery"><figure class="gallery-item"><img src="/a.jpg" /></figure></div>');
    expect(galleryHtml([{ url: 'javascript:alert(1)' }])).toBe('');
  });

  describe('audio clips', () => {
    const block =
      '<figure class="audio"><audio controls preload="none" src="/uploads/0b6f6c3e.mp3"></audio><figcaption>Lesson 1 &amp; 2</figcaption></figure>';

    it('keeps the audio block as the editor writes it, with or without a caption', () => {
      expect(sanitizeRichText(block)).toBe(block);
      const bare = '<figure class="audio"><audio controls preload="none" src="/uploads/a.ogg"></audio></figure>';
      expect(sanitizeRichText(bare)).toBe(bare);
    });

    it('always adds controls and preload=none, and drops autoplay, loop, handlers and any other attribute', () => {
      expect(
        sanitizeRichText(
          '<audio autoplay loop muted onplay="steal()" preload="auto" crossorigin="anonymous" class="x" aria-label="y" src="/uploads/a.wav"></audio>',
        ),
      ).toBe('<audio controls preload="none" src="/uploads/a.wav"></audio>');
    });

    it('keeps an audio element empty: no fallback text, <source>, or anything else inside', () => {
      expect(
        sanitizeRichText(
          '<audio src="/uploads/a.m4a">Your browser <b>cannot</b> play it<source src="https://evil.example/x.mp3"><img src="/uploads/x.png"></audio><p>after</p>',
        ),
      ).toBe('<audio controls preload="none" src="/uploads/a.m4a"></audio><p>after</p>');
    });

    it.each([
      ['another site', 'https://evil.example/a.mp3'],
      ['a protocol-relative address', '//evil.example/uploads/a.mp3'],
      ['a script', 'javascript:alert(1)'],
      ['a data URL', 'data:audio/mpeg;base64,AAAA'],
      ['a path out of the uploads', '/uploads/../secret.mp3'],
      ['an image upload', '/uploads/a.png'],
      ['no source', ''],
    ])('drops an audio element whose source is %s', (_case, src) => {
      expect(sanitizeRichText(`<figure class="audio"><audio controls src="${src}"></audio></figure><p>x</p>`)).toBe(
        '<figure class="audio"></figure><p>x</p>',
      );
    });

    it("keeps a vocabulary word's class and accessible name, no other class or label", () => {
      const word =
        '<audio class="vocabulary-audio" controls preload="none" src="/uploads/w.mp3" aria-label="Pronunciation of cat"></audio>';
      expect(sanitizeRichText(word)).toBe(word);
      expect(sanitizeRichText('<audio class="vocabulary-audio evil" src="/uploads/w.mp3"></audio>')).toBe(
        '<audio controls preload="none" src="/uploads/w.mp3"></audio>',
      );
    });
  });
});
