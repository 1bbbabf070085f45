import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sanitizeRichText } from '@blog/shared/html';
import { htmlToSlate } from './html-to-slate';
import { slateToHtml } from './slate-to-html';

/** Pasting foreign HTML keeps the supported formatting and drops everything else. */

const fixture = (name: string): string => readFileSync(join(__dirname, '../testing/fixtures', name), 'utf8');
const paste = (html: string): string => slateToHtml(htmlToSlate(html));

describe('pasting from Google Docs', () => {
  const html = paste(fixture('google-docs.html'));

  it('keeps headings, marks, colours, lists with their levels, links and images', () => {
    expect(html).toBe(
      [
        '<h1>Trip to Hà Giang</h1>',
        '<p><strong>Bold</strong>, <em>italic</em>, <u>underlined</u>, <s>struck</s> and <span style="color:#ff0000">red on yellow</span>1</p>',
        '<p><br /></p>',
        '<ul><li>Đồng Văn</li><li class="indent-1">Mã Pí Lèng pass</li></ul>',
        '<ol><li>Rent a motorbike</li></ol>',
        '<p><a href="https://vietnam.travel/"><span style="color:#1155cc"><u>official guide</u></span></a> ',
        '<img src="https://lh7-us.googleusercontent.com/docsz/AD_4nXabc" width="200" height="100" /></p>',
      ].join(''),
    );
  });

  it('does not make everything bold (the <b> wrapper is not bold) nor black (the default colour)', () => {
    expect(html).not.toContain('#000000');
    expect(html.match(/<strong>/g)).toHaveLength(1);
  });

  it('drops fonts, sizes, backgrounds and positions', () => {
    expect(html).not.toMatch(/font|background|vertical-align|dir=|role=|aria-level/);
  });
});

describe('pasting from Word', () => {
  const html = paste(fixture('word.html'));

  it('turns list paragraphs into lists (bullets, numbers, levels) without their typed markers', () => {
    expect(html).toContain(
      '<ul><li>First bullet</li><li class="indent-1">Nested <strong>bullet</strong></li><li>Second bullet</li></ul>',
    );
    expect(html).toContain('<ol><li>First step</li><li>Second step</li></ol>');
    expect(html).not.toMatch(/·|1\.|2\.|>o</);
  });

  it('keeps headings, marks, colours (named and theme) and links; empty paragraphs stay empty lines', () => {
    expect(html).toBe(
      [
        '<h2>Heading from Word</h2>',
        '<p><strong>Bold</strong> and <em>italic</em> and <u>underlined</u> and <s>struck</s> and ',
        '<span style="color:#ff0000">red</span> and <span style="color:#2f5496">blue</span> and <strong><em>both</em></strong></p>',
        '<p><br /></p>',
        '<ul><li>First bullet</li><li class="indent-1">Nested <strong>bullet</strong></li><li>Second bullet</li></ul>',
        '<ol><li>First step</li><li>Second step</li></ol>',
        '<p><a href="https://example.com/">A link</a> and an anchor</p>',
      ].join(''),
    );
  });

  it('drops the local file:// images, conditional comments, VML and Office tags', () => {
    expect(html).not.toMatch(/file:|clip_image|mso|o:p|v:shape|StartFragment|supportLists/i);
  });
});

describe('pasting a web page', () => {
  const html = paste(fixture('web-page.html'));

  it('keeps the content and the supported formatting', () => {
    expect(html).toBe(
      [
        '<p><a href="/">Home</a></p>',
        '<h1><span style="color:#333333">How to <em>bake</em> bread</span></h1>',
        '<p>Mix <strong>500 g</strong> flour with water. Knead for <strong>10 minutes</strong>.</p>',
        // A web page's captioned image stays a figure with its caption.
        '<figure><img src="https://example.com/bread.jpg" alt="A loaf" width="800" height="600" /><figcaption>Fresh bread</figcaption></figure>',
        '<pre class="language-javascript"><code class="language-javascript">const loaves = 2;\nconsole.log(loaves);</code></pre>',
        '<p>Click <a href="about:blank">here</a> or <a href="https://example.com/more" target="_blank" rel="noopener noreferrer">read more</a>.</p>',
        '<div class="table-scroll" tabindex="0"><table><tbody><tr><td>Flour</td><td>500 g</td></tr></tbody></table></div>',
        '<blockquote>Bread is life.</blockquote>',
        '<ul><li>One</li><li>Two</li><li class="indent-1">Two and a half</li></ul>',
        '<p><img src="https://example.com/pixel.gif" width="1" height="1" /></p>',
        '<p><span style="color:#008a00">old green</span> marked inline code 2</p>',
      ].join(''),
    );
  });

  it('drops scripts, handlers, frames, forms, hidden text, SVG images and styles', () => {
    for (const gone of [
      'alert',
      'onclick',
      'onerror',
      'onload',
      'iframe',
      'youtube',
      'secret',
      'Subscribe',
      'hidden text',
      'svg',
      'vector',
      'Enable JavaScript',
      'srcset',
      'font-size',
      'Georgia',
      'rel="opener"',
      'class="post"',
    ]) {
      expect(html).not.toContain(gone);
    }
  });
});

describe('pasting content written by Quill (the old editor)', () => {
  it('maps Quill indents, Quill 2 lists and both kinds of Quill code blocks', () => {
    expect(paste(fixture('quill.html'))).toBe(
      [
        '<p class="indent-1">Indented by Quill</p>',
        '<ul><li>Quill 2 bullet</li></ul><ol><li class="indent-1">Quill 2 number</li></ol>',
        '<pre class="language-plain"><code class="language-plain">quill 1 code</code></pre>',
        '<pre class="language-javascript"><code class="language-javascript">let a;\na = 1;</code></pre>',
        '<p><span style="color:#e60000">Quill red</span></p>',
      ].join(''),
    );
  });
});

it.each(['google-docs.html', 'word.html', 'web-page.html', 'quill.html'])(
  'what is kept of %s is what the server keeps',
  (name) => {
    const html = paste(fixture(name));
    expect(sanitizeRichText(html)).toBe(html);
    expect(paste(html)).toBe(html);
  },
);
