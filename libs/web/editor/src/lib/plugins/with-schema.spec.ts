/* eslint-disable no-script-url -- these tests feed dangerous addresses on purpose */
import type { Descendant } from 'slate';
import { normalizeDocument } from '../normalize-document';
import { slateToHtml } from '../serialization/slate-to-html';

/** The schema plugins (withBlocks, withLists, withCodeBlocks, withLinks, withImages) keep the model in shape. */
const normalized = (nodes: unknown[]): Descendant[] => normalizeDocument(nodes as Descendant[]);
const html = (nodes: unknown[]): string => slateToHtml(normalized(nodes));

describe('withBlocks', () => {
  it('gives an empty document one paragraph, and puts loose text in a paragraph', () => {
    expect(normalized([])).toEqual([{ type: 'paragraph', children: [{ text: '' }] }]);
    expect(normalized([{ text: 'loose' }])).toEqual([{ type: 'paragraph', children: [{ text: 'loose' }] }]);
  });

  it('turns unknown element types into paragraphs', () => {
    expect(html([{ type: 'marquee', children: [{ text: 'x' }] } as never])).toBe('<p>x</p>');
  });

  it('clamps indent levels to 1-8 and keeps them on indentable lines only', () => {
    expect(
      normalized([
        { type: 'paragraph', indent: 9, children: [{ text: 'a' }] },
        { type: 'paragraph', indent: 0, children: [{ text: 'b' }] },
        { type: 'heading', level: 2, indent: -3, children: [{ text: 'c' }] },
        { type: 'block-quote', indent: 2.7, children: [{ text: 'd' }] },
        {
          type: 'code-block',
          language: 'plain',
          children: [{ type: 'code-line', indent: 3, children: [{ text: 'e' }] }],
        },
      ]),
    ).toEqual([
      { type: 'paragraph', indent: 8, children: [{ text: 'a' }] },
      { type: 'paragraph', children: [{ text: 'b' }] },
      { type: 'heading', level: 2, children: [{ text: 'c' }] },
      { type: 'block-quote', indent: 2, children: [{ text: 'd' }] },
      { type: 'code-block', language: 'plain', children: [{ type: 'code-line', children: [{ text: 'e' }] }] },
    ]);
  });

  it('keeps heading levels 1-6', () => {
    expect(
      html([
        { type: 'heading', level: 9, children: [{ text: 'a' }] },
        { type: 'heading', level: 0, children: [{ text: 'b' }] },
      ]),
    ).toBe('<h6>a</h6><h1>b</h1>');
    expect(normalized([{ type: 'paragraph', level: 2, children: [{ text: 'p' }] }])).toEqual([
      { type: 'paragraph', children: [{ text: 'p' }] },
    ]);
  });

  it('drops colours that are not #rrggbb and decoration leftovers', () => {
    expect(
      normalized([
        {
          type: 'paragraph',
          children: [
            { text: 'a', color: 'red' },
            { text: 'b', token: 'hljs-keyword' },
          ],
        },
      ]),
    ).toEqual([{ type: 'paragraph', children: [{ text: 'ab' }] }]);
  });

  it('lifts a block nested in a line out of it, keeping the text around it', () => {
    expect(
      html([
        {
          type: 'paragraph',
          children: [
            { text: 'before' },
            { type: 'heading', level: 2, children: [{ text: 'inner' }] },
            { text: 'after' },
          ],
        },
      ]),
    ).toBe('<p>before</p><h2>inner</h2><p>after</p>');
  });
});

describe('withLists', () => {
  it('joins neighbouring lists of one type, not of two types', () => {
    expect(
      html([
        { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'a' }] }] },
        { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'b' }] }] },
        { type: 'numbered-list', children: [{ type: 'list-item', children: [{ text: 'c' }] }] },
      ]),
    ).toBe('<ul><li>a</li><li>b</li></ul><ol><li>c</li></ol>');
  });

  it('makes every child of a list an item, and every item part of a list', () => {
    expect(
      html([
        {
          type: 'numbered-list',
          children: [
            { type: 'paragraph', children: [{ text: 'p' }] },
            { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'nested' }] }] },
          ],
        },
        { type: 'list-item', children: [{ text: 'stray' }] },
      ]),
    ).toBe('<ol><li>p</li><li>nested</li></ol><ul><li>stray</li></ul>');
  });

  it('removes an empty list', () => {
    expect(
      html([
        { type: 'bulleted-list', children: [] },
        { type: 'paragraph', children: [{ text: 'x' }] },
      ]),
    ).toBe('<p>x</p>');
  });
});

