import { parseDocument, DomUtils } from 'htmlparser2';
import { audioFigureHtml, galleryHtml, sanitizeRichText, videoFacadeHtml, vocabularyHtml } from '@blog/shared/html';
import { withResponsiveImages } from '@blog/shared/html/responsive-images';
import { MAIL_IMAGE_WIDTH, MAIL_WIDTH } from './mail-content';
import { renderPostMail, type MailPost, type MailSite } from './post-mail';

const site: MailSite = {
  siteUrl: 'https://blog.example',
  siteName: 'Góc nhỏ',
  logoUrl: '/uploads/logo.png',
  senderName: 'Lan Nguyễn',
  unsubscribeUrl: 'https://blog.example/api/subscriptions/unsubscribe?token=abc',
  preferencesUrl: 'https://blog.example/subscribe/preferences?token=abc',
  topics: ['Du lịch', 'Thơ'],
};

const poem =
  '<div class="poem"><p class="poem-title">Quê hương</p><p class="poem-line">Quê hương là chùm khế ngọt</p>' +
  '<p class="poem-line">Cho con trèo hái mỗi ngày</p><p class="poem-author">Đỗ Trung Quân</p></div>';
const table =
  '<div class="table-scroll" tabindex="0"><table><thead><tr><th scope="col">Từ</th><th scope="col">Nghĩa</th></tr></thead>' +
  '<tbody><tr><td>apple</td><td>quả táo</td></tr><tr><td>river</td><td>dòng sông</td></tr></tbody></table></div>';

/** A post as the editor and the importers write it (the HTML policy's shapes), read as the public page gets it. */
async function richPost(): Promise<MailPost> {
  const stored = sanitizeRichText(
    '<h2>Đà Lạt mùa sương</h2>' +
      '<p>Một chuyến đi <strong>đáng nhớ</strong>, xem <a href="/posts-about/da-lat">bài trước</a> và <a href="https://example.org/map">bản đồ</a>.</p>' +
      '<p><img src="/uploads/hill.jpg" alt="Đồi thông" /></p>' +
      '<p><img src="/uploads/small.png" alt="Tem" width="200" height="100" /></p>' +
      galleryHtml([
        { url: '/uploads/g1.jpg', alt: 'Hồ Xuân Hương' },
        { url: '/uploads/g2.jpg', alt: 'Chợ đêm' },
        { url: '/uploads/g3.jpg', alt: '' },
        { url: '/uploads/g4.jpg', alt: 'Ga cũ' },
        { url: '/uploads/g5.jpg', alt: 'Đồi chè' },
      ]) +
      videoFacadeHtml({
        provider: 'youtube',
        id: 'dQw4w9WgXcQ',
        title: 'Đà Lạt từ trên cao',
        poster: '/uploads/poster.jpg',
      }) +
      videoFacadeHtml({ provider: 'vimeo', id: '76979871' }) +
      audioFigureHtml('/uploads/tieng-chim.mp3', 'Tiếng chim buổi sáng') +
      poem +
      table +
      '<blockquote>Đi để trở về.</blockquote>' +
      '<pre><code class="language-ts">const x = 1;</code></pre>' +
      '<ul><li>Áo ấm</li><li>Ô</li></ul>' +
      vocabularyHtml([{ word: 'fog', meaning: 'sương mù', audio: '/uploads/fog.mp3' }]) +
      '<p>Một ghi chú<sup class="footnote-ref"><a href="#fn-1" id="fnref-1">1</a></sup>.</p>',
  );
  const sizes = new Map([
    ['hill.jpg', { width: 2400, height: 1600 }],
    ['small.png', { width: 400, height: 200 }],
  ]);
  return {
    title: 'Đà Lạt: ba ngày trong sương',
    slug: 'da-lat-ba-ngay',
    short_content: 'Sương sớm, đồi thông và những con dốc.',
    content: await withResponsiveImages(stored, async () => sizes),
    thumbnail: 'da-lat.jpg',
    thumbnail_width: 1920,
    thumbnail_height: 1080,
    thumbnail_alt: '',
    category_name: 'Du lịch',
    published_at: '2026-11-27T03:00:00.000Z',
  };
}

