import juice from 'juice';
import { DEFAULT_LANGUAGE, SITE_TIME_ZONE, type Language } from '@blog/contracts';
import { escapeAttribute, escapeText } from '@blog/shared/html';
import { absoluteUrl, MAIL_WIDTH } from './mail-content';
import { MAIL_STYLES } from './mail-styles';
import { htmlToMailText } from './mail-text';
import { MAIL_WORDS, type MailWords } from './mail-words';

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
  /** The subscriber's language (the mail's words and `lang`) and direction; English and left-to-right by default. */
  lang?: Language;
  dir?: 'ltr' | 'rtl';
}

/** A mail to a subscriber: its subject, HTML and plain-text parts. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The words of a mail to this subscriber, in their language. */
export const mailWordsOf = (site: Pick<MailSite, 'lang'>): MailWords => MAIL_WORDS[site.lang ?? DEFAULT_LANGUAGE];

/**
 * ` lang="…"` for a post's own words (title, text) written in another language than the subscriber's mail
 * (WCAG 3.1.2, language of parts: read aloud with that language's voice); '' when the same.
 */
export const ownLanguageAttribute = (language: Language | undefined, site: Pick<MailSite, 'lang'>): string =>
  language && language !== (site.lang ?? DEFAULT_LANGUAGE) ? ` lang="${escapeAttribute(language)}"` : '';

/** A post's publication date as the mails write it (the site's time zone, the subscriber's language), or '' for none. */
export const publishedDate = (iso: string | null, words: MailWords): string =>
  iso
    ? new Intl.DateTimeFormat(words.dateLocale, {
        timeZone: SITE_TIME_ZONE,
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }).format(new Date(iso))
    : '';

function headerHtml(site: MailSite, siteUrl: string): string {
  const logo = site.logoUrl
    ? `<img src="${escapeAttribute(absoluteUrl(site.logoUrl, siteUrl))}" alt="" height="40" class="mail-logo" /> `
    : '';
  return `<tr><td class="mail-header"><a href="${escapeAttribute(absoluteUrl('/', siteUrl))}" class="mail-site">${logo}${escapeText(site.siteName)}</a></td></tr>`;
}

function footerWhy(site: MailSite): string {
  const { footer } = mailWordsOf(site);
  return `${footer.why(site.siteName, site.topics)} ${footer.from(site.senderName)}`;
}

function footerHtml(site: MailSite): string {
  const { footer } = mailWordsOf(site);
  return (
    `<tr><td class="mail-footer">` +
    `<p>${escapeText(footerWhy(site))}</p>` +
    `<p><a href="${escapeAttribute(site.preferencesUrl)}">${escapeText(footer.preferences)}</a> · ` +
    `<a href="${escapeAttribute(site.unsubscribeUrl)}">${escapeText(footer.unsubscribe)}</a></p>` +
    `</td></tr>`
  );
}

/**
 * A subscriber mail's HTML for mail clients: a table of at most 600 pixels with the site's header, the
 * given rows (`<tr>`s: the mail's own content) and the footer with the subscriber's preferences and
 * unsubscribe links; the site's colours, styles inlined, no script, no tracking pixel.
 */
export function mailHtml(site: MailSite, page: { title: string; preheader: string; rows: string }): string {
  const siteUrl = new URL(site.siteUrl).origin;
  const lang = site.lang ?? DEFAULT_LANGUAGE;
  const dir = site.dir ?? 'ltr';
  const document =
    `<!DOCTYPE html><html lang="${escapeAttribute(lang)}" dir="${dir}"><head><meta charset="utf-8" />` +
    '<meta name="viewport" content="width=device-width, initial-scale=1" />' +
    '<meta name="x-apple-disable-message-reformatting" /><meta name="color-scheme" content="light" />' +
    `<title>${escapeText(page.title)}</title><style>${MAIL_STYLES}</style></head>` +
    `<body class="mail-body"><div class="mail-preheader">${escapeText(page.preheader)}</div>` +
    '<table role="presentation" class="mail-outer" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td align="center">' +
    `<table role="presentation" class="mail-container" width="${MAIL_WIDTH}" cellpadding="0" cellspacing="0" border="0">` +
    headerHtml(site, siteUrl) +
    page.rows +
    footerHtml(site) +
    '</table></td></tr></table></body></html>';
  // Mail clients drop `<style>` (Gmail's apps, Outlook's web views): every rule is written on its element;
  // only the narrow screen's media query stays in `<style>`, for the clients that honour it.
  return juice(document, {
    preserveMediaQueries: true,
    removeStyleTags: true,
    applyWidthAttributes: false,
    applyHeightAttributes: false,
  });
}

/** The plain-text part's footer: why the subscriber gets the mail, and their links. */
export function mailFooterText(site: MailSite): string[] {
  const { footer } = mailWordsOf(site);
  return [
    '-- ',
    htmlToMailText(`<p>${escapeText(footerWhy(site))}</p>`),
    `${footer.preferences}: ${site.preferencesUrl}`,
    `${footer.unsubscribe}: ${site.unsubscribeUrl}`,
    '',
  ];
}
