import { DomUtils, parseDocument } from 'htmlparser2';
import { DIGEST_THUMBNAIL_WIDTH, renderDigestMail, type DigestPost } from './digest-mail';
import type { MailSite } from './mail-layout';

const site: MailSite = {
  siteUrl: 'https://blog.example',
  siteName: 'Góc nhỏ',
  logoUrl: null,
  senderName: 'Lan Nguyễn',
  unsubscribeUrl: 'https://blog.example/api/subscriptions/unsubscribe?token=abc',
  preferencesUrl: 'https://blog.example/subscribe/preferences?token=abc',
  topics: ['Du lịch', 'Thơ'],
};

const posts: DigestPost[] = [
  {
    title: 'Đà Lạt <ba ngày>',
    slug: 'da-lat',
    short_content: '<p>Sương sớm &amp; <a href="/doi-thong">đồi thông</a>.</p>',
    thumbnail: 'da-lat.jpg',
    thumbnail_width: 2000,
    thumbnail_alt: '',
    category_name: 'Du lịch',
    published_at: '2026-11-27T03:00:00.000Z',
  },
  {
    title: 'Quê hương',
    slug: 'que-huong',
    short_content: '',
    thumbnail: null,
    thumbnail_alt: '',
    category_name: 'Thơ',
    published_at: '2026-11-25T03:00:00.000Z',
  },
];

describe('renderDigestMail', () => {
  const mail = renderDigestMail(posts, site);
  const document = parseDocument(mail.html);
  const all = (name: string) => DomUtils.getElementsByTagName(name, document.children);

  it('names the week and its posts in the subject and preheader', () => {
    expect(mail.subject).toBe('Góc nhỏ: 2 new posts this week');
    expect(renderDigestMail(posts.slice(1), site).subject).toBe('Góc nhỏ: a new post this week');
    expect(mail.html).toContain('Đà Lạt &lt;ba ngày&gt; · Quê hương</div>');
  });

  it('links each title to its post, with its excerpt, date and a small thumbnail variant', () => {
    const titles = all('h2').map((h2) => DomUtils.textContent(h2));
    expect(titles).toEqual(['Đà Lạt <ba ngày>', 'Quê hương']);
    const links = all('a').map((a) => a.attribs['href']);
    expect(links).toContain('https://blog.example/da-lat');
    expect(links).toContain('https://blog.example/que-huong');
    const [thumbnail, ...others] = all('img');
    expect(others).toEqual([]);
    expect(thumbnail.attribs).toMatchObject({
      src: 'https://blog.example/uploads/da-lat-480.webp',
      alt: 'Đà Lạt <ba ngày>',
      width: String(DIGEST_THUMBNAIL_WIDTH),
    });
    // The summary is rich text: kept as such, its links absolute.
    expect(mail.html).toMatch(
      /<p[^>]*>Sương sớm &amp; <a href="https:\/\/blog\.example\/doi-thong"[^>]*>đồi thông<\/a>\.<\/p>/,
    );
    expect(mail.html).toContain('Du lịch · 27 November 2026');
  });

  it("marks a post's title and summary with its language when it is not the mail's", () => {
    const mixed = renderDigestMail(
      [
        { ...posts[0], language: 'vi' },
        { ...posts[1], language: 'en' },
      ],
      site,
    );
    const marked = DomUtils.findAll((node) => node.attribs['lang'] === 'vi', parseDocument(mixed.html).children);
    expect(marked.map((node) => node.attribs['class'])).toEqual(['mail-digest-title', 'mail-digest-excerpt']);
  });

  it('inlines its styles and ends with the subscriber links, in the HTML and the text', () => {
    expect(all('style').map((style) => DomUtils.textContent(style))).toEqual([expect.stringMatching(/^\s*@media/)]);
    expect(all('h2')[0].attribs['style']).toContain('font-size');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(site.unsubscribeUrl);
      expect(part).toContain('subscribed to Du lịch, Thơ on Góc nhỏ');
    }
    expect(mail.text).toContain(
      'Đà Lạt <ba ngày>\nhttps://blog.example/da-lat\nSương sớm & đồi thông (https://blog.example/doi-thong).\n',
    );
    expect(mail.text).toContain(`Unsubscribe: ${site.unsubscribeUrl}`);
  });
});
