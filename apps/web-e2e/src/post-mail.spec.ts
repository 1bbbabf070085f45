import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { workspaceRoot } from '@nx/devkit';
import { audioFigureHtml, galleryHtml, videoFacadeHtml } from '@blog/shared/html';
import { horizontalOverflow, seriousAccessibilityViolations } from './support/site';

// The mails subscribers get (a new post, the weekly digest), seen as a phone's mail app shows them:
// Chromium 360 pixels wide.

const SITE_URL = 'https://blog.example';
const PHONE = { width: 360, height: 740 };

/** A post with every block a mail must turn into something a mail client shows. */
const POST = {
  title: 'Đà Lạt: ba ngày trong sương và những bài thơ dọc đường',
  slug: 'da-lat-ba-ngay',
  short_content: 'Sương sớm, đồi thông và những con dốc.',
  content:
    '<h2>Đà Lạt mùa sương</h2>' +
    '<p>Xem <a href="/ban-do">bản đồ</a> hoặc https://example.org/mot-duong-dan-rat-dai-khong-co-cho-ngat-dong-nao-ca-trong-do</p>' +
    '<p><img src="/uploads/hill.jpg" alt="Đồi thông trong sương" width="1600" height="1000" /></p>' +
    galleryHtml(['g1', 'g2', 'g3', 'g4', 'g5'].map((name) => ({ url: `/uploads/${name}.jpg`, alt: `Ảnh ${name}` }))) +
    videoFacadeHtml({ provider: 'youtube', id: 'dQw4w9WgXcQ', title: 'Đà Lạt từ trên cao' }) +
    audioFigureHtml('/uploads/tieng-chim.mp3', 'Tiếng chim buổi sáng') +
    '<div class="poem"><p class="poem-title">Quê hương</p><p class="poem-line">Quê hương là chùm khế ngọt</p>' +
    '<p class="poem-line">Cho con trèo hái mỗi ngày</p><p class="poem-author">Đỗ Trung Quân</p></div>' +
    '<div class="table-scroll" tabindex="0"><table><thead><tr>' +
    ['Ngày', 'Nơi', 'Giờ', 'Chi phí', 'Ghi chú'].map((cell) => `<th scope="col">${cell}</th>`).join('') +
    '</tr></thead><tbody><tr>' +
    ['Thứ hai', 'Hồ Tuyền Lâm', '06:00', '120.000 đ', 'Mang áo ấm'].map((cell) => `<td>${cell}</td>`).join('') +
    '</tr></tbody></table></div>' +
    '<blockquote>Đi để trở về.</blockquote>' +
    '<pre><code>const chuyenDi = { noi: "Đà Lạt", ngay: 3, ghiChu: "một dòng mã rất dài không có chỗ ngắt" };</code></pre>',
  thumbnail: 'da-lat.jpg',
  thumbnail_width: 1920,
  thumbnail_height: 1080,
  thumbnail_alt: 'Sương trên hồ',
  category_name: 'Du lịch',
  published_at: '2026-11-27T03:00:00.000Z',
};

const SITE = {
  siteUrl: SITE_URL,
  siteName: 'Góc nhỏ',
  logoUrl: '/uploads/logo.png',
  senderName: 'Lan Nguyễn',
  unsubscribeUrl: `${SITE_URL}/unsubscribe?token=abc`,
  preferencesUrl: `${SITE_URL}/subscribe/preferences?token=abc`,
  topics: ['Du lịch'],
};

/** The week's posts of a weekly digest: one with a picture, one without, a long title. */
const DIGEST = [
  POST,
  {
    title: 'Thì hiện tại hoàn thành: khi nào dùng, và những lỗi người Việt hay mắc nhất khi nói tiếng Anh',
    slug: 'hien-tai-hoan-thanh',
    short_content: 'Năm ví dụ và một bài tập nhỏ.',
    thumbnail: null,
    thumbnail_alt: '',
    category_name: 'Tiếng Anh',
    published_at: '2026-11-25T03:00:00.000Z',
  },
];

