/* eslint-disable no-script-url -- these tests feed dangerous addresses on purpose */
import { htmlToSlate } from './html-to-slate';
import { slateToHtml } from './slate-to-html';

const read = (html: string): string => slateToHtml(htmlToSlate(html));

describe('htmlToSlate', () => {
  it('reads the editor HTML into lines, containers and marks', () => {
    expect(
      htmlToSlate(
        '<h2 class="indent-1">T</h2><p>a <strong>b</strong><a href="/x" target="_blank" rel="noopener noreferrer">c</a><img src="/i.png" alt="i" /></p>' +
          '<ol><li>1</li><li class="indent-2">2</li></ol><blockquote>q</blockquote><pre class="language-css"><code class="language-css">a{}\nb{}</code></pre>',
      ),
    ).toEqual([
      { type: 'heading', level: 2, indent: 1, children: [{ text: 'T' }] },
      {
        type: 'paragraph',
        children: [
          { text: 'a ' },
          { text: 'b', bold: true },
          { type: 'link', url: '/x', newTab: true, children: [{ text: 'c' }] },
          { text: '' },
          { type: 'image', url: '/i.png', alt: 'i', children: [{ text: '' }] },
          { text: '' },
        ],
      },
      {
        type: 'numbered-list',
        children: [
          { type: 'list-item', children: [{ text: '1' }] },
          { type: 'list-item', indent: 2, children: [{ text: '2' }] },
        ],
      },
      { type: 'block-quote', children: [{ text: 'q' }] },
      {
        type: 'code-block',
        language: 'css',
        children: [
          { type: 'code-line', children: [{ text: 'a{}' }] },
          { type: 'code-line', children: [{ text: 'b{}' }] },
        ],
      },
    ]);
  });

  it('gives one empty paragraph for empty or blank HTML', () => {
    for (const html of ['', '   ', '\n', '<p></p>', '<div> </div>', '<script>x</script>']) {
      expect(htmlToSlate(html)).toEqual([{ type: 'paragraph', children: [{ text: '' }] }]);
    }
  });

  describe('links keep only http, https, mailto, tel, sms (and relative) addresses', () => {
    it.each([
      'http://a.example/',
      'https://a.example/x?y=1',
      'mailto:me@a.example',
      'tel:+84912345678',
      'sms:+84912',
      '/posts',
      '#top',
      'page?x=1',
    ])('keeps %s', (href) => {
      expect(htmlToSlate(`<p><a href="${href}">x</a></p>`)[0]).toEqual({
        type: 'paragraph',
        children: [{ text: '' }, { type: 'link', url: href, children: [{ text: 'x' }] }, { text: '' }],
      });
    });

    it.each([
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:x',
      'vbscript:x',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      'ftp://a.example',
      '//evil.example/x',
      'about:config',
    ])('turns %p into about:blank', (href) => {
      const html = read(`<p><a href="${href.replace(/"/g, '&quot;')}">x</a></p>`);
      expect(html).toBe('<p><a href="about:blank">x</a></p>');
    });

    it('keeps the text of an anchor without an address, not a link', () => {
      expect(read('<p><a name="top">Top</a> <a href="">empty</a></p>')).toBe('<p>Top empty</p>');
    });
  });

  describe('images keep only http, https, relative and PNG/JPEG/GIF/WebP data addresses', () => {
    it.each([
      'https://a.example/x.png',
      'http://a.example/x.jpg',
      '/uploads/x.webp',
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/jpeg;base64,/9j/4AAQ',
      'data:image/gif;base64,R0lGOD',
      'data:image/webp;base64,UklGR',
    ])('keeps %s', (src) => {
      expect(read(`<p><img src="${src}"></p>`)).toBe(`<p><img src="${src}" /></p>`);
    });

    it.each([
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html;base64,PGI+',
      'javascript:alert(1)',
      'ftp://a.example/x.png',
      'file:///C:/x.png',
      '//evil.example/x.png',
      '',
    ])('drops an image from %p', (src) => {
      expect(read(`<p>a<img src="${src}">b</p>`)).toBe('<p>ab</p>');
    });

    it('keeps alt text and pixel sizes, nothing else', () => {
      expect(
        read(
          '<img src="/a.png" alt="A &quot;cat&quot;" width="300" height="auto" title="t" class="big" style="float:left" onerror="x()">',
        ),
      ).toBe('<p><img src="/a.png" alt="A &quot;cat&quot;" width="300" /></p>');
    });
  });

  describe('white space, as a browser shows it', () => {
    it('collapses runs of spaces, tabs and newlines, and trims lines', () => {
      expect(read('<p>\n  a \t\n b  <strong> c </strong> d\n</p>')).toBe('<p>a b <strong>c </strong>d</p>');
    });

    it('keeps non-breaking spaces', () => {
      expect(read('<p>&nbsp;a&nbsp;&nbsp;b&nbsp;</p>')).toBe('<p>\u00a0a\u00a0\u00a0b\u00a0</p>');
    });

    it('drops spaces around a line break, and a final line break shows nothing', () => {
      expect(read('<p>a <br>\n b<br></p>')).toBe('<p>a<br />b</p>');
      expect(read('<p>a<br><br></p>')).toBe('<p>a<br /><br /></p>');
    });

    it('keeps spaces in white-space: pre-wrap text (Google Docs)', () => {
      expect(read('<p><span style="white-space:pre-wrap">a   b </span>c</p>')).toBe('<p>a \u00a0\u00a0b c</p>');
    });

    it('keeps code exactly, but for the final newline a browser does not show', () => {
      expect(read('<pre>  indented\n\ttab  \n\n</pre>')).toBe(
        '<pre class="language-plain"><code class="language-plain">  indented\n\ttab  \n\n</code></pre>',
      );
      expect(read('<pre><code>x\n</code></pre>')).toBe(
        '<pre class="language-plain"><code class="language-plain">x</code></pre>',
      );
    });
  });

  describe('line structure', () => {
    it('puts loose text and images into paragraphs', () => {
      expect(read('hello <b>world</b><div>block</div>tail <img src="/a.png">')).toBe(
        '<p>hello <strong>world</strong></p><p>block</p><p>tail <img src="/a.png" /></p>',
      );
    });

    it('makes a line break between blocks an empty line', () => {
      expect(read('<p>a</p><br><p>b</p>')).toBe('<p>a</p><p><br /></p><p>b</p>');
    });

    it('reads headings 1 to 6 only', () => {
      expect(read('<h1>1</h1><h3>3</h3><h6>6</h6><h7>7</h7>')).toBe('<h1>1</h1><h3>3</h3><h6>6</h6><p>7</p>');
    });

    it('reads nested lists as indent levels, clamped at 8', () => {
      let html = 'deepest';
      for (let depth = 0; depth < 11; depth++)
        html = `<ul><li>level ${10 - depth}${html.startsWith('<') ? html : ''}</li></ul>`.replace('deepest', '');
      const out = read(html);
      expect(out).toContain('<li>level 0</li><li class="indent-1">level 1</li>');
      expect(out).toContain(
        '<li class="indent-8">level 8</li><li class="indent-8">level 9</li><li class="indent-8">level 10</li>',
      );
    });

    it('clamps indent classes to 1-8', () => {
      expect(read('<p class="indent-12">a</p><p class="indent-0">b</p><p class="ql-indent-3">c</p>')).toBe(
        '<p class="indent-8">a</p><p>b</p><p class="indent-3">c</p>',
      );
    });

    it('joins neighbouring lists of one type and code blocks of one language', () => {
      expect(read('<ul><li>a</li></ul><ul><li>b</li></ul><ol><li>c</li></ol>')).toBe(
        '<ul><li>a</li><li>b</li></ul><ol><li>c</li></ol>',
      );
      expect(
        read('<pre class="language-sql">a</pre><pre class="language-sql">b</pre><pre class="language-css">c</pre>'),
      ).toBe(
        '<pre class="language-sql"><code class="language-sql">a\nb</code></pre><pre class="language-css"><code class="language-css">c</code></pre>',
      );
    });

    it('keeps block formats out of list items and code, but their text', () => {
      expect(read('<ul><li><h2>Title</h2><blockquote>q</blockquote></li></ul>')).toBe(
        '<ul><li>Title</li><li>q</li></ul>',
      );
      expect(read('<pre><b>bold</b> <a href="/x">link</a><img src="/a.png"></pre>')).toBe(
        '<pre class="language-plain"><code class="language-plain">bold link</code></pre>',
      );
    });
  });

  describe('code languages', () => {
    it.each([
      ['<pre class="language-python">x</pre>', 'python'],
      ['<pre><code class="language-js">x</code></pre>', 'javascript'],
      ['<pre><code class="lang-sh">x</code></pre>', 'bash'],
      ['<pre><code class="hljs language-html">x</code></pre>', 'xml'],
      ['<div class="ql-code-block-container"><div class="ql-code-block" data-language="cpp">x</div></div>', 'cpp'],
      ['<pre class="language-c#">x</pre>', 'csharp'],
      ['<pre class="language-rust">x</pre>', 'plain'],
      ['<pre>x</pre>', 'plain'],
    ])('%s is %s', (html, language) => {
      expect(read(html)).toBe(`<pre class="language-${language}"><code class="language-${language}">x</code></pre>`);
    });
  });

  describe('marks from tags and styles', () => {
    it('reads bold, italic, underline and strikethrough from tags and inline styles', () => {
      expect(
        read(
          '<p><span style="font-weight:700">a</span><span style="font-weight:bolder">b</span><span style="font-style:italic">c</span>' +
            '<span style="text-decoration:underline">d</span><span style="text-decoration-line:line-through">e</span>' +
            '<b style="font-weight:normal">f</b><em style="font-style:normal">g</em><u style="text-decoration:none">h</u></p>',
        ),
      ).toBe('<p><strong>ab</strong><em>c</em><u>d</u><s>e</s>fgh</p>');
    });

    it('reads text colours as #rrggbb and drops other colours and every other style', () => {
      expect(
        read(
          '<p><span style="color: RGB(230, 0, 0)">a</span><span style="color:#06C">b</span><span style="color:teal">c</span>' +
            '<span style="color:rgba(0,0,0,0.5)">d</span><span style="color:transparent">e</span><span style="color:inherit">f</span>' +
            '<span style="color:expression(alert(1))">g</span><span style="background:red;font-size:40px">h</span></p>',
        ),
      ).toBe(
        '<p><span style="color:#e60000">a</span><span style="color:#0066cc">b</span><span style="color:#008080">c</span>defgh</p>',
      );
    });
  });

  it('composes decomposed accents (as the server does, for search)', () => {
    expect(read('<p>Tie\u0302\u0301ng Vie\u0323\u0302t</p>')).toBe('<p>Tiếng Việt</p>');
  });
});
