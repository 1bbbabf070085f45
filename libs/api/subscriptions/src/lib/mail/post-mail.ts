import juice from 'juice';
import { POST_ROUTE, SITE_LANGUAGE, SITE_TIME_ZONE, thumbnailAltOf, uploadUrl } from '@blog/contracts';
import { escapeAttribute, escapeText } from '@blog/shared/html';
import { absoluteUrl, MAIL_WIDTH, mailContentHtml, mailUploadVariant } from './mail-content';
import { MAIL_STYLES } from './mail-styles';
import { htmlToMailText } from './mail-text';

/** The post a mail carries: the fields of the public post (`PostDetail`) it shows, and its summary. */
export interface MailPost {
  title: string;
  slug: string;
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

/** The site and the one subscriber a mail is for. */
export interface MailSite {
  /** The site's public origin, e.g. `https://blog.example`: every address in the mail is made absolute on it. */
  siteUrl: string;
  siteName: string;
  /** The logo's address (absolute or on the site), or null for the site's name alone. */
  logoUrl: string | null;
  /** The name the mail is from (General information's sender name): signs the footer. */
  senderName: string;
  /** This subscriber's signed links. */
  unsubscribeUrl: string;
  preferencesUrl: string;
  /** The names of the topics (categories) this subscriber follows: the footer says why they get the mail. */
  topics: readonly string[];
  /** The content's language and direction; the site's language and left-to-right by default. */
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

export interface PostMail {
  subject: string;
  html: string;
  text: string;
}

/** The mail's words around the post (the site's language, as its public pages). */
export const POST_MAIL_TEXT = {
  readOnSite: 'Read on the site',
  why: (siteName: string, topics: readonly string[]) =>
    topics.length > 0
      ? `You get this e-mail because you subscribed to ${topics.join(', ')} on ${siteName}.`
      : `You get this e-mail because you subscribed to ${siteName}.`,
  preferences: 'Change your topics',
  unsubscribe: 'Unsubscribe',
  from: (senderName: string) => `Sent by ${senderName}.`,
};

const publishedDate = (iso: string | null): string =>
  iso
    ? new Intl.DateTimeFormat('en-GB', {
        timeZone: SITE_TIME_ZONE,
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }).format(new Date(iso))
    : '';

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

function headerHtml(site: MailSite, siteUrl: string): string {
  const logo = site.logoUrl
    ? `<img src="${escapeAttribute(absoluteUrl(site.logoUrl, siteUrl))}" alt="" height="40" class="mail-logo" /> `
    : '';
  return `<tr><td class="mail-header"><a href="${escapeAttribute(absoluteUrl('/', siteUrl))}" class="mail-site">${logo}${escapeText(site.siteName)}</a></td></tr>`;
}

const footerWhy = (site: MailSite) =>
  `${POST_MAIL_TEXT.why(site.siteName, site.topics)} ${POST_MAIL_TEXT.from(site.senderName)}`;

function footerHtml(site: MailSite): string {
  return (
    `<tr><td class="mail-footer">` +
    `<p>${escapeText(footerWhy(site))}</p>` +
    `<p><a href="${escapeAttribute(site.preferencesUrl)}">${escapeText(POST_MAIL_TEXT.preferences)}</a> · ` +
    `<a href="${escapeAttribute(site.unsubscribeUrl)}">${escapeText(POST_MAIL_TEXT.unsubscribe)}</a></p>` +
    `</td></tr>`
  );
}

/**
 * A post as an e-mail for its subscribers: HTML for mail clients (a table of at most 600 pixels, the
 * site's colours, styles inlined, every address absolute, no script, no tracking pixel, links as
 * written) and its plain-text part, both ending with the subscriber's preferences and unsubscribe links.
 */
export function renderPostMail(post: MailPost, site: MailSite): PostMail {
  const siteUrl = new URL(site.siteUrl).origin;
  const postUrl = absoluteUrl(POST_ROUTE.replace(':slug', encodeURIComponent(post.slug)), siteUrl);
  const content = mailContentHtml(post.content, postUrl);
  const lang = site.lang ?? SITE_LANGUAGE;
  const dir = site.dir ?? 'ltr';
  const meta = [post.category_name, publishedDate(post.published_at)].filter(Boolean).join(' · ');
  const document =
    `<!DOCTYPE html><html lang="${escapeAttribute(lang)}" dir="${dir}"><head><meta charset="utf-8" />` +
    '<meta name="viewport" content="width=device-width, initial-scale=1" />' +
    '<meta name="x-apple-disable-message-reformatting" /><meta name="color-scheme" content="light" />' +
    `<title>${escapeText(post.title)}</title><style>${MAIL_STYLES}</style></head>` +
    `<body class="mail-body"><div class="mail-preheader">${escapeText(post.short_content)}</div>` +
    '<table role="presentation" class="mail-outer" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td align="center">' +
    `<table role="presentation" class="mail-container" width="${MAIL_WIDTH}" cellpadding="0" cellspacing="0" border="0">` +
    headerHtml(site, siteUrl) +
    thumbnailHtml(post, postUrl) +
    '<tr><td class="mail-main">' +
    (meta ? `<p class="mail-meta">${escapeText(meta)}</p>` : '') +
    `<h1 class="mail-title"><a href="${escapeAttribute(postUrl)}">${escapeText(post.title)}</a></h1>` +
    `<div class="mail-content">${content}</div>` +
    `<p class="mail-read"><a href="${escapeAttribute(postUrl)}" class="mail-button">${escapeText(POST_MAIL_TEXT.readOnSite)}</a></p>` +
    '</td></tr>' +
    footerHtml(site) +
    '</table></td></tr></table></body></html>';
  return {
    subject: post.title,
    // Mail clients drop `<style>` (Gmail's apps, Outlook's web views): every rule is written on its element;
    // only the narrow screen's media query stays in `<style>`, for the clients that honour it.
    html: juice(document, {
      preserveMediaQueries: true,
      removeStyleTags: true,
      applyWidthAttributes: false,
      applyHeightAttributes: false,
    }),
    text: [
      post.title,
      postUrl,
      '',
      htmlToMailText(content),
      '',
      `${POST_MAIL_TEXT.readOnSite}: ${postUrl}`,
      '',
      '-- ',
      htmlToMailText(`<p>${escapeText(footerWhy(site))}</p>`),
      `${POST_MAIL_TEXT.preferences}: ${site.preferencesUrl}`,
      `${POST_MAIL_TEXT.unsubscribe}: ${site.unsubscribeUrl}`,
      '',
    ].join('\n'),
  };
}