describe('withCodeBlocks', () => {
  it('keeps code plain: no marks, links or images, one line per line', () => {
    expect(
      normalized([
        {
          type: 'code-block',
          language: 'javascript',
          children: [
            {
              type: 'code-line',
              children: [
                { text: 'a', bold: true, color: '#e60000' },
                { type: 'link', url: '/x', children: [{ text: 'b' }] },
                { type: 'image', url: '/i.png', children: [{ text: '' }] },
                { text: 'c\nd' },
              ],
            },
          ],
        },
      ]),
    ).toEqual([
      {
        type: 'code-block',
        language: 'javascript',
        children: [
          { type: 'code-line', children: [{ text: 'abc' }] },
          { type: 'code-line', children: [{ text: 'd' }] },
        ],
      },
    ]);
  });

  it('falls back to plain for an unknown language, and joins neighbouring blocks of one language', () => {
    expect(
      html([
        { type: 'code-block', language: 'cobol', children: [{ type: 'code-line', children: [{ text: 'a' }] }] },
        { type: 'code-block', language: 'plain', children: [{ type: 'code-line', children: [{ text: 'b' }] }] },
        { type: 'code-block', language: 'sql', children: [{ type: 'code-line', children: [{ text: 'c' }] }] },
      ]),
    ).toBe(
      '<pre class="language-plain"><code class="language-plain">a\nb</code></pre><pre class="language-sql"><code class="language-sql">c</code></pre>',
    );
  });

  it('puts stray code lines into a code block, and other lines of a code block become code', () => {
    expect(
      html([
        { type: 'code-line', children: [{ text: 'stray' }] },
        { type: 'paragraph', children: [{ text: 'p' }] },
        { type: 'code-block', language: 'css', children: [{ type: 'heading', level: 1, children: [{ text: 'h' }] }] },
      ]),
    ).toBe(
      '<pre class="language-plain"><code class="language-plain">stray</code></pre><p>p</p><pre class="language-css"><code class="language-css">h</code></pre>',
    );
  });
});

describe('withLinks and withImages', () => {
  it('applies the link rule to link addresses in the document itself', () => {
    expect(
      normalized([
        {
          type: 'paragraph',
          children: [
            { text: '' },
            { type: 'link', url: 'javascript:alert(1)', children: [{ text: 'x' }] },
            { text: '' },
          ],
        },
      ]),
    ).toEqual([
      {
        type: 'paragraph',
        children: [{ text: '' }, { type: 'link', url: 'about:blank', children: [{ text: 'x' }] }, { text: '' }],
      },
    ]);
  });

  it('removes images whose address the image rule refuses', () => {
    expect(
      html([
        {
          type: 'paragraph',
          children: [
            { text: 'a' },
            { type: 'image', url: 'data:image/svg+xml;base64,PHN2Zz4=', children: [{ text: '' }] },
            { type: 'image', url: 'https://a.example/ok.png', children: [{ text: '' }] },
            { type: 'image', url: 'javascript:x', children: [{ text: '' }] },
            { text: 'b' },
          ],
        },
      ]),
    ).toBe('<p>a<img src="https://a.example/ok.png" />b</p>');
  });

  it('removes empty links, unwraps nested links and lifts images out of links', () => {
    expect(
      html([
        {
          type: 'paragraph',
          children: [
            { text: '' },
            { type: 'link', url: '/empty', children: [{ text: '' }] },
            { text: '' },
            {
              type: 'link',
              url: '/outer',
              children: [{ text: 'a' }, { type: 'link', url: '/inner', children: [{ text: 'b' }] }, { text: 'c' }],
            },
            { text: '' },
            {
              type: 'link',
              url: '/pic',
              children: [{ text: 'x' }, { type: 'image', url: '/i.png', children: [{ text: '' }] }, { text: 'y' }],
            },
            { text: '' },
          ],
        },
      ]),
    ).toBe('<p><a href="/outer">abc</a><a href="/pic">x</a><img src="/i.png" /><a href="/pic">y</a></p>');
  });
});
