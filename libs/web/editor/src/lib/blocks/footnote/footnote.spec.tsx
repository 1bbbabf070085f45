import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Transforms } from 'slate';
import { sanitizeRichText } from '@blog/shared/html';
import { renderEditor } from '../../testing/render-editor';
import { insertFootnote } from './commands';
import { htmlToSlate } from '../../serialization/html-to-slate';
import { slateToHtml } from '../../serialization/slate-to-html';

const ref = (n: number) => `<sup class="footnote-ref"><a href="#fn-${n}" id="fnref-${n}">${n}</a></sup>`;
const note = (n: number, text: string) =>
  `<li id="fn-${n}">${text} <a class="footnote-back" href="#fnref-${n}" aria-label="Back to reference ${n}">↩</a></li>`;

describe('footnotes', () => {
  it('are inserted at the caret, written in their field, numbered in order and listed at the end', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>Phở bò</p><p>Bún chả</p>');
    await field.cursorAt('Bún chả');
    await user.click(screen.getByRole('button', { name: 'Footnote' }));
    await user.type(screen.getByRole('textbox', { name: 'Footnote 1 text' }), 'Hà Nội, 1959.{Enter}');
    await field.cursorAt('Phở');
    await user.click(screen.getByRole('button', { name: 'Footnote' }));
    await user.type(screen.getByRole('textbox', { name: 'Footnote 1 text' }), 'A noodle soup.{Enter}');
    await field.flush();
    const html = `<p>Phở${ref(1)} bò</p><p>Bún chả${ref(2)}</p><ol class="footnotes">${note(1, 'A noodle soup.')}${note(2, 'Hà Nội, 1959.')}</ol>`;
    expect(field.html()).toBe(html);
    expect(sanitizeRichText(html)).toBe(html);
    expect(slateToHtml(htmlToSlate(html))).toBe(html);

    // Moving the paragraphs renumbers the notes.
    await act(async () => Transforms.moveNodes(field.editor(), { at: [1], to: [0] }));
    await field.flush();
    expect(field.html()).toBe(
      `<p>Bún chả${ref(1)}</p><p>Phở${ref(2)} bò</p><ol class="footnotes">${note(1, 'Hà Nội, 1959.')}${note(2, 'A noodle soup.')}</ol>`,
    );
  });

  it('stay out of links, and keep their text through a paste of the public page', async () => {
    const pasted = `<p><a href="/x">Phở</a>${ref(3)}</p><ol class="footnotes">${note(3, 'Soup &amp; noodles')}</ol>`;
    expect(slateToHtml(htmlToSlate(pasted))).toBe(
      `<p><a href="/x">Phở</a>${ref(1)}</p><ol class="footnotes">${note(1, 'Soup &amp; noodles')}</ol>`,
    );
    const field = renderEditor('<p><a href="/x">Phở bò</a></p>');
    await field.cursorAt('Phở');
    await act(async () => insertFootnote(field.editor()));
    await field.flush();
    expect(field.html()).toBe(
      `<p><a href="/x">Phở</a>${ref(1)}<a href="/x"> bò</a></p><ol class="footnotes">${note(1, '')}</ol>`,
    );
  });
});
