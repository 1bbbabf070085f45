import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sanitizeRichText } from '@blog/shared/html';
import type { Descendant } from 'slate';
import type { TopLevelElement } from '../custom-types';
import { normalizeDocument } from '../normalize-document';
import { htmlToSlate } from './html-to-slate';
import { slateToHtml } from './slate-to-html';

/** Tables, rules, callouts, poems and inline languages: editor → HTML → editor, and pastes of real clipboards. */

const fixture = (name: string): string => readFileSync(join(__dirname, '../testing/fixtures', name), 'utf8');
const paste = (html: string): string => slateToHtml(htmlToSlate(html));
const scroll = (table: string): string => `<div class="table-scroll" tabindex="0"><table>${table}</table></div>`;

describe('editor → HTML → editor', () => {
  const documents: Record<string, TopLevelElement[]> = {
    table: [
      {
        type: 'table',
        header: true,
        caption: 'Verbs',
        children: [
          {
            type: 'table-row',
            children: [
              { type: 'table-cell', children: [{ text: 'Base' }] },
              { type: 'table-cell', children: [{ text: 'Past', bold: true }] },
            ],
          },
          {
            type: 'table-row',
            children: [
              { type: 'table-cell', children: [{ text: 'go\nđi' }] },
              { type: 'table-cell', children: [{ text: '' }] },
            ],
          },
        ],
      },
      { type: 'paragraph', children: [{ text: 'after' }] },
    ],
    rule: [
      { type: 'paragraph', children: [{ text: 'a' }] },
      { type: 'rule', children: [{ text: '' }] },
      { type: 'paragraph', children: [{ text: 'b' }] },
    ],
    callout: [
      { type: 'callout', kind: 'warning', children: [{ text: 'Careful: ' }, { text: 'false friends', italic: true }] },
    ],
    poem: [
      {
        type: 'poem',
        title: 'Title',
        author: 'Author',
        centered: true,
        children: [
          { type: 'poem-line', children: [{ text: 'first line' }] },
          { type: 'poem-line', children: [{ text: '\u00a0\u00a0\u00a0\u00a0indented' }] },
          { type: 'poem-line', children: [{ text: '' }] },
          { type: 'poem-line', children: [{ text: 'next stanza' }] },
        ],
      },
    ],
    language: [
      {
        type: 'paragraph',
        children: [
          { text: 'Từ ' },
          { text: 'sunrise', lang: 'en' },
          { text: ' là ' },
          { text: 'bình minh', lang: 'vi', bold: true },
        ],
      },
    ],
  };

  it.each(Object.entries(documents))('%s comes back the same', (_name, document) => {
    const normalized = normalizeDocument(document as Descendant[]);
    expect(normalized).toEqual(document);
    const html = slateToHtml(normalized);
    expect(sanitizeRichText(html)).toBe(html);
    expect(htmlToSlate(html)).toEqual(normalized);
  });

  it('writes the table accessibly: a header row of <th scope="col">, the caption, the scrolling box', () => {
    expect(slateToHtml(documents['table'])).toBe(
      scroll(
        '<caption>Verbs</caption><thead><tr><th scope="col">Base</th><th scope="col"><strong>Past</strong></th></tr></thead>' +
          '<tbody><tr><td>go<br />đi</td><td><br /></td></tr></tbody>',
      ) + '<p>after</p>',
    );
  });

  it('writes a poem that keeps its indentation and an empty line between stanzas', () => {
    expect(slateToHtml(documents['poem'])).toBe(
      '<div class="poem poem-centered"><p class="poem-title">Title</p><p class="poem-line">first line</p>' +
        '<p class="poem-line">\u00a0\u00a0\u00a0\u00a0indented</p><p class="poem-line"><br /></p>' +
        '<p class="poem-line">next stanza</p><p class="poem-author">Author</p></div>',
    );
  });
});

describe('normalising the new blocks', () => {
  it('pads short rows, wraps stray cells and lifts a table out of a list', () => {
    const doc = normalizeDocument([
      {
        type: 'table',
        children: [
          {
            type: 'table-row',
            children: [
              { type: 'table-cell', children: [{ text: 'a' }] },
              { type: 'table-cell', children: [{ text: 'b' }] },
            ],
          },
          { type: 'table-cell', children: [{ text: 'c' }] },
        ],
      },
    ] as Descendant[]);
    expect(slateToHtml(doc)).toBe(
      scroll('<tbody><tr><td>a</td><td>b</td></tr><tr><td>c</td><td><br /></td></tr></tbody>'),
    );
  });

  it('makes a line break in a poem line two lines, and drops an unknown callout kind and language', () => {
    const doc = normalizeDocument([
      { type: 'poem', children: [{ type: 'poem-line', children: [{ text: 'one\n  two' }] }] },
      { type: 'callout', kind: 'danger', children: [{ text: 'x', lang: 'fr' }] },
    ] as unknown as Descendant[]);
    expect(slateToHtml(doc)).toBe(
      '<div class="poem"><p class="poem-line">one</p><p class="poem-line">\u00a0\u00a0two</p></div>' +
        '<div class="callout callout-note" role="note"><p class="callout-label">Note</p><p>x</p></div>',
    );
  });
});