const documentOf = (html: string) => parseDocument(html);
const all = (html: string, name: string) => DomUtils.getElementsByTagName(name, documentOf(html).children);

describe('renderPostMail', () => {
  let mail: ReturnType<typeof renderPostMail>;
  beforeAll(async () => {
    mail = renderPostMail(await richPost(), site);
  });

  it('takes its subject from the title and declares its language, direction, title and preheader', () => {
    expect(mail.subject).toBe('Đà Lạt: ba ngày trong sương');
    expect(mail.html).toMatch(/^<!DOCTYPE html><html lang="en" dir="ltr">/);
    expect(mail.html).toContain('<title>Đà Lạt: ba ngày trong sương</title>');
    const preheader = DomUtils.findOne(
      (node) => node.attribs['class'] === 'mail-preheader',
      documentOf(mail.html).children,
    );
    expect(preheader && DomUtils.textContent(preheader)).toBe('Sương sớm, đồi thông và những con dốc.');
    expect(preheader?.attribs['style']).toContain('display: none');
    expect(renderPostMail({ ...plainPost(), title: 'x' }, { ...site, lang: 'vi' }).html).toContain('lang="vi"');
    // A summary is rich text: the preheader is its words alone.
    const summarised = renderPostMail(
      { ...plainPost(), short_content: '<p>Sương <a href="/x">sớm</a></p>\n<p>Đồi &amp; thông</p>' },
      site,
    );
    expect(summarised.html).toContain('>Sương sớm Đồi &amp; thông</div>');
  });

  it("marks the post's title and text with its language when the mail's words are in another, and only then", () => {
    const classesIn = (html: string, lang: string) =>
      DomUtils.findAll((node) => node.attribs['lang'] === lang, documentOf(html).children).map(
        (node) => node.attribs['class'],
      );
    const vietnamese = { ...plainPost(), language: 'vi' as const };
    expect(classesIn(renderPostMail(vietnamese, site).html, 'vi')).toEqual(['mail-title', 'mail-content']);
    expect(classesIn(renderPostMail(vietnamese, { ...site, lang: 'vi' }).html, 'vi')).toEqual([undefined]);
  });

  it('keeps Vietnamese text as UTF-8 characters, never as entities', () => {
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Quê hương là chùm khế ngọt');
      expect(part).toContain('Đỗ Trung Quân');
    }
    expect(mail.html).not.toMatch(/&#x?[0-9a-f]+;/i);
  });

  it('leaves no relative address: every src and href is absolute on the site or elsewhere', () => {
    const addresses = [
      ...all(mail.html, 'img').map((img) => img.attribs['src']),
      ...all(mail.html, 'a').map((a) => a.attribs['href']),
    ];
    expect(addresses.length).toBeGreaterThan(15);
    for (const address of addresses) expect(address).toMatch(/^https:\/\//);
    expect(mail.html).toContain('href="https://blog.example/posts-about/da-lat"');
    expect(mail.html).toContain('href="https://example.org/map"');
    // A footnote points into the post on the site.
    expect(mail.html).toContain('href="https://blog.example/da-lat-ba-ngay#fn-1"');
    expect(mail.html).toContain('src="https://blog.example/uploads/logo.png"');
  });

  it('has no script, iframe, form, audio or picture element, no tracking pixel and no rewritten link', () => {
    for (const tag of ['script', 'iframe', 'form', 'audio', 'video', 'picture', 'source', 'input']) {
      expect(all(mail.html, tag)).toHaveLength(0);
    }
    for (const img of all(mail.html, 'img')) {
      expect(Math.max(Number(img.attribs['width'] ?? 0), Number(img.attribs['height'] ?? 0))).toBeGreaterThan(1);
    }
    const external = all(mail.html, 'a')
      .map((a) => a.attribs['href'] ?? '')
      .filter((href) => !href.startsWith('https://blog.example/'));
    expect(external.sort()).toEqual(['https://example.org/map']);
  });

  it('draws every image at most 600 pixels wide with its alt text, from a WebP variant when one exists', () => {
    const [logo, ...images] = all(mail.html, 'img');
    expect(logo?.attribs).toMatchObject({ src: 'https://blog.example/uploads/logo.png', height: '40' });
    for (const img of images) {
      expect(Number(img.attribs['width'])).toBeLessThanOrEqual(MAIL_WIDTH);
      expect(img.attribs['alt']).toBeDefined();
      expect(img.attribs['style']).toMatch(/max-width: ?(100%|600px)/);
    }
    const hill = images.find((img) => img.attribs['alt'] === 'Đồi thông');
    expect(hill?.attribs).toMatchObject({
      src: 'https://blog.example/uploads/hill-960.webp',
      width: String(MAIL_IMAGE_WIDTH),
      height: '368',
    });
    // A small image keeps its own size.
    expect(images.find((img) => img.attribs['alt'] === 'Tem')?.attribs).toMatchObject({ width: '200', height: '100' });
    // The thumbnail: its variant, its alt text falling back to the title.
    expect(
      images.find((img) => img.attribs['src'] === 'https://blog.example/uploads/da-lat-960.webp')?.attribs['alt'],
    ).toBe('Đà Lạt: ba ngày trong sương');
  });

  it('turns a gallery into its first photos linked to the post, and a link to see them all', () => {
    const gallery = DomUtils.findOne(
      (node) => node.attribs['class'] === 'mail-gallery',
      documentOf(mail.html).children,
    );
    const photos = DomUtils.getElementsByTagName('img', gallery ?? []);
    expect(photos.map((img) => img.attribs['alt'])).toEqual(['Hồ Xuân Hương', 'Chợ đêm', 'Photo', 'Ga cũ']);
    for (const img of photos) {
      expect((img.parent as { attribs: Record<string, string> }).attribs['href']).toBe(
        'https://blog.example/da-lat-ba-ngay',
      );
    }
    expect(mail.html).toContain('See all 5 photos on the site');
  });

  it('turns a YouTube or Vimeo embed into a picture with a play label linking to the post', () => {
    const play = all(mail.html, 'img').filter((img) => img.attribs['alt']?.startsWith('▶ Play the video'));
    expect(play.map((img) => [img.attribs['src'], img.attribs['alt']])).toEqual([
      ['https://blog.example/uploads/poster.jpg', '▶ Play the video: Đà Lạt từ trên cao'],
    ]);
    expect((play[0]?.parent as { attribs: Record<string, string> }).attribs['href']).toBe(
      'https://blog.example/da-lat-ba-ngay',
    );
    // Vimeo names its thumbnails only to the server: without a poster, the label alone links to the post.
    expect(mail.html).toContain('<a href="https://blog.example/da-lat-ba-ngay" style="');
    expect(mail.html).toContain('▶ Play the video: Vimeo video</a>');
    expect(mail.text).toContain('▶ Play the video: Đà Lạt từ trên cao (https://blog.example/da-lat-ba-ngay)');
  });

  it('shows a YouTube video without a poster with its thumbnail', () => {
    const { html } = renderPostMail(
      { ...plainPost(), content: videoFacadeHtml({ provider: 'youtube', id: 'dQw4w9WgXcQ' }) },
      site,
    );
    expect(html).toContain('src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"');
  });

  it('makes an audio clip a link to the file', () => {
    expect(mail.html).toMatch(
      /<a href="https:\/\/blog\.example\/uploads\/tieng-chim\.mp3"[^>]*>🔊 Listen: Tiếng chim buổi sáng<\/a>/,
    );
    expect(mail.text).toContain('🔊 Listen: Tiếng chim buổi sáng (https://blog.example/uploads/tieng-chim.mp3)');
    // A vocabulary word's pronunciation, by its accessible name.
    expect(mail.html).toMatch(/<a href="https:\/\/blog\.example\/uploads\/fog\.mp3"[^>]*>Pronunciation of fog<\/a>/);
  });

  it("keeps a poem's lines and a table readable in both parts", () => {
    const lines = all(mail.html, 'p').filter((p) => p.attribs['class'] === 'poem-line');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.attribs['style']).toContain('white-space: pre-wrap');
    expect(mail.text).toContain('Quê hương là chùm khế ngọt\nCho con trèo hái mỗi ngày\n');
    expect(all(mail.html, 'td').map((td) => DomUtils.textContent(td))).toEqual(
      expect.arrayContaining(['apple', 'quả táo', 'river', 'dòng sông']),
    );
    expect(mail.text).toMatch(/Từ +Nghĩa\napple +quả táo\nriver +dòng sông/);
  });

  it('writes plain text with headings, lists, links as text (url) and lines of at most 78 characters', () => {
    expect(mail.text).toMatch(/^Đà Lạt: ba ngày trong sương\nhttps:\/\/blog\.example\/da-lat-ba-ngay\n/);
    expect(mail.text).toContain('Đà Lạt mùa sương');
    expect(mail.text).toContain('bản đồ (https://example.org/map)');
    expect(mail.text).toMatch(/ \* Áo ấm\n \* Ô/);
    for (const line of mail.text.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
    // Pictures are the HTML part's: the text names the gallery and the videos by their links, with no empty gaps.
    expect(mail.text).toContain('See all 5 photos on the site (https://blog.example/da-lat-ba-ngay)');
    expect(mail.text.match(/https:\/\/blog\.example\/da-lat-ba-ngay\)/g)).toHaveLength(3);
    expect(mail.text).not.toMatch(/\n{3,}/);
    expect(mail.text).toContain('Một ghi chú1.');
  });

  it('ends both parts with why they get it, the preferences and the unsubscribe links', () => {
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('You get this e-mail because you subscribed to Du lịch, Thơ on Góc nhỏ.');
      expect(part).toContain(site.preferencesUrl);
      expect(part).toContain(site.unsubscribeUrl);
    }
    expect(mail.text.trimEnd().endsWith(`Unsubscribe: ${site.unsubscribeUrl}`)).toBe(true);
    expect(mail.html).toMatch(/Read on the site/);
  });

  it('writes its styles on the elements: only the narrow screen media query stays in <style>', () => {
    const styles = all(mail.html, 'style').map((style) => DomUtils.textContent(style));
    expect(styles).toHaveLength(1);
    expect(styles[0]?.trim()).toMatch(/^@media \(max-width: 620px\) \{[^]*\}$/);
    const container = DomUtils.findOne(
      (node) => node.attribs['class'] === 'mail-container',
      documentOf(mail.html).children,
    );
    expect(container?.attribs).toMatchObject({ width: '600', role: 'presentation' });
    expect(container?.attribs['style']).toContain('max-width: 600px');
    const blockquote = all(mail.html, 'blockquote')[0];
    expect(blockquote?.attribs['style']).toContain('border-left: 4px solid #0f766e');
    expect(all(mail.html, 'pre')[0]?.attribs['style']).toContain('white-space: pre-wrap');
  });

  it('drops a script, a form and a frame even when the content carries them', () => {
    const { html } = renderPostMail(
      {
        ...plainPost(),
        content:
          '<p>a</p><script>alert(1)</script><iframe src="https://x.example"></iframe><form><input name="q" /></form>',
      },
      site,
    );
    expect(html).not.toMatch(/<(script|iframe|form|input)\b/);
  });
});

function plainPost(): MailPost {
  return {
    title: 'Short',
    slug: 'short',
    short_content: 'Summary',
    content: '<p>Text</p>',
    thumbnail: null,
    thumbnail_alt: '',
    category_name: 'Thơ',
    published_at: null,
  };
}
