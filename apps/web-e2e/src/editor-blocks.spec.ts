import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi, createPost, removePostsWithSlug, signIn, startNewPost } from './support/admin';
import { queryDatabase, structuredData, WIDTHS } from './support/site';

// A lesson written with the toolbar, a table typed with Tab, a rule, a
// callout, a poem with indented lines, an English word and a vocabulary list, shown to visitors as written,
// with no script of their own, the table scrolling in its own box on a phone.

const POST = { title: 'Editor blocks check', slug: 'editor-blocks-check' };
/** Wider than a phone: no space or hyphen to break at. */
const LONG_CELL = 'wentisthepasttenseofgoanirregularverbform';

/** What each block field gets: typed key by key, then pasted by a phone's keyboard, then composed as Telex does. */
const TYPED = 'Theo từ điển';
const INSERTED = ' Cambridge';
const COMPOSED = ['Nguyễn', 'Thị', 'Phương'];
const FIELD_TEXT = `${TYPED}${INSERTED} ${COMPOSED.join(' ')}`;

/** Telex keystrokes as an input method shows them while composing a word (the last one is what it commits). */
function telexSteps(word: string): string[] {
  const steps: Record<string, string[]> = {
    Nguyễn: ['N', 'Ng', 'Ngu', 'Nguy', 'Nguye', 'Nguyê', 'Nguyên', 'Nguyễn'],
    Thị: ['T', 'Th', 'Thi', 'Thị'],
    Phương: ['P', 'Ph', 'Phu', 'Phuo', 'Phuon', 'Phuong', 'Phương'],
  };
  return steps[word];
}

/** Writes FIELD_TEXT into the focused field: keys, a phone keyboard's insertion, then an IME's composition of each word. */
async function writeLikeEveryKeyboard(page: Page): Promise<void> {
  await page.keyboard.type(TYPED);
  await page.keyboard.insertText(INSERTED);
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const word of COMPOSED) {
      await cdp.send('Input.insertText', { text: ' ' });
      for (const step of telexSteps(word)) {
        await cdp.send('Input.imeSetComposition', {
          text: step,
          selectionStart: step.length,
          selectionEnd: step.length,
        });
      }
      await cdp.send('Input.insertText', { text: word });
    }
  } finally {
    await cdp.detach();
  }
}

/** Every plain-text field a block has in the editor, by its label. */
const BLOCK_FIELDS = [
  'Word 1',
  'IPA 1',
  'Meaning (Vietnamese) 1',
  'Example 1',
  'Footnote 1 text',
  'Table caption',
  'Poem title',
  'Poem author',
  'Alt text 1',
  'Caption 1',
  'Video caption',
  'Audio caption',
];

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

  test('each block field keeps exactly what is typed, by keyboard, phone and IME, right after the block is inserted', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    // The photo, clip and video are there already (their uploads are tested elsewhere); the other blocks are inserted here.
    const id = await createPost(await adminApi(request), {
      title: POST.title,
      slug: POST.slug,
      content:
        '<p>Mở đầu</p>' +
        '<div class="gallery"><figure class="gallery-item"><a href="/uploads/missing.webp"><img src="/uploads/missing.webp" alt="" /></a></figure></div>' +
        '<figure class="video" data-provider="youtube" data-id="dQw4w9WgXcQ"><a class="video-play" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><span class="video-title">Video</span></a></figure>' +
        '<figure class="audio"><audio controls preload="none" src="/uploads/missing.mp3"></audio></figure>' +
        '<p>Kết thúc</p>',
    });
    // A phone's screen takes taps: half of the fields are tapped, the others clicked.
    const context = await browser.newContext({ hasTouch: true });
    const page = await context.newPage();
    try {
      await signIn(page);
      await page.goto(`/admin/edit-post/${id}`);
      const content = page.getByRole('textbox', { name: 'Content', exact: true });
      const editor = page.locator('.rte').filter({ has: content });
      const field = (label: string) => editor.getByRole('textbox', { name: label, exact: true });
      const write = async (target: Locator, index: number) => {
        if (index % 2 === 0) await target.click();
        else await target.tap();
        await expect(target).toBeFocused();
        await writeLikeEveryKeyboard(page);
        await expect(target).toHaveValue(FIELD_TEXT);
      };

      // Inserted from the toolbar, each written in at once.
      await content.getByText('Kết thúc').click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await editor.getByRole('button', { name: 'Vocabulary' }).click();
      await write(field('Word 1'), 1);
      // The caret at the end of the opening line: clicked at its right edge, as a click in its middle and
      // then End raced Slate's own reading of the click on a busy machine.
      const opening = content.getByText('Mở đầu');
      const { width, height } = (await opening.boundingBox()) ?? { width: 1, height: 1 };
      await opening.click({ position: { x: width - 1, y: height / 2 } });
      await page.keyboard.press('End');
      await editor.getByRole('button', { name: 'Footnote' }).click();
      await write(field('Footnote 1 text'), 0);
      await content.getByText('Kết thúc').click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await editor.getByRole('button', { name: 'Insert table' }).click();
      const form = editor.getByRole('dialog', { name: 'Insert a table' });
      await form.getByLabel('Rows').fill('1');
      await form.getByLabel('Columns').fill('1');
      await form.getByRole('button', { name: 'Insert table' }).click();
      await write(field('Table caption'), 1);
      await content.getByText('Kết thúc').click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await editor.getByRole('button', { name: 'Poem' }).click();
      await write(field('Poem title'), 0);
      // Then every other field, of the new blocks and of those already there.
      const rest = BLOCK_FIELDS.filter(
        (label) => !['Word 1', 'Footnote 1 text', 'Table caption', 'Poem title'].includes(label),
      );
      for (const [index, label] of rest.entries()) await write(field(label), index);

      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page).toHaveURL('/admin/view-post');
      const [saved] = await queryDatabase<{ content: string }>('SELECT content FROM posts WHERE slug = $1', [
        POST.slug,
      ]);
      // Nothing leaked into the text: each field's words are in the content once per field, the paragraphs as they were.
      expect(saved.content.split('Cambridge').length - 1).toBe(BLOCK_FIELDS.length);
      expect(saved.content).toMatch(/^<p>Mở đầu<sup class="footnote-ref">/);
      expect(saved.content).toContain('<p>Kết thúc</p>');

      // Read back: each field has exactly what was written.
      await page.goto(`/admin/edit-post/${id}`);
      for (const label of BLOCK_FIELDS) {
        if (label === 'Footnote 1 text') await editor.getByRole('button', { name: 'Footnote 1' }).click();
        await expect(field(label)).toHaveValue(FIELD_TEXT);
      }
    } finally {
      await context.close();
    }
  });
});