describe('pasting tables', () => {
  it('from Google Docs keeps the table (paragraphs in a cell are its lines), and the text around it', () => {
    expect(paste(fixture('google-docs-table.html'))).toBe(
      '<p>Simple past of common verbs:</p><p><br /></p>' +
        scroll(
          '<tbody><tr><td><strong>Base</strong></td><td><strong>Past</strong></td><td><strong>Nghĩa</strong></td></tr>' +
            '<tr><td>go</td><td>went</td><td>đi<br />(đi học, đi chơi)</td></tr>' +
            '<tr><td>eat</td><td>ate</td><td><br /></td></tr></tbody>',
        ) +
        '<p>After the table.</p>',
    );
  });

  it('from Word keeps the table without its layout, nor a language on every run', () => {
    const html = paste(fixture('word-table.html'));
    expect(html).toBe(
      '<p>Bảng từ vựng</p>' +
        scroll(
          '<tbody><tr><td><strong>Word</strong></td><td><strong>Nghĩa</strong></td></tr>' +
            '<tr><td>sunrise</td><td>bình minh</td></tr></tbody>',
        ) +
        '<p><br /></p>',
    );
  });

  it('from Google Sheets keeps the cells, their line breaks, empty cells and right-aligned numbers', () => {
    expect(paste(fixture('google-sheets.html'))).toBe(
      scroll(
        '<tbody><tr><td><strong>Word</strong></td><td><strong>IPA</strong></td><td><strong>Score</strong></td></tr>' +
          '<tr><td>thought</td><td>/θɔːt/</td><td class="align-right">9.5</td></tr>' +
          '<tr><td>two<br />lines</td><td><br /></td><td class="align-right">7</td></tr></tbody>',
      ),
    );
  });

  it("keeps Google Docs' and Word's cell alignment (their paragraphs'), as a class, never a style", () => {
    // Google Docs aligns the paragraphs in a cell.
    expect(
      paste(
        '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><div dir="ltr" style="margin-left:0pt;" align="left"><table style="border:none;border-collapse:collapse;"><colgroup><col width="100" /><col width="100" /></colgroup><tbody>' +
          '<tr style="height:0pt"><td style="border-left:solid #000000 1pt;vertical-align:top;padding:5pt 5pt 5pt 5pt;overflow:hidden;overflow-wrap:break-word;"><p dir="ltr" style="line-height:1.2;text-align: center;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;">go</span></p></td>' +
          '<td style="vertical-align:top;padding:5pt 5pt 5pt 5pt;"><p dir="ltr" style="line-height:1.2;text-align: right;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;">went</span></p><p dir="ltr" style="line-height:1.2;text-align: right;margin-top:0pt;margin-bottom:0pt;"><span>(past)</span></p></td>' +
          '<td style="vertical-align:top;"><p dir="ltr" style="line-height:1.2;margin-top:0pt;margin-bottom:0pt;"><span>đi</span></p></td></tr></tbody></table></div></b>',
      ),
    ).toBe(
      scroll(
        '<tbody><tr><td class="align-center">go</td><td class="align-right">went<br />(past)</td><td>đi</td></tr></tbody>',
      ),
    );
    // Word writes `align=center` on the cell's paragraph (and `valign` on the cell, which is not alignment).
    expect(
      paste(
        "<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0><tr><td width=150 valign=top style='width:112.5pt;padding:0cm 5.4pt 0cm 5.4pt'><p class=MsoNormal align=center style='text-align:center'><span lang=EN-US>Word</span><o:p></o:p></p></td>" +
          "<td width=150 valign=top><p class=MsoNormal align=right style='text-align:right'>12<o:p></o:p></p></td>" +
          '<td width=150 valign=top><p class=MsoNormal>left<o:p></o:p></p></td></tr></table>',
      ),
    ).toBe(
      scroll('<tbody><tr><td class="align-center">Word</td><td class="align-right">12</td><td>left</td></tr></tbody>'),
    );
  });

  it('keeps the columns of a table with merged cells: the text in the first cell, the covered ones empty', () => {
    // Google Docs' grammar table: a tense merged over two rows, a note merged over two columns.
    expect(
      paste(
        '<table><tbody><tr><td rowspan="2"><p>Present simple</p></td><td><p>I go</p></td><td><p>tôi đi</p></td></tr>' +
          '<tr><td><p>She goes</p></td><td><p>cô ấy đi</p></td></tr>' +
          '<tr><td><p>Past</p></td><td colspan="2"><p>went</p></td></tr></tbody></table>',
      ),
    ).toBe(
      scroll(
        '<tbody><tr><td>Present simple</td><td>I go</td><td>tôi đi</td></tr>' +
          '<tr><td><br /></td><td>She goes</td><td>cô ấy đi</td></tr>' +
          '<tr><td>Past</td><td>went</td><td><br /></td></tr></tbody>',
      ),
    );
  });

  it('reads a web page table with <thead> and a caption as a header row and caption', () => {
    expect(
      paste(
        '<table class="wikitable" style="width:900px"><caption> Prices </caption><thead><tr><th>Dish</th><th>Price</th></tr></thead><tbody><tr><td>Phở</td><td>40.000₫</td></tr></tbody></table>',
      ),
    ).toBe(
      scroll(
        '<caption>Prices</caption><thead><tr><th scope="col">Dish</th><th scope="col">Price</th></tr></thead>' +
          '<tbody><tr><td>Phở</td><td>40.000₫</td></tr></tbody>',
      ),
    );
  });
});

describe('pasting poems and languages', () => {
  it('keeps the lines of a poem pasted with line breaks', () => {
    expect(paste('<div class="poem"><p class="poem-line">one<br>two</p></div>')).toBe(
      '<div class="poem"><p class="poem-line">one</p><p class="poem-line">two</p></div>',
    );
  });

  it('keeps <span lang="en"> and <span lang="vi"> from another page', () => {
    expect(paste('<p>Say <span lang="en" class="x">hello</span></p>')).toBe('<p>Say <span lang="en">hello</span></p>');
  });
});
