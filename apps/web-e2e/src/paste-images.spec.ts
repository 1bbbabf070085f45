import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator } from '@playwright/test';
import { ONE_PIXEL_PNG, removePostsWithSlug, startNewPost } from './support/admin';
import { E2E_IMAGE_HOST } from './support/server';
import { queryDatabase } from './support/site';

// Images pasted into a post are kept on the site (uploaded or imported by the
// server through its guarded fetch), and what cannot be imported is reported to the writer.

const POST = { title: 'Pasted images check', slug: 'pasted-images-check' };
const storedPosts = () =>
  queryDatabase<{ id: number; content: string }>('SELECT id, content FROM posts WHERE slug = $1', [POST.slug]);

/** Answers a PNG for every path (the image "on another site"). */
async function imageServer(host: string, port: number): Promise<Server> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(ONE_PIXEL_PNG));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}

async function close(server: Server | undefined) {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/**
 * Pastes `html` as Chromium does: a `paste` event, then (not cancelled) a `beforeinput` of type
 * insertFromPaste carrying the same clipboard data, which is the one Slate reads in Chromium.
 */
async function pasteHtml(text: Locator, html: string, pngFiles: string[] = []) {
  await text.evaluate(
    (element, { markup, files }) => {
      const data = new DataTransfer();
      data.setData('text/html', markup);
      data.setData('text/plain', 'pasted');
      for (const base64 of files) {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        data.items.add(new File([bytes], 'image1.png', { type: 'image/png' }));
      }
      const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      if (!element.dispatchEvent(paste)) return;
      element.dispatchEvent(
        new InputEvent('beforeinput', {
          inputType: 'insertFromPaste',
          dataTransfer: data,
          bubbles: true,
          cancelable: true,
        }),
      );
    },
    { markup: html, files: pngFiles },
  );
}

test.describe('images pasted into the post editor', () => {
  let allowed: Server | undefined;
  let refused: Server | undefined;
  let refusedHost = '';

  test.beforeAll(async () => {
    const [host, port] = E2E_IMAGE_HOST.split(':');
    allowed = await imageServer(host, Number(port));
    // Any other local server is a private address the import refuses.
    refused = await imageServer('127.0.0.1', 0);
    refusedHost = `127.0.0.1:${(refused.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await close(allowed);
    await close(refused);
  });

  test.afterEach(async () => {
    await removePostsWithSlug(POST.slug);
  });

  test('data: and remote images end up as uploads, a refused one is reported, and an image is inserted from a URL', async ({
    page,
  }) => {
    const content = await startNewPost(page, POST.title);
    const editor = page.locator('.rte').filter({ has: content });
    await content.click();
    await page.keyboard.type('Photos: ');

    const dataImage = `data:image/png;base64,${ONE_PIXEL_PNG.toString('base64')}`;
    const remote = `http://${E2E_IMAGE_HOST}/from-docs.png`;
    const blocked = `http://${refusedHost}/blocked.png`;
    await pasteHtml(
      content,
      `<p>one <img src="${dataImage}"> two <img src="${remote}"> three <img src="${blocked}"></p>`,
    );

    // The refused image is reported with its address and why, and taken out of the text.
    const alert = editor.getByRole('alert');
    await expect(alert).toContainText(blocked);
    await expect(alert).toContainText('is not a public address');
    await expect(content.locator('img[src^="/uploads/"]')).toHaveCount(2);
    await expect(content.locator('img')).toHaveCount(2);
    await expect(editor.getByRole('status')).toHaveText('');

    // Insert image > From a URL: imported the same way.
    await content.press('End');
    await editor.getByRole('button', { name: 'Insert image' }).click();
    await editor.getByRole('menuitem', { name: 'From a URL' }).click();
    const urlField = editor
      .getByRole('dialog', { name: 'Insert image from a URL' })
      .getByRole('textbox', { name: 'Image URL' });
    await urlField.fill(`http://${E2E_IMAGE_HOST}/by-url.png`);
    await urlField.press('Enter');
    await expect(content.locator('img[src^="/uploads/"]')).toHaveCount(3);
    await expect(page).toHaveURL('/admin/add-post');

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/admin/view-post');
    const [saved] = await storedPosts();
    expect(saved.content.match(/<img src="\/uploads\/[0-9a-f-]+\.png"/g)).toHaveLength(3);
    expect(saved.content).not.toContain('data:');
    expect(saved.content).not.toContain('127.0.0.1');

    // The public page shows the three, from this site.
    await page.goto(`/${POST.slug}`);
    const images = page.locator('.rich-text img');
    await expect(images).toHaveCount(3);
    for (const src of await images.evaluateAll((all) => all.map((img) => img.getAttribute('src') ?? '')))
      expect(src).toMatch(/^\/uploads\//);
  });

  test("Word's picture (a file: source, the image itself on the clipboard) is uploaded in its place", async ({
    page,
  }) => {
    const content = await startNewPost(page, POST.title);
    await content.click();
    const word =
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body><!--StartFragment--><p class=MsoNormal>Từ Word ' +
      '<img width=64 height=64 src="file:///C:/Users/Phuong/AppData/Local/Temp/msohtmlclip1/01/clip_image001.png" v:shapes="Picture_x0020_1">' +
      '<o:p></o:p></p><!--EndFragment--></body></html>';
    await pasteHtml(content, word, [ONE_PIXEL_PNG.toString('base64')]);
    await expect(content.locator('img[src^="/uploads/"]')).toHaveCount(1);
    await expect(content).toContainText('Từ Word');

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/admin/view-post');
    const [saved] = await storedPosts();
    expect(saved.content).toMatch(/Từ Word <img src="\/uploads\/[0-9a-f-]+\.png"/);
  });
});
