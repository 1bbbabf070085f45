import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** Why a guarded fetch gave up; each becomes its own clear message for the writer. */
export type GuardedFetchFailure =
  | 'not-allowed'
  | 'unreachable'
  | 'timeout'
  | 'http-status'
  | 'too-many-redirects'
  | 'not-an-image'
  | 'not-json'
  | 'too-large';

export class GuardedFetchError extends Error {
  constructor(
    readonly failure: GuardedFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'GuardedFetchError';
  }
}

export interface GuardedFetchOptions {
  /**
   * `host` or `host:port` entries (lower case) fetched without the address check: private hosts named
   * on purpose (tests, intranets). Every other host must resolve to a public unicast address.
   */
  allowedHosts?: readonly string[];
  /** The most bytes the body may have (a larger Content-Length is refused before reading). */
  maxBytes: number;
  /** For the whole fetch, redirects and body included. */
  timeoutMs: number;
  maxRedirects: number;
  /**
   * What the answer must be: an `image/*` (the default), JSON (an oEmbed answer, say), or, for an
   * import's audio clips, an `audio/*` (`application/octet-stream` too: many servers send MP3 and M4A
   * files so; the bytes are checked after).
   */
  expect?: 'image' | 'json' | 'audio';
}

/** The `Accept` header, the content types taken and what a refusal calls the answer, for each `expect`. */
const EXPECTED = {
  image: { accept: 'image/*', matches: (type: string) => type.startsWith('image/'), what: 'an image' },
  json: {
    accept: 'application/json',
    matches: (type: string) => /^application\/(?:[\w.+-]+\+)?json$/.test(type.split(';')[0].trim()),
    what: 'JSON',
  },
  audio: {
    accept: 'audio/*, application/octet-stream',
    matches: (type: string) => /^(?:audio\/|application\/octet-stream)/.test(type),
    what: 'audio',
  },
} as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/*
 * request-filtering-agent checks the address at connect time: a literal IP before connecting, a host
 * name in the DNS lookup the socket itself makes (so the address checked is the one connected to; a
 * second lookup cannot rebind it). Anything but public unicast is refused: loopback, private,
 * link-local (the 169.254.169.254 metadata service), unique-local, IPv4-mapped, unspecified ...
 * No keep-alive: every hop gets a fresh, checked connection.
 */
const filteringAgents = {
  'http:': new RequestFilteringHttpAgent({ keepAlive: false }),
  'https:': new RequestFilteringHttpsAgent({ keepAlive: false }),
};
/** For the hosts allowed by configuration only. */
const plainAgents = {
  'http:': new http.Agent({ keepAlive: false }),
  'https:': new https.Agent({ keepAlive: false }),
};

function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  const hostname = url.hostname.toLowerCase();
  const host = url.port ? `${hostname}:${url.port}` : hostname;
  return allowedHosts.includes(host) || allowedHosts.includes(hostname);
}

/** The library's refusal ("DNS lookup 10.0.0.1(…) is not allowed. Because, It is private IP address."). */
const isAddressRefusal = (error: unknown) => error instanceof Error && /is not allowed/.test(error.message);

function request(url: URL, options: GuardedFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const protocol = url.protocol as 'http:' | 'https:';
  const agents = isAllowedHost(url, options.allowedHosts ?? []) ? plainAgents : filteringAgents;
  const get = protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    try {
      const accept = EXPECTED[options.expect ?? 'image'].accept;
      const req = get(url, { agent: agents[protocol], signal, headers: { accept } }, resolve);
      req.on('error', reject);
    } catch (error) {
      // The agent refuses a literal IP address synchronously.
      reject(error);
    }
  });
}

