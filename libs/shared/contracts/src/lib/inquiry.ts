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
 * The contact page's address for an inquiry about the project or service `slug`, sent from the page
 * `from` (a path of this site).
 */
export function inquiryHref(kind: InquiryTopicKind, slug: string, from: string): string {
  const query = new URLSearchParams({ [kind]: slug, [INQUIRY_QUERY.from]: from });
  return `/contact?${query.toString()}`;
}
