/* eslint-disable no-script-url -- these tests feed dangerous addresses on purpose */
import type { Descendant } from 'slate';
import { sanitizeRichText } from '@blog/shared/html';
import type { CustomElement, InlineNode } from '../custom-types';
import { slateToHtml } from './slate-to-html';

const paragraph = (...children: InlineNode[]): CustomElement => ({ type: 'paragraph', children });
const write = (...blocks: CustomElement[]): string => slateToHtml(blocks as Descendant[]);

describe('slateToHtml', () => {
  it('writes an empty document as the empty string, and an empty line as <p><br /></p>', () => {
    expect(slateToHtml([])).toBe('');
    expect(write(paragraph({ text: '' }))).toBe('');
    expect(write(paragraph({ text: '' }), paragraph({ text: '' }))).toBe('<p><br /></p><p><br /></p>');
    expect(write({ type: 'paragraph', indent: 2, children: [{ text: '' }] })).toBe('<p class="indent-2"><br /></p>');
  });

  it('nests marks from the colour in, neighbours sharing their tags', () => {
    expect(
      write(
        paragraph(
          { text: 'a', bold: true, color: '#e60000' },
          { text: 'b', bold: true, italic: true, color: '#e60000' },
          { text: 'c', bold: true },
          { text: 'd', underline: true, strike: true },
        ),
      ),
    ).toBe('<p><span style="color:#e60000"><strong>a<em>b</em></strong></span><strong>c</strong><u><s>d</s></u></p>');
  });

  it('writes only #rrggbb colours', () => {
    expect(
      write(paragraph({ text: 'a', color: 'red' }, { text: 'b', color: 'url(x)' }, { text: 'c', color: '#0066cc' })),
    ).toBe('<p>ab<span style="color:#0066cc">c</span></p>');
  });

  it('keeps spaces a browser would collapse as non-breaking spaces', () => {
    expect(write(paragraph({ text: ' a  b   c ' }))).toBe('<p>\u00a0a \u00a0b \u00a0\u00a0c\u00a0</p>');
    expect(write(paragraph({ text: 'a \n b' }))).toBe('<p>a\u00a0<br />\u00a0b</p>');
    expect(write(paragraph({ text: 'a ', bold: true }, { text: ' b' }))).toBe('<p><strong>a </strong>\u00a0b</p>');
  });

  it('writes line breaks, with one more after a final one', () => {
    expect(write(paragraph({ text: 'a\nb' }))).toBe('<p>a<br />b</p>');
    expect(write(paragraph({ text: 'a\n' }))).toBe('<p>a<br /><br /></p>');
    expect(write(paragraph({ text: '\n' }))).toBe('<p><br /><br /></p>');
  });

  it('escapes text and attributes, and drops control characters', () => {
    expect(write(paragraph({ text: '<b>&"\'\u0000\u0007' }))).toBe('<p>&lt;b&gt;&amp;"\'</p>');
    expect(write(paragraph({ type: 'image', url: '/a.png', alt: '"><script>', children: [{ text: '' }] }))).toBe(
      '<p><img src="/a.png" alt="&quot;&gt;&lt;script&gt;" /></p>',
    );
  });

  it('turns tabs into spaces outside code, and keeps them in code', () => {
    expect(write(paragraph({ text: 'a\tb' }))).toBe('<p>a b</p>');
    expect(
      write({ type: 'code-block', language: 'plain', children: [{ type: 'code-line', children: [{ text: '\tx' }] }] }),
    ).toBe('<pre class="language-plain"><code class="language-plain">\tx</code></pre>');
  });

  it('writes links through the link rule, with new-tab links made safe', () => {
    expect(
      write(
        paragraph(
          { type: 'link', url: 'javascript:alert(1)', children: [{ text: 'bad' }] },
          { text: ' ' },
          { type: 'link', url: 'https://a.example/?a=1&b=2', newTab: true, children: [{ text: 'good', bold: true }] },
          { type: 'link', url: '/empty', children: [{ text: '' }] },
        ),
      ),
    ).toBe(
      '<p><a href="about:blank">bad</a> <a href="https://a.example/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer"><strong>good</strong></a></p>',
    );
  });

  it('writes images through the image rule, with whole positive sizes only', () => {
    expect(
      write(
        paragraph(
          { type: 'image', url: 'javascript:alert(1)', children: [{ text: '' }] },
          { type: 'image', url: 'data:image/svg+xml;base64,PHN2Zz4=', children: [{ text: '' }] },
          { type: 'image', url: 'https://a.example/x.png', width: 10, height: 0, children: [{ text: '' }] },
          { type: 'image', url: '/y.png', width: 1.5, height: 20, children: [{ text: '' }] },
        ),
      ),
    ).toBe('<p><img src="https://a.example/x.png" width="10" /><img src="/y.png" height="20" /></p>');
  });

  it('writes code with its language on <pre> and <code>, escaped, keeping a final empty line', () => {
    expect(
      write({
        type: 'code-block',
        language: 'javascript',
        children: [
          { type: 'code-line', children: [{ text: 'if (a < b && c) {}' }] },
          { type: 'code-line', children: [{ text: '' }] },
        ],
      }),
    ).toBe(
      '<pre class="language-javascript"><code class="language-javascript">if (a &lt; b &amp;&amp; c) {}\n\n</code></pre>',
    );
    expect(
      write({
        type: 'code-block',
        language: 'cobol' as 'plain',
        children: [{ type: 'code-line', children: [{ text: 'x' }] }],
      }),
    ).toBe('<pre class="language-plain"><code class="language-plain">x</code></pre>');
  });

  it('writes indent levels 1-8 only', () => {
    expect(
      write(
        { type: 'paragraph', indent: 12, children: [{ text: 'a' }] },
        { type: 'heading', level: 3, indent: 0, children: [{ text: 'b' }] },
        { type: 'block-quote', indent: -1, children: [{ text: 'c' }] },
        { type: 'bulleted-list', children: [{ type: 'list-item', indent: 8, children: [{ text: 'd' }] }] },
      ),
    ).toBe('<p class="indent-8">a</p><h3>b</h3><blockquote>c</blockquote><ul><li class="indent-8">d</li></ul>');
  });

  it('composes decomposed accents', () => {
    expect(write(paragraph({ text: 'Tie\u0302\u0301ng' }))).toBe('<p>Tiếng</p>');
  });

  it('writes only what the shared policy keeps unchanged', () => {
    const html = write(
      { type: 'heading', level: 2, indent: 1, children: [{ text: 'T', color: '#e60000', bold: true }] },
      paragraph({ text: ' x  ' }, { type: 'link', url: 'sms:+84', children: [{ text: 'sms' }] }, { text: '\n' }),
      { type: 'numbered-list', children: [{ type: 'list-item', indent: 3, children: [{ text: 'i', strike: true }] }] },
    );
    expect(sanitizeRichText(html)).toBe(html);
  });
});
