import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi, createPost, removePostsWithSlug } from './support/admin';
import { E2E_ADMIN } from './support/server';

// Rich text looks the same in the editor and on the public page (one stylesheet), and code
// is highlighted for visitors without a highlighter in their browser (highlighted when saved).

const POST = { title: 'Rich text look check', slug: 'rich-text-look-check' };
const CONTENT =
  '<ul><li>Trip</li><li class="indent-1">Day one</li><li class="indent-2">Morning walk</li></ul>' +
  '<ol><li class="indent-1">First stop</li><li class="indent-1">Second stop</li></ol>' +
  '<p class="indent-1">Indented once</p><p class="indent-2">Indented twice</p><p class="indent-3">Indented three times</p>' +
  '<pre class="language-javascript"><code class="language-javascript">const answer = 42; // the answer\n' +
  'function greet(name) { return &quot;Hi &lt;&quot; + name; }</code></pre>';

/** The blocks whose nesting is measured, by their text, shallowest first. */
const NESTED = ['Trip', 'Day one', 'Morning walk'];
const INDENTED = ['Indented once', 'Indented twice', 'Indented three times'];

/** A script of highlight.js carries this option name (property names survive minifying). */
const HIGHLIGHTER_MARK = 'ignoreIllegals';

/** The left padding plus margin (px) of the block with `text` in `root`, and of its list if it is an item. */
async function inset(root: Locator, text: string): Promise<number> {
  const block = root.locator('li, p').filter({ hasText: new RegExp(`^${text}$`) });
  return block.evaluate((element) => {
    const px = (node: Element) => {
      const style = getComputedStyle(node);
      return parseFloat(style.paddingLeft) + parseFloat(style.marginLeft);
    };
    return px(element) + (element.tagName === 'LI' && element.parentElement ? px(element.parentElement) : 0);
  });
}

async function insets(root: Locator) {
  await expect(root.getByText('Indented three times')).toBeVisible();
  return {
    nested: await Promise.all(NESTED.map((text) => inset(root, text))),
    indented: await Promise.all(INDENTED.map((text) => inset(root, text))),
    numbered: await inset(root, 'First stop'),
  };
}

/** The text of every script the page loads from now on. */
function recordScripts(page: Page): Promise<string>[] {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  return scripts;
}

test.describe('rich text: one look in the editor and on the public page', () => {
  let postId: number;

  test.beforeEach(async ({ playwright }) => {
    await removePostsWithSlug(POST.slug);
    const admin = await adminApi(await playwright.request.newContext());
    postId = await createPost(admin, { ...POST, content: CONTENT, short_content: '<p>Lists and code</p>' });
    await admin.dispose();
  });

  test.afterEach(async () => {
    await removePostsWithSlug(POST.slug);
  });

  test('nesting and indents grow with depth, equally in the editor and on the public page; code is highlighted without highlight.js', async ({
    page,
  }) => {
    // The public page: server-rendered, highlighted spans from the stored HTML, no highlighter loaded.
    const publicScripts = recordScripts(page);
    await page.goto(`/${POST.slug}`);
    const article = page.locator('article.post .rich-text');
    const shown = await insets(article);
    expect(shown.nested[1]).toBeGreaterThan(shown.nested[0]);
    expect(shown.nested[2]).toBeGreaterThan(shown.nested[1]);
    expect(shown.indented[0]).toBeGreaterThan(0);
    expect(shown.indented[1]).toBeGreaterThan(shown.indented[0]);
    expect(shown.indented[2]).toBeGreaterThan(shown.indented[1]);
    expect(shown.numbered).toBe(shown.nested[1]);

    const code = article.locator('pre code');
    await expect(code).toContainText('return "Hi <" + name;');
    const keyword = code.locator('span.hljs-keyword').first();
    await expect(keyword).toHaveText('const');
    await expect(code.locator('span.hljs-string')).toHaveText('"Hi <"');
    await expect(code.locator('span.hljs-comment')).toHaveText('// the answer');
    const plainColour = await code.evaluate((element) => getComputedStyle(element).color);
    for (const token of [keyword, code.locator('span.hljs-string'), code.locator('span.hljs-comment')]) {
      expect(await token.evaluate((element) => getComputedStyle(element).color)).not.toBe(plainColour);
    }

    const results = await new AxeBuilder({ page })
      .include('article.post')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
    ).toEqual([]);

    const loaded = await Promise.all(publicScripts);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((script) => script.includes(HIGHLIGHTER_MARK))).toEqual([]);

    // The editor shows the same post with the same insets (and does load highlight.js: the probe above can fail).
    const editorScripts = recordScripts(page);
    await page.goto('/login');
    await page.getByLabel(/Email address/).fill(E2E_ADMIN.email);
    await page.getByLabel(/^Password/).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`/admin/edit-post/${postId}`);
    const editor = page.locator('.rte-content').filter({ hasText: 'Morning walk' });
    expect(await insets(editor)).toEqual(shown);
    await expect(editor.locator('pre code span.hljs-keyword').first()).toHaveText('const');
    expect((await Promise.all(editorScripts)).some((script) => script.includes(HIGHLIGHTER_MARK))).toBe(true);

    // The code block's language picker keeps its own small look inside the admin's form.
    const language = page.getByRole('combobox', { name: 'Language of this code block' });
    const look = await language.evaluate((element) => {
      const style = getComputedStyle(element);
      return { width: element.getBoundingClientRect().width, fontSize: style.fontSize, padding: style.padding };
    });
    expect(look).toMatchObject({ fontSize: '12px', padding: '1px 2px' });
    expect(look.width).toBeLessThan(160);
  });
});
