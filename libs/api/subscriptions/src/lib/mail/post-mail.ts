import { postPath, thumbnailAltOf, uploadUrl, type Language } from '@blog/contracts';
import { escapeAttribute, escapeText } from '@blog/shared/html';
import { absoluteUrl, MAIL_WIDTH, mailContentHtml, mailUploadVariant } from './mail-content';
import {
  mailFooterText,
  mailHtml,
  mailWordsOf,
  ownLanguageAttribute,
  publishedDate,
  type MailSite,
  type RenderedMail,
} from './mail-layout';
import { htmlToMailText, summaryText } from './mail-text';

export type { MailSite } from './mail-layout';

/** The post a mail carries: the fields of the public post (`PostDetail`) it shows, and its summary. */
export interface MailPost {
  title: string;
  slug: string;
  /** Its public address (`/vi/{slug}` for a post in another language than the default); `/{slug}` when absent. */
  path?: string;
  /** The language it is written in; its title and text carry it when the mail's words are in another. */
  language?: Language;
  /** The post's summary: the line mail clients show beside the subject (the preheader). */
  short_content: string;
  /**
   * The post's sanitised rich text, best as the public post page gets it (`withResponsiveImages`:
   * images with their sizes and WebP variants); the stored HTML works too.
   */
  content: string;
  /** The thumbnail's stored file name (served under `/uploads/`), or null. */
  thumbnail: string | null;
  /** Its width in pixels when known: the mail then shows a variant of it. */
  thumbnail_width?: number | null;
  thumbnail_height?: number | null;
  thumbnail_alt: string;
  category_name: string;
  /** ISO 8601; null shows no date. */
  published_at: string | null;
}

export type PostMail = RenderedMail;

function thumbnailHtml(post: MailPost, postUrl: string): string {
  if (!post.thumbnail) return '';
  const file = mailUploadVariant(post.thumbnail, post.thumbnail_width) ?? post.thumbnail;
  const src = absoluteUrl(uploadUrl(file) ?? '', postUrl);
  const width = Math.min(post.thumbnail_width ?? MAIL_WIDTH, MAIL_WIDTH);
  const height =
    post.thumbnail_width && post.thumbnail_height
      ? Math.round((post.thumbnail_height * width) / post.thumbnail_width)
      : null;
  return (
    `<tr><td class="mail-hero"><a href="${escapeAttribute(postUrl)}">` +
    `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(thumbnailAltOf(post))}" width="${width}"${height ? ` height="${height}"` : ''} />` +
    `</a></td></tr>`
  );
}

/**
 * A post as an e-mail for its subscribers: HTML for mail clients (a table of at most 600 pixels, the
 * site's colours, styles inlined, every address absolute, no script, no tracking pixel, links as
 * written) and its plain-text part, both ending with the subscriber's preferences and unsubscribe links;
 * the mail's own words in the subscriber's language (`site.lang`).
 */
export function renderPostMail(post: MailPost, site: MailSite): PostMail {
  const words = mailWordsOf(site);
  const postUrl = absoluteUrl(post.path ?? postPath(post.slug), new URL(site.siteUrl).origin);
  const content = mailContentHtml(post.content, postUrl);
  const meta = [post.category_name, publishedDate(post.published_at, words)].filter(Boolean).join(' · ');
  const lang = ownLanguageAttribute(post.language, site);
  const rows =
    thumbnailHtml(post, postUrl) +
    '<tr><td class="mail-main">' +
    (meta ? `<p class="mail-meta">${escapeText(meta)}</p>` : '') +
    `<h1 class="mail-title"${lang}><a href="${escapeAttribute(postUrl)}">${escapeText(post.title)}</a></h1>` +
    `<div class="mail-content"${lang}>${content}</div>` +
    `<p class="mail-read"><a href="${escapeAttribute(postUrl)}" class="mail-button">${escapeText(words.readOnSite)}</a></p>` +
    '</td></tr>';
  return {
    subject: post.title,
    html: mailHtml(site, { title: post.title, preheader: summaryText(post.short_content), rows }),
    text: [
      post.title,
      postUrl,
      '',
      htmlToMailText(content),
      '',
      `${words.readOnSite}: ${postUrl}`,
      '',
      ...mailFooterText(site),
    ].join('\n'),
  };
}
