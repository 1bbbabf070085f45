import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderEditor } from '../../testing/render-editor';
import { htmlToSlate } from '../../serialization/html-to-slate';
import { slateToHtml } from '../../serialization/slate-to-html';

const entry = (inner: string) => `<div class="vocabulary-entry">${inner}</div>`;

describe('vocabulary block', () => {
  it('is inserted from the toolbar, written in its fields, words added and removed', async () => {
    const user = userEvent.setup();
    const field = renderEditor('<p>Bài 1</p>');
    await field.cursorAt('Bài 1');
    await user.click(screen.getByRole('button', { name: 'Vocabulary' }));
    await user.type(screen.getByRole('textbox', { name: 'Word 1' }), 'look after');
    await user.type(screen.getByRole('textbox', { name: 'IPA 1' }), '/lʊk ˈɑːf.tər/');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Part of speech 1' }), 'phrasal verb');
    await user.type(screen.getByRole('textbox', { name: 'Meaning (Vietnamese) 1' }), 'chăm sóc');
    await user.type(screen.getByRole('textbox', { name: 'Example 1' }), 'She looks after her sister.');
    expect(screen.getByRole('textbox', { name: 'Word 1' })).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('textbox', { name: 'Meaning (Vietnamese) 1' })).toHaveAttribute('lang', 'vi');

    await user.click(screen.getByRole('button', { name: 'Add a word' }));
    await user.type(screen.getByRole('textbox', { name: 'Word 2' }), 'sunrise');
    await user.click(screen.getByRole('button', { name: 'Add a word' }));
    await user.type(screen.getByRole('textbox', { name: 'Word 3' }), 'gone');
    await user.click(screen.getByRole('button', { name: 'Remove word 3' }));
    await field.flush();
    expect(field.html()).toBe(
      '<p>Bài 1</p><dl class="vocabulary">' +
        entry(
          '<dt><span class="vocabulary-word" lang="en">look after</span> <span class="vocabulary-ipa">/lʊk ˈɑːf.tər/</span> ' +
            '<span class="vocabulary-pos">phrasal verb</span></dt><dd class="vocabulary-meaning" lang="vi">chăm sóc</dd>' +
            '<dd class="vocabulary-example" lang="en">She looks after her sister.</dd>',
        ) +
        entry('<dt><span class="vocabulary-word" lang="en">sunrise</span></dt>') +
        '</dl><p><br /></p>',
    );

    // Reading it back gives the same block; removing its last word removes it.
    expect(slateToHtml(htmlToSlate(field.html() ?? ''))).toBe(field.html());
    await user.click(screen.getByRole('button', { name: 'Remove word 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove word 1' }));
    await field.flush();
    expect(field.html()).toBe('<p>Bài 1</p><p><br /></p>');
  });

  it('an empty word is not written, and a list of no word is no list', () => {
    expect(
      slateToHtml([{ type: 'vocabulary', entries: [{ word: ' ', meaning: 'x' }], children: [{ text: '' }] }]),
    ).toBe('');
  });
});
