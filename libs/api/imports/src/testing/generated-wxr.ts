import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { escapeText } from '@blog/shared/html';

export interface GeneratedWxrOptions {
  posts: number;
  /** Categories the posts are spread over. */
  categories?: number;
  origin?: string;
  /** Adds Jetpack's portfolio items and testimonials (`GENERATED_PORTFOLIO`) and their featured image. */
  portfolio?: boolean;
}

/**
 * The Jetpack items a generated export holds with `portfolio`: two projects (one published with types,
 * tags and a featured image, one draft) and a testimonial with a photo. The featured image is
 * `wp-content/uploads/{image}` of the site, for an images zip to hold.
 */
export const GENERATED_PORTFOLIO = {
  image: '2023/06/homestay.jpg',
  imageAlt: 'The booking calendar',
  published: {
    id: 9002,
    title: 'Homestay booking site',
    slug: 'homestay-booking',
    date: '2023-06-01 08:00:00',
    content: '<p>Guests booked through Zalo messages. We built a calendar they book from.</p>',
    excerpt: 'Bookings for a homestay in Đà Lạt.',
    types: ['Web App'],
    tags: ['React', 'Next.js', 'Thiết kế web'],
  },
  draft: { id: 9003, title: 'Shop draft', slug: 'shop-draft', date: '2024-01-10 09:00:00' },
  testimonial: {
    id: 9004,
    name: 'Chị Hoa',
    quote: 'Bookings doubled in one season.',
    date: '2024-02-03 10:00:00',
  },
} as const;

/** `<wp:postmeta>` of one key. */
const meta = (key: string, value: string | number) =>
  `<wp:postmeta><wp:meta_key><![CDATA[${key}]]></wp:meta_key><wp:meta_value><![CDATA[${value}]]></wp:meta_value></wp:postmeta>`;

/** A WXR item of the given type, status and date (local time = UTC) at `{folder}/{slug}/`, with more XML inside. */
function item(
  origin: string,
  fields: { id: number; type: string; title: string; slug: string; date: string; status: string; content?: string },
  folder: string,
  inner = '',
): string {
  return `<item>
<title>${escapeText(fields.title)}</title>
<link>${origin}/${folder}/${fields.slug}/</link>
<content:encoded><![CDATA[${fields.content ?? ''}]]></content:encoded>
<wp:post_id>${fields.id}</wp:post_id>
<wp:post_date><![CDATA[${fields.date}]]></wp:post_date>
<wp:post_date_gmt><![CDATA[${fields.date}]]></wp:post_date_gmt>
<wp:post_name><![CDATA[${fields.slug}]]></wp:post_name>
<wp:status><![CDATA[${fields.status}]]></wp:status>
<wp:post_type><![CDATA[${fields.type}]]></wp:post_type>
${inner}
</item>
`;
}

function portfolioItems(origin: string): string {
  const { image, imageAlt, published, draft, testimonial } = GENERATED_PORTFOLIO;
  const attachment = 9001;
  const terms = (domain: string, names: readonly string[]) =>
    names.map((name) => `<category domain="${domain}" nicename="${name}"><![CDATA[${name}]]></category>`).join('\n');
  return [
    item(
      origin,
      {
        id: attachment,
        type: 'attachment',
        title: 'Homestay',
        slug: 'homestay',
        date: published.date,
        status: 'inherit',
      },
      'media',
      `<wp:attachment_url>${origin}/wp-content/uploads/${image}</wp:attachment_url>\n${meta('_wp_attachment_image_alt', imageAlt)}`,
    ),
    item(
      origin,
      { ...published, type: 'jetpack-portfolio', status: 'publish' },
      'portfolio',
      [
        `<excerpt:encoded><![CDATA[${published.excerpt}]]></excerpt:encoded>`,
        terms('jetpack-portfolio-type', published.types),
        terms('jetpack-portfolio-tag', published.tags),
        meta('_thumbnail_id', attachment),
      ].join('\n'),
    ),
    item(origin, { ...draft, type: 'jetpack-portfolio', status: 'draft', content: '<p>Not yet.</p>' }, 'portfolio'),
    item(
      origin,
      {
        id: testimonial.id,
        type: 'jetpack-testimonial',
        title: testimonial.name,
        slug: 'chi-hoa',
        date: testimonial.date,
        status: 'publish',
        content: `<p>${testimonial.quote}</p>`,
      },
      'testimonial',
      meta('_thumbnail_id', attachment),
    ),
  ].join('');
}

/**
 * Writes a WordPress export (WXR 1.2) of `posts` published posts without images to `path`, streamed,
 * for the import specs and the benchmark: each post with a category, two tags, a few paragraphs and a date;
 * with `portfolio`, Jetpack's items too.
 */
export async function writeGeneratedWxr(path: string, options: GeneratedWxrOptions): Promise<void> {
  const origin = options.origin ?? 'https://generated.example';
  const categories = options.categories ?? 10;
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>Generated</title>
<link>${origin}</link>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>${origin}</wp:base_site_url>
<wp:base_blog_url>${origin}</wp:base_blog_url>
`);
  for (let c = 1; c <= categories; c += 1) {
    await write(
      `<wp:category><wp:term_id>${c}</wp:term_id><wp:category_nicename>topic-${c}</wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name><![CDATA[Topic ${c}]]></wp:cat_name></wp:category>\n`,
    );
  }
  const start = Date.UTC(2015, 0, 1);
  for (let n = 1; n <= options.posts; n += 1) {
    const date = new Date(start + n * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    const day = date.slice(0, 10);
    const slug = `generated-post-${n}`;
    const category = (n % categories) + 1;
    const body = Array.from(
      { length: 4 },
      (_, p) =>
        `<!-- wp:paragraph -->\n<p>Paragraph ${p + 1} of post ${n}: ${escapeText('travel & lessons <notes>')}.</p>\n<!-- /wp:paragraph -->`,
    ).join('\n\n');
    await write(`<item>
<title>${escapeText(`Generated post ${n}`)}</title>
<link>${origin}/${day.replace(/-/g, '/')}/${slug}/</link>
<dc:creator><![CDATA[writer]]></dc:creator>
<content:encoded><![CDATA[${body}]]></content:encoded>
<excerpt:encoded><![CDATA[]]></excerpt:encoded>
<wp:post_id>${n + 1000}</wp:post_id>
<wp:post_date><![CDATA[${date}]]></wp:post_date>
<wp:post_date_gmt><![CDATA[${date}]]></wp:post_date_gmt>
<wp:post_modified_gmt><![CDATA[${date}]]></wp:post_modified_gmt>
<wp:post_name><![CDATA[${slug}]]></wp:post_name>
<wp:status><![CDATA[publish]]></wp:status>
<wp:post_type><![CDATA[post]]></wp:post_type>
<wp:post_password><![CDATA[]]></wp:post_password>
<category domain="category" nicename="topic-${category}"><![CDATA[Topic ${category}]]></category>
<category domain="post_tag" nicename="tag-a"><![CDATA[tag a]]></category>
<category domain="post_tag" nicename="tag-${n % 7}"><![CDATA[tag ${n % 7}]]></category>
</item>
`);
  }
  if (options.portfolio) await write(portfolioItems(origin));
  await write('</channel>\n</rss>\n');
  out.end();
  await once(out, 'close');
}
