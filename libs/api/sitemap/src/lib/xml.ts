const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Characters XML 1.0 refuses anywhere (C0 controls but tab and line breaks, lone surrogates, U+FFFE/U+FFFF). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const NOT_XML_CHAR = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Drops what XML cannot carry at all, so one stray control character never breaks a whole feed. */
export function xmlChars(text: string): string {
  return text.replace(NOT_XML_CHAR, '');
}

/** Text or an attribute value. */
export function escapeXml(text: string): string {
  return xmlChars(text).replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);
}

/**
 * A CDATA section holding `text` as is. A `]]>` inside would end the section early, so it is split
 * across two sections (`]]` in one, `>` in the next): the parsed text stays exactly `text`.
 */
export function cdata(text: string): string {
  return `<![CDATA[${xmlChars(text).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

const TAG = /<[a-z][^>]*>/gi;
const URL_ATTRIBUTE = /(\s(?:href|src)=")([^"]*)"/gi;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Rich text with every relative `href` and `src` made absolute against `base`, as feed readers show
 * it away from the site. Works on HTML from the shared policy: attribute values double-quoted, and no
 * `>` inside a tag.
 */
export function absoluteUrls(html: string, base: string): string {
  return html.replace(TAG, (tag) =>
    tag.replace(URL_ATTRIBUTE, (whole, start: string, value: string) => {
      if (!value || HAS_SCHEME.test(value)) return whole;
      try {
        return `${start}${new URL(value, base).href}"`;
      } catch {
        return whole;
      }
    }),
  );
}