function failureOf(error: unknown, url: URL, signal: AbortSignal): GuardedFetchError {
  if (error instanceof GuardedFetchError) return error;
  if (signal.aborted) return new GuardedFetchError('timeout', `${url.host} took too long to answer`);
  if (isAddressRefusal(error)) {
    return new GuardedFetchError(
      'not-allowed',
      `${url.host} is not a public address (private, loopback and link-local addresses are refused)`,
    );
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const detail =
    code === 'ENOTFOUND' || code === 'EAI_AGAIN'
      ? 'no such host'
      : (code ?? (error instanceof Error ? error.message : 'unknown error'));
  return new GuardedFetchError('unreachable', `${url.host} could not be reached (${detail})`);
}

async function readBody(response: IncomingMessage, maxBytes: number, url: URL, what: string): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  const tooLarge = () =>
    new GuardedFetchError('too-large', `the ${what} at ${url.host} is larger than ${maxBytes} bytes`);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of response) {
    received += (chunk as Buffer).length;
    // Counted while streaming: a server may lie about Content-Length or send none.
    if (received > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches an image from someone else's server without letting that server (or whoever wrote the URL)
 * reach this machine's network: http(s) only, public addresses only (checked on each connection,
 * redirects included), at most `maxRedirects` redirects, `timeoutMs` for everything, `maxBytes` at
 * most, and only an `image/*` answer (or JSON, with `expect: 'json'`, or audio, with `expect: 'audio'`).
 * The bytes still have to pass the upload pipeline (or a schema) after this.
 */
export async function guardedFetch(address: string, options: GuardedFetchOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = new URL(address);
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new GuardedFetchError('not-allowed', `only http and https addresses can be fetched (not ${url.protocol})`);
    }
    let response: IncomingMessage;
    try {
      response = await request(url, options, signal);
    } catch (error) {
      throw failureOf(error, url, signal);
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location) {
      response.resume();
      if (redirects >= options.maxRedirects) {
        throw new GuardedFetchError('too-many-redirects', `more than ${options.maxRedirects} redirects`);
      }
      url = new URL(location, url);
      continue;
    }
    if (status < 200 || status > 299) {
      response.resume();
      throw new GuardedFetchError('http-status', `${url.host} answered HTTP ${status}`);
    }
    const type = String(response.headers['content-type'] ?? '').toLowerCase();
    const expected = options.expect ?? 'image';
    if (!EXPECTED[expected].matches(type)) {
      response.destroy();
      throw new GuardedFetchError(
        expected === 'json' ? 'not-json' : 'not-an-image',
        `${url.host} answered ${type.split(';')[0] || 'no content type'}, not ${EXPECTED[expected].what}`,
      );
    }
    try {
      return await readBody(response, options.maxBytes, url, expected === 'json' ? 'answer' : 'image');
    } catch (error) {
      throw failureOf(error, url, signal);
    }
  }
}

export interface GuardedPostOptions {
  /** As `GuardedFetchOptions.allowedHosts`. */
  allowedHosts?: readonly string[];
  headers: Record<string, string>;
  /** For the whole request, the answer's body included. */
  timeoutMs: number;
}

export interface GuardedPostAnswer {
  status: number;
  /** The answer's first bytes as text (kept for the log, not for meaning). */
  body: string;
}

/** At most this much of an answer is read: a receiver says what it needs in its status. */
const ANSWER_KEPT_BYTES = 1024;

/**
 * POSTs `body` to someone else's server (a webhook, IndexNow) under the same guard as `guardedFetch`:
 * http(s) only, public addresses only unless allowed, checked on the connection, `timeoutMs` for all.
 * A redirect is answered as it is, never followed (a receiver's redirect could lead anywhere, a
 * private host included). Throws a `GuardedFetchError` when no answer came; any status is an answer.
 */
export async function guardedPost(
  address: string,
  body: string,
  options: GuardedPostOptions,
): Promise<GuardedPostAnswer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const url = new URL(address);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GuardedFetchError('not-allowed', `only http and https addresses can be called (not ${url.protocol})`);
  }
  const protocol = url.protocol as 'http:' | 'https:';
  const agents = isAllowedHost(url, options.allowedHosts ?? []) ? plainAgents : filteringAgents;
  const send = protocol === 'https:' ? https.request : http.request;
  try {
    return await new Promise<GuardedPostAnswer>((resolve, reject) => {
      try {
        const req = send(
          url,
          {
            method: 'POST',
            agent: agents[protocol],
            signal,
            headers: { ...options.headers, 'content-length': String(Buffer.byteLength(body)) },
          },
          (response) => {
            const chunks: Buffer[] = [];
            let kept = 0;
            response.on('data', (chunk: Buffer) => {
              if (kept < ANSWER_KEPT_BYTES) chunks.push(chunk.subarray(0, ANSWER_KEPT_BYTES - kept));
              kept += chunk.length;
              if (kept >= ANSWER_KEPT_BYTES) response.destroy();
            });
            const done = () =>
              resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
            response.on('end', done);
            response.on('close', done);
            response.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      } catch (error) {
        // The agent refuses a literal IP address synchronously.
        reject(error);
      }
    });
  } catch (error) {
    throw failureOf(error, url, signal);
  }
}
