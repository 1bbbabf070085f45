import { postPath, thumbnailAltOf, uploadUrl, type Language } from '@blog/contracts';
import { escapeAttribute, escapeText } from '@blog/shared/html';
import { absoluteUrl, mailContentHtml, mailUploadVariant } from './mail-content';
import {
  mailFooterText,
  mailHtml,
  mailWordsOf,
  ownLanguageAttribute,
  publishedDate,
  type MailSite,
  type RenderedMail,
} from './mail-layout';
import { htmlToMailText } from './mail-text';
import { MAIL_WORDS, type MailWords } from './mail-words';

/** A post as the weekly digest lists it: the public post's fields it shows. */
export interface DigestPost {
  title: string;
  slug: string;
  /** Its public address (`/vi/{slug}` for a post in another language than the default); `/{slug}` when absent. */
  path?: string;
  /** The language it is written in; its title and summary carry it when the mail's words are in another. */
  language?: Language;
  /** The post's summary (sanitised rich text), shown under its title. */
  short_content: string;
  /** The thumbnail's stored file name (served under `/uploads/`), or null. */
  thumbnail: string | null;
  /** Its width in pixels when known: the mail then shows a small variant of it. */
  thumbnail_width?: number | null;
  thumbnail_alt: string;
  category_name: string;
  /** ISO 8601. */
  published_at: string | null;
}

/** The width a post's thumbnail is drawn at in the digest, beside its title. */
export const DIGEST_THUMBNAIL_WIDTH = 120;

/** The digest's own words in English (`MAIL_WORDS` has them in each language). */
export const DIGEST_MAIL_TEXT = MAIL_WORDS.en.digest;

function itemHtml(post: DigestPost, postUrl: string, words: MailWords, lang: string): string {
  const href = escapeAttribute(postUrl);
  // A dense screen's pixels: the variant twice as wide as drawn, never the original.
  const file = post.thumbnail
    ? (mailUploadVariant(post.thumbnail, post.thumbnail_width, 2 * DIGEST_THUMBNAIL_WIDTH) ?? post.thumbnail)
    : null;
  const thumbnail = file
    ? `<td class="mail-digest-thumb" width="${DIGEST_THUMBNAIL_WIDTH}"><a href="${href}">` +
      `<img src="${escapeAttribute(absoluteUrl(uploadUrl(file) ?? '', postUrl))}" ` +
      `alt="${escapeAttribute(thumbnailAltOf(post))}" width="${DIGEST_THUMBNAIL_WIDTH}" /></a></td>`
    : '';
  const meta = [post.category_name, publishedDate(post.published_at, words)].filter(Boolean).join(' · ');
  return (
    '<table role="presentation" class="mail-digest-item" cellpadding="0" cellspacing="0" border="0"><tr>' +
    thumbnail +
    '<td class="mail-digest-text">' +
    (meta ? `<p class="mail-meta">${escapeText(meta)}</p>` : '') +
    `<h2 class="mail-digest-title"${lang}><a href="${href}">${escapeText(post.title)}</a></h2>` +
    (post.short_content
      ? `<div class="mail-digest-excerpt"${lang}>${mailContentHtml(post.short_content, postUrl)}</div>`
      : '') +
    '</td></tr></table>'
  );
}

/**
 * The weekly digest: the posts published in the subscriber's topics since their last one (newest
 * first), each its title linked to the post, its excerpt and thumbnail, in the layout of every
 * subscriber mail (`mailHtml`), and its plain-text part, in the subscriber's language (`site.lang`).
 */
export function renderDigestMail(posts: readonly DigestPost[], site: MailSite): RenderedMail {
  const words = mailWordsOf(site);
  const origin = new URL(site.siteUrl).origin;
  const items = posts.map((post) => ({ post, url: absoluteUrl(post.path ?? postPath(post.slug), origin) }));
  const heading = `${words.digest.heading} · ${site.siteName}`;
  const rows =
    '<tr><td class="mail-main">' +
    `<h1 class="mail-title">${escapeText(heading)}</h1>` +
    items.map(({ post, url }) => itemHtml(post, url, words, ownLanguageAttribute(post.language, site))).join('') +
    '</td></tr>';
  return {
    subject: words.digest.subject(site.siteName, posts.length),
    html: mailHtml(site, { title: heading, preheader: posts.map((post) => post.title).join(' · '), rows }),
    text: [
      heading,
      '',
      ...items.flatMap(({ post, url }) => [
        post.title,
        url,
        ...(post.short_content ? [htmlToMailText(mailContentHtml(post.short_content, url))] : []),
        '',
      ]),
      ...mailFooterText(site),
    ].join('\n'),
  };
}