/** A mail's HTML, rendered by the API's own function (through its script: the browser tests import no API code). */
function renderMailHtml(input: object = { post: POST, site: SITE }): string {
  const output = execFileSync(
    process.execPath,
    ['-r', '@swc-node/register', join(workspaceRoot, 'tools/scripts/render-post-mail.ts')],
    {
      cwd: workspaceRoot,
      input: JSON.stringify(input),
      env: { ...process.env, SWC_NODE_PROJECT: join(workspaceRoot, 'tsconfig.base.json') },
      encoding: 'utf8',
    },
  );
  return (JSON.parse(output) as { html: string }).html;
}

/** Every picture the mail asks for, as a photo of 1600 × 1000 pixels: wider than any phone. */
const PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><rect width="1600" height="1000" fill="#0f766e"/></svg>`;

test.describe('a new post by e-mail', () => {
  test('reads on a phone: nothing wider than the screen, every picture inside it, no serious accessibility issue', async ({
    page,
  }) => {
    const html = renderMailHtml();
    const requested: string[] = [];
    await page.route('**/*', async (route) => {
      requested.push(route.request().url());
      await route.fulfill({ contentType: 'image/svg+xml', body: PICTURE });
    });
    await page.setViewportSize(PHONE);
    await page.setContent(html, { waitUntil: 'load' });

    // Only pictures are fetched, each at an absolute address: no script, frame or tracking pixel elsewhere.
    expect(requested.length).toBeGreaterThan(5);
    for (const url of requested) expect(url).toMatch(/^https:\/\/(blog\.example\/uploads\/|i\.ytimg\.com\/)/);
    expect(await page.locator('script, iframe, form, audio, video').count()).toBe(0);

    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const images = await page.locator('img').evaluateAll((elements) =>
      (elements as HTMLImageElement[]).map((img) => ({
        src: img.src,
        alt: img.getAttribute('alt'),
        loaded: img.complete && img.naturalWidth > 0,
        right: img.getBoundingClientRect().right,
        width: img.getBoundingClientRect().width,
      })),
    );
    expect(images.length).toBeGreaterThanOrEqual(7);
    for (const image of images) {
      expect(image, image.src).toMatchObject({ loaded: true });
      expect(image.alt, image.src).not.toBeNull();
      expect(image.right, image.src).toBeLessThanOrEqual(PHONE.width);
      expect(image.width, image.src).toBeGreaterThan(0);
    }

    await expect(page.getByRole('link', { name: 'Read on the site' })).toHaveAttribute(
      'href',
      `${SITE_URL}/${POST.slug}`,
    );
    await expect(page.getByRole('link', { name: '▶ Play the video: Đà Lạt từ trên cao' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Unsubscribe' })).toHaveAttribute('href', SITE.unsubscribeUrl);
    await expect(page.getByText('Cho con trèo hái mỗi ngày')).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  test('the weekly digest reads on a phone too: titles linked, pictures inside the screen, no serious accessibility issue', async ({
    page,
  }) => {
    const html = renderMailHtml({ digest: DIGEST, site: SITE });
    await page.route('**/*', (route) => route.fulfill({ contentType: 'image/svg+xml', body: PICTURE }));
    await page.setViewportSize(PHONE);
    await page.setContent(html, { waitUntil: 'load' });

    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const picture = page.getByRole('img', { name: 'Sương trên hồ' });
    await expect(picture).toBeVisible();
    expect((await picture.boundingBox())?.width).toBeLessThanOrEqual(PHONE.width / 2);
    for (const post of DIGEST) {
      await expect(page.getByRole('heading', { name: post.title }).getByRole('link')).toHaveAttribute(
        'href',
        `${SITE_URL}/${post.slug}`,
      );
    }
    await expect(page.getByRole('link', { name: 'Unsubscribe' })).toHaveAttribute('href', SITE.unsubscribeUrl);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
