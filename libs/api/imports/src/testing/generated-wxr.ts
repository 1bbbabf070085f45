import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { escapeText } from '@blog/shared/html';

export interface GeneratedWxrOptions {
  posts: number;
  /** Categories the posts are spread over. */
  categories?: number;
  origin?: string;
}

/**
 * Writes a WordPress export (WXR 1.2) of `posts` published posts without images to `path`, streamed,
 * for the import specs and the benchmark: each post with a category, two tags, a few paragraphs and a date.
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
  await write('</channel>\n</rss>\n');
  out.end();
  await once(out, 'close');
}
