import { DATA_IMAGE_TYPES, LINK_PROTOCOLS } from './editor-constants';

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// Control characters and whitespace browsers ignore inside a scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u009f]/g;

function schemeOf(url: string): string | null {
  const match = SCHEME.exec(url.replace(IGNORED_IN_SCHEME, ''));
  return match ? match[1].toLowerCase() : null;
}

/** A link target the editor keeps: http, https, mailto, tel, sms or a relative URL; anything else is `about:blank`. */
export function safeLinkUrl(url: string): string {
  const trimmed = url.trim();
  const scheme = schemeOf(trimmed);
  if (scheme === null) return trimmed.startsWith('//') ? 'about:blank' : trimmed;
  return (LINK_PROTOCOLS as readonly string[]).includes(scheme) ? trimmed : 'about:blank';
}

const DATA_IMAGE = new RegExp(`^data:(${DATA_IMAGE_TYPES.join('|')});base64,[a-z0-9+/=\\s]+$`, 'i');

/** An image source the editor keeps (http, https, a PNG/JPEG/GIF/WebP data URL, or relative), else null. */
export function safeImageUrl(url: string): string | null {
  const trimmed = url.trim();
  const scheme = schemeOf(trimmed);
  if (scheme === null) return trimmed && !trimmed.startsWith('//') ? trimmed : null;
  if (scheme === 'http' || scheme === 'https') return trimmed;
  return scheme === 'data' && DATA_IMAGE.test(trimmed) ? trimmed : null;
}
