import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { removePostsWithSlug, startNewPost } from './support/admin';
import { queryDatabase, structuredData, WIDTHS } from './support/site';

// Issue 23 (points 1, 4, 5, 6, 9): a lesson written with the toolbar, a table typed with Tab, a rule, a
// callout, a poem with indented lines, an English word and a vocabulary list, shown to visitors as written,
// with no script of their own, the table scrolling in its own box on a phone.

const POST = { title: 'Editor blocks check', slug: 'editor-blocks-check' };
/** Wider than a phone: no space or hyphen to break at. */
const LONG_CELL = 'wentisthepasttenseofgoanirregularverbform';

test.describe('editor blocks', () => {
  test.beforeEach(async () => {
    await removePostsWithSlug(POST.slug);
  });

  test.afterEach(async () => {
    await removePostsWithSlug(POST.slug);
  });

  test('a table, a rule, a callout, a poem and an English word go from the toolbar to the public page', async ({
    page,
  }) => {
    const content = await startNewPost(page, POST.title);
    // The post's own editor (the page has another, for the excerpt).
    const editor = page.locator('.rte').filter({ has: content });
    await content.click();
    await page.keyboard.type('Simple past');

    // A 2 × 2 table with its header row, typed cell to cell with Tab.
    await editor.getByRole('button', { name: 'Insert table' }).click();
    const form = editor.getByRole('dialog', { name: 'Insert a table' });
    await form.getByLabel('Rows').fill('2');
    await form.getByLabel('Columns').fill('2');
    await form.getByRole('button', { name: 'Insert table' }).click();
    await expect(content.locator('table td')).toHaveCount(4);
    await page.keyboard.type('Base');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Past');
    await page.keyboard.press('Tab');
    await page.keyboard.type('go');
    await page.keyboard.press('Tab');
    await page.keyboard.type(LONG_CELL);
    await expect(content.locator('table tr').nth(1)).toContainText(LONG_CELL);
    // The caret's column (Past) aligned right from the table's toolbar.
    await editor.getByRole('group', { name: 'Table' }).getByRole('button', { name: 'Align column right' }).click();
    await expect(content.locator('table tr').nth(1).locator('td').nth(1)).toHaveCSS('text-align', 'right');

    // Below the table: a rule, then a warning callout.
    await page.keyboard.press('Control+End');
    await editor.getByRole('button', { name: 'Horizontal rule' }).click();
    await expect(content.locator('hr')).toHaveCount(1);
    await page.keyboard.type('Mind the irregular verbs.');
    await editor.getByRole('button', { name: 'Callout' }).click();
    await editor.getByRole('combobox', { name: 'Callout kind' }).selectOption('warning');
    await content.getByText('Mind the irregular verbs.').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');

    // A poem whose second line is indented; three Enters at its end leave it.
    await editor.getByRole('button', { name: 'Poem' }).click();
    await page.keyboard.type('Quê hương là chùm khế ngọt');
    await page.keyboard.press('Enter');
    await page.keyboard.type('    Cho con trèo hái mỗi ngày');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');

    // An English word in Vietnamese text.
    await page.keyboard.type('Từ sunrise');
    await page.keyboard.press('Control+Shift+ArrowLeft');
    await editor.getByRole('combobox', { name: 'Language of the selection' }).selectOption('en');
    // A footnote after the word, written in its field; Enter gives the text back.
    await page.keyboard.press('End');
    await editor.getByRole('button', { name: 'Footnote' }).click();
    await editor.getByRole('textbox', { name: 'Footnote 1 text' }).fill('Bình minh.');
    await editor.getByRole('textbox', { name: 'Footnote 1 text' }).press('Enter');
    await expect(content).toBeFocused();

    // The lesson's vocabulary, in its own fields.
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await editor.getByRole('button', { name: 'Vocabulary' }).click();
    await editor.getByRole('textbox', { name: 'Word 1' }).fill('sunrise');
    await editor.getByRole('textbox', { name: 'IPA 1' }).fill('/ˈsʌn.raɪz/');
    await editor.getByRole('combobox', { name: 'Part of speech 1' }).selectOption('noun');
    await editor.getByRole('textbox', { name: 'Meaning (Vietnamese) 1' }).fill('bình minh');

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/admin/view-post');
    const [saved] = await queryDatabase<{ content: string }>('SELECT content FROM posts WHERE slug = $1', [POST.slug]);
    expect(saved.content).toContain(
      '<div class="table-scroll" tabindex="0"><table><thead><tr><th scope="col">Base</th><th scope="col" class="align-right">Past</th></tr></thead>',
    );
    expect(saved.content).toContain('<hr />');
    expect(saved.content).toContain(
      '<div class="callout callout-warning" role="note"><p class="callout-label">Warning</p><p>Mind the irregular verbs.</p></div>',
    );
    expect(saved.content).toContain('<p class="poem-line">\u00a0\u00a0\u00a0\u00a0Cho con trèo hái mỗi ngày</p>');
    expect(saved.content).toContain(
      '<p>Từ <span lang="en">sunrise</span><sup class="footnote-ref"><a href="#fn-1" id="fnref-1">1</a></sup></p>',
    );
    expect(saved.content).toContain(
      '<ol class="footnotes"><li id="fn-1">Bình minh. <a class="footnote-back" href="#fnref-1" aria-label="Back to reference 1">↩</a></li></ol>',
    );
    expect(saved.content).toContain(
      '<dl class="vocabulary"><div class="vocabulary-entry"><dt><span class="vocabulary-word" lang="en">sunrise</span> ' +
        '<span class="vocabulary-ipa">/ˈsʌn.raɪz/</span> <span class="vocabulary-pos">noun</span></dt>' +
        '<dd class="vocabulary-meaning" lang="vi">bình minh</dd></div></dl>',
    );

    // The public page on a phone: every block, the table scrolling in its box, the page not widened.
    await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
    await page.goto(`/${POST.slug}`);
    const article = page.locator('article.post .rich-text');
    await expect(article.locator('th[scope="col"]')).toHaveText(['Base', 'Past']);
    await expect(article.locator('td').filter({ hasText: LONG_CELL })).toBeVisible();
    await expect(article.locator('td').filter({ hasText: LONG_CELL })).toHaveCSS('text-align', 'right');
    await expect(article.locator('th').first()).toHaveCSS('text-align', 'left');
    await expect(article.locator('hr')).toHaveCount(1);
    await expect(article.getByRole('note')).toContainText('Warning');
    await expect(article.locator('.poem-line')).toHaveCount(2);
    await expect(article.locator('p span[lang="en"]')).toHaveText('sunrise');
    await article.getByRole('link', { name: '1', exact: true }).click();
    await expect(page).toHaveURL(/#fn-1$/);
    await expect(article.locator('#fn-1')).toBeInViewport();
    await expect(article.locator('.vocabulary-entry dt')).toHaveText('sunrise /ˈsʌn.raɪz/ noun');
    expect((await structuredData(page)).find((data) => data['@type'] === 'DefinedTermSet')).toMatchObject({
      hasDefinedTerm: [{ '@type': 'DefinedTerm', name: 'sunrise', description: '(noun) bình minh' }],
    });
    const box = article.locator('.table-scroll');
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.phone);
    // The indentation shows: the indented line starts further right than the first.
    const starts = await article.locator('.poem-line').evaluateAll((lines) =>
      lines.map((line) => {
        const range = document.createRange();
        range.selectNodeContents(line);
        return range.getClientRects()[0]?.left ?? 0;
      }),
    );
    const textStart = await article
      .locator('.poem-line')
      .nth(1)
      .evaluate((line) => {
        const range = document.createRange();
        const text = line.firstChild as Text;
        range.setStart(text, 4);
        range.setEnd(text, 5);
        return range.getBoundingClientRect().left;
      });
    expect(textStart).toBeGreaterThan(starts[0] + 10);

    const results = await new AxeBuilder({ page })
      .include('article.post')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
    ).toEqual([]);
  });
});
