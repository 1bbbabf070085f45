import { splitLanguagePath } from './language';
import { projectPath, serviceAnchorPath } from './site-routes';

/**
 * An inquiry is a contact message that says what it is about and which page it came from, so the
 * owner's inbox tells which project or service brought it. Every project and service page ends with
 * one call to action, a plain link to the contact page (so it works without JavaScript), built here.
 */
export const INQUIRY_TOPIC_KINDS = ['project', 'service'] as const;
export type InquiryTopicKind = (typeof INQUIRY_TOPIC_KINDS)[number];

/** The call to action that ends a page of each kind. */
export const INQUIRY_CTA_LABELS: Record<InquiryTopicKind, string> = {
  project: 'Start a project like this',
  service: 'Ask about this service',
};

/** The contact page's query parameters that carry an inquiry (`/contact?project=homestay&from=/portfolio/homestay`). */
export const INQUIRY_QUERY = { from: 'from' } as const;

/**
 * The inquiry's fields, named as the contact page's query parameters: the contact form sends them
 * under these names too (hidden fields without JavaScript, the message's fields with it).
 */
export const INQUIRY_FIELDS = [...INQUIRY_TOPIC_KINDS, INQUIRY_QUERY.from] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];

/** A source page longer than this is no page of this site: it is dropped. */
export const SOURCE_PATH_MAX = 300;

/**
 * The contact page's address for an inquiry about the project or service `slug`, sent from the page
 * `from` (a path of this site).
 */
export function inquiryHref(kind: InquiryTopicKind, slug: string, from: string): string {
  const query = new URLSearchParams({ [kind]: slug, [INQUIRY_QUERY.from]: from });
  return `/contact?${query.toString()}`;
}

/**
 * The public page of a topic: the project's case study, or the services page at the service, in the
 * language of the page the inquiry was sent `from` (`/vi/portfolio/…` from a `/vi/` page): a slug may
 * name a project in each language.
 */
export function inquiryTopicPath(kind: InquiryTopicKind, slug: string, from: string | null = null): string {
  const path = kind === 'project' ? projectPath(slug) : serviceAnchorPath(slug);
  const { language } = splitLanguagePath(from ?? '/');
  return language ? `/${language}${path}` : path;
}

/**
 * `value` as a path of this site (`/portfolio/homestay`), its query and fragment left out; null when
 * it is none: another site (`https://…`, `//host`, `/\host`, which browsers read as a host), not a
 * path at all, or longer than `SOURCE_PATH_MAX`. Read with the URL standard's own parser, as
 * browsers read a link.
 */
export function sitePathOf(value: string): string | null {
  const base = 'http://site.invalid';
  if (!value.startsWith('/') || value.length > SOURCE_PATH_MAX) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  return url.origin === base ? url.pathname : null;
}
