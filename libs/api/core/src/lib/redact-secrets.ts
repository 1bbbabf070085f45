import { API_TOKEN_PREFIX } from '@blog/contracts';

/** What stands in a log for a secret. */
export const REDACTED = '[Redacted]';

/** The user name and password of a URL (`https://user:pass@host/`). */
const URL_CREDENTIALS = /(\/\/)[^\s/?#@"'<>]+@/g;
/** A `name=value` pair: a query parameter, most often. */
const PARAMETER = /(?<![\w-])([\w-]+=)[^&#\s"'<>]*/g;
/** The names of parameters whose values are credentials, whatever they look like. */
const SECRET_NAME = /token|passw|secret|^(?:api[-_]?key|access[-_]?key|key|auth|authorization|bearer|signature|sig)=$/i;
/** An `Authorization` header's value (long enough not to be a word: "Basic settings"). */
const AUTHORIZATION = /\b(Bearer|Basic)\s+[\w.~+/=-]{16,}/gi;
/** Our API tokens (`blog_…`) and webhook signing secrets (`whsec_…`). */
const PREFIXED_SECRET = new RegExp(`(${API_TOKEN_PREFIX}|whsec_)[\\w-]{20,}`, 'g');
/**
 * A preview link's or a password reset's token (`newSecretToken`: 43 characters of base64url), alone or
 * right after a percent escape (`%22token%22%3A%22…`, a tRPC query's input in its URL).
 */
const RANDOM_TOKEN = /(?:(?<=%[\dA-F]{2})|(?<![\w-]))[\w-]{43}(?![\w-])/gi;
// Random tokens mix cases; slugs, hex hashes and UUIDs of that length do not.
const looksRandom = (text: string) => /[A-Z]/.test(text) && /[a-z]/.test(text);

/**
 * Text that may hold a URL, a header or an error message, with anything shaped like one of our secrets
 * replaced by `[Redacted]`: credentials in a URL, the values of parameters named like a credential
 * (`?api_key=`, `key`, `auth`, `bearer`, `token`, `password`, `secret`...), an `Authorization` value,
 * API tokens, webhook secrets, and preview and password-reset tokens wherever they stand (a path too).
 * Every log line goes through it (`createRootLogger`), and whatever stores a requested URL or a
 * delivery's error.
 */
export function redactSecrets(text: string): string {
  return redactUrlCredentials(text)
    .replace(PARAMETER, (pair, name: string) => (SECRET_NAME.test(name) ? `${name}${REDACTED}` : pair))
    .replace(AUTHORIZATION, `$1 ${REDACTED}`)
    .replace(PREFIXED_SECRET, `$1${REDACTED}`)
    .replace(RANDOM_TOKEN, (token) => (looksRandom(token) ? REDACTED : token));
}

/** Text with the user names and passwords of its URLs (`https://user:pass@host/`) redacted, and nothing else. */
export function redactUrlCredentials(text: string): string {
  return text.replace(URL_CREDENTIALS, `$1${REDACTED}@`);
}
