import { z } from 'zod';

/**
 * Why a text input is refused, whatever the field: PostgreSQL text cannot hold U+0000 (it fails in
 * the database); a lone UTF-16 surrogate is no character at all (it would be stored as U+FFFD); U+FFFD
 * is what a decoder leaves of bytes that were not UTF-8 (a body or query in another encoding, or
 * garbage), so it is refused rather than stored in their place; the other C0 control characters have
 * no place in what people type or paste (tab and line breaks excepted).
 */
export const INVALID_TEXT_ERRORS = {
  nul: 'must not contain a NUL character',
  loneSurrogate: 'must be valid Unicode text (it contains a lone surrogate)',
  replacement: 'must be valid UTF-8 text (it contains U+FFFD, what is left of bytes that are not UTF-8)',
  control: 'must not contain control characters (tab and line breaks are allowed)',
} as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL = /[\u0001-\u0008\u000B\u000C\u000E-\u001F]/;

/** The reason `text` is not acceptable input text, or `undefined` when it is. */
export function invalidTextReason(text: string): string | undefined {
  if (text.includes('\u0000')) return INVALID_TEXT_ERRORS.nul;
  if (LONE_SURROGATE.test(text)) return INVALID_TEXT_ERRORS.loneSurrogate;
  if (text.includes('\uFFFD')) return INVALID_TEXT_ERRORS.replacement;
  if (CONTROL.test(text)) return INVALID_TEXT_ERRORS.control;
  return undefined;
}

/** The rule as a zod check; `abort`: text that is not text gets this one message, not also the field's own. */
const validText = z.refine<string>((text) => invalidTextReason(text) === undefined, {
  abort: true,
  error: (issue) => invalidTextReason(String(issue.input)),
});

/**
 * The one way an input schema takes text (every field, path and query parameter, passwords and HTML
 * alike): `z.string(params)` that refuses what `invalidTextReason` names, before the field's own checks.
 */
export function textInput(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(validText);
}
