import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { IMPORT_MAX_BYTES } from '@blog/contracts';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { SourceFileError } from '../source-model';

/** The largest WordPress export read: the upload limit, checked again for a file that came another way. */
export const WXR_MAX_BYTES = IMPORT_MAX_BYTES;

/** The WXR namespaces by the prefix this reader names them with, whatever prefix and version (1.0–1.2, http or https) the file uses. */
const NAMESPACES: readonly [prefix: string, uri: RegExp][] = [
  ['wp', /^https?:\/\/wordpress\.org\/export\/1\.\d+\/$/],
  ['excerpt', /^https?:\/\/wordpress\.org\/export\/1\.\d+\/excerpt\/$/],
  ['content', /^https?:\/\/purl\.org\/rss\/1\.0\/modules\/content\/$/],
  ['dc', /^https?:\/\/purl\.org\/dc\/elements\/1\.1\/$/],
];

/** Children of `<channel>` read as whole records; every other child but the few CHANNEL_FIELDS is skipped. */
const RECORD_ELEMENTS = new Set(['item', 'wp:category', 'wp:tag', 'wp:term', 'wp:author']);
const CHANNEL_FIELDS = new Set(['title', 'link', 'wp:base_blog_url', 'wp:base_site_url']);

/** An item's `<category domain="post_tag" nicename="du-lich">Du lịch</category>`. */
export interface WxrTerm {
  domain: string;
  nicename: string;
  name: string;
}

/** One `<item>` (or `<wp:category>`, …): the text of its direct children, its terms and its post meta. */
export interface WxrRecord {
  element: string;
  /** Where it starts in the file, for messages. */
  line: number;
  /** `title`, `wp:post_id`, `content:encoded`, …: the last one wins. */
  fields: Map<string, string>;
  terms: WxrTerm[];
  /** `wp:postmeta` by key: the first value wins, as WordPress's `get_post_meta($id, $key, true)`. */
  meta: Map<string, string>;
  /** Its `wp:comment`s, each the text of its direct children (`wp:comment_id`, `wp:comment_content`, …). */
  comments: Array<Map<string, string>>;
}

export type WxrEvent = { type: 'channel'; name: string; value: string } | ({ type: 'record' } & WxrRecord);

export interface WxrReadOptions {
  /** Direct children of records not to collect (a first pass has no use for the posts' bodies). */
  skipFields?: ReadonlySet<string>;
}

/**
 * Streams a WXR file's channel fields and records with saxes, one 64 KiB chunk at a time: only the
 * record being read is held. Refuses, with a SourceFileError saying why in plain words, a file that is
 * empty, too large, not XML, not a WordPress export, truncated, not UTF-8, or that declares a DOCTYPE
 * (whose entities are the classic attack on XML readers: refused before any of its content is used).
 */
export async function* readWxr(path: string, options: WxrReadOptions = {}): AsyncGenerator<WxrEvent> {
  const { size } = await stat(path);
  if (size === 0) throw new SourceFileError('file', 'The file is empty: it is not a WordPress export.');
  if (size > WXR_MAX_BYTES) {
    throw new SourceFileError(
      'file',
      `The file is ${megabytes(size)} MB: a WordPress export may be at most ${megabytes(WXR_MAX_BYTES)} MB.`,
    );
  }
  const skip = options.skipFields ?? new Set<string>();
  const parser = new SaxesParser({ xmlns: true, position: true });
  const events: WxrEvent[] = [];
  const stack: string[] = [];
  let sawRoot = false;
  let record: WxrRecord | null = null;
  // The element whose text is being collected, at a stack depth; its text is what arrives at that depth.
  let collector: { depth: number; parts: string[]; done: (text: string) => void } | null = null;
  let metaKey: string | null = null;
  let metaValue: string | null = null;

  parser.on('error', (error) => {
    throw xmlError(error.message);
  });
  parser.on('doctype', (doctype) => {
    // Saxes tells it once read to its end: the line it began on is that many lines up.
    const line = parser.line - (doctype.match(/\n/g)?.length ?? 0);
    throw new SourceFileError(
      'file',
      `The file declares a DOCTYPE (line ${line}). A WordPress export never has one, and its entities are a known ` +
        'way to attack XML readers: the file is refused.',
    );
  });
  parser.on('xmldecl', ({ encoding }) => {
    if (encoding !== undefined && !/^utf-?8$/i.test(encoding)) {
      throw new SourceFileError(
        'file',
        `The file is encoded in ${encoding}: only UTF-8 WordPress exports can be read.`,
      );
    }
  });
  parser.on('opentag', (tag) => {
    const name = elementName(tag);
    const depth = stack.length;
    stack.push(name);
    if (depth === 0) {
      sawRoot = true;
      const declaresWp = Object.values(tag.ns).some((uri) => NAMESPACES[0][1].test(uri));
      if (name !== 'rss' || !declaresWp) {
        throw new SourceFileError(
          'file',
          name === 'rss'
            ? 'The file is an RSS feed, not a WordPress export: it lacks the WordPress export (WXR) namespace. ' +
                'Export the site with Tools → Export in WordPress.'
            : `The file is XML but not a WordPress export: its root element is <${tag.name}>, not <rss>.`,
        );
      }
    } else if (depth === 2 && stack[1] === 'channel') {
      if (RECORD_ELEMENTS.has(name)) {
        record = { element: name, line: parser.line, fields: new Map(), terms: [], meta: new Map(), comments: [] };
      } else if (CHANNEL_FIELDS.has(name)) {
        collect((value) => events.push({ type: 'channel', name, value }));
      }
    } else if (depth === 3 && record) {
      const current = record;
      if (name === 'wp:comment') current.comments.push(new Map());
      else if (name === 'wp:postmeta') metaKey = metaValue = null;
      else if (name === 'category') {
        const domain = attribute(tag, 'domain');
        const nicename = attribute(tag, 'nicename');
        // WXR 1.0 repeated each category without a domain: the one with its domain suffices.
        if (domain) collect((text) => current.terms.push({ domain, nicename, name: text.trim() }));
      } else if (!skip.has(name)) collect((text) => current.fields.set(name, text));
    } else if (depth === 4 && record && stack[3] === 'wp:postmeta') {
      if (name === 'wp:meta_key') collect((text) => (metaKey = text.trim()));
      else if (name === 'wp:meta_value') collect((text) => (metaValue = text));
    } else if (depth === 4 && record && stack[3] === 'wp:comment' && name !== 'wp:commentmeta') {
      const comment = record.comments[record.comments.length - 1];
      collect((text) => comment.set(name, text));
    }
  });
  const onText = (text: string) => {
    if (collector && collector.depth === stack.length) collector.parts.push(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const depth = stack.length;
    const name = stack.pop();
    if (collector && collector.depth === depth) {
      const { parts, done } = collector;
      collector = null;
      done(parts.join(''));
    }
    if (depth === 4 && record && name === 'wp:postmeta' && metaKey && metaValue !== null && !record.meta.has(metaKey)) {
      record.meta.set(metaKey, metaValue);
    }
    if (depth === 3 && record) {
      events.push({ type: 'record', ...record });
      record = null;
    }
  });

  function collect(done: (text: string) => void) {
    collector = { depth: stack.length, parts: [], done };
  }

  let first = true;
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 })) {
    let text = chunk as string;
    if (first) {
      first = false;
      text = text.replace(/^\uFEFF/, '');
      // Saxes would say "text data outside of root node" of a JSON file or a zip: say it plainly.
      if (!text.trimStart().startsWith('<')) {
        throw new SourceFileError(
          'file',
          'The file is not XML (it does not begin with a tag): it is not a WordPress export.',
        );
      }
    }
    parser.write(text);
    yield* events.splice(0);
  }
  parser.close();
  yield* events.splice(0);
  if (!sawRoot) throw new SourceFileError('file', 'The file holds no XML element: it is not a WordPress export.');
}

/** `wp:post_id` for `<wp:post_id>` in the WordPress namespace whatever its prefix; the plain name otherwise. */
function elementName(tag: SaxesTagNS): string {
  if (!tag.uri) return tag.local;
  const known = NAMESPACES.find(([, uri]) => uri.test(tag.uri));
  return known ? `${known[0]}:${tag.local}` : tag.name;
}

function attribute(tag: SaxesTagNS, name: string): string {
  return tag.attributes[name]?.value ?? '';
}

/** Saxes says `12:4: unclosed tag: item`; the owner reads what is wrong and where. */
function xmlError(message: string): SourceFileError {
  const match = /^(\d+):\d+: ([\s\S]*?)\.?$/.exec(message);
  const line = match ? Number(match[1]) : null;
  const reason = match ? match[2] : message;
  const unclosed = /^unclosed tag: (.+)$/.exec(reason);
  if (unclosed || reason === 'unexpected end') {
    return new SourceFileError(
      'file',
      `The file ends in the middle of its XML${unclosed ? ` (<${unclosed[1]}> is never closed)` : ''}: ` +
        'it was probably cut short while downloading or uploading. Export it again.',
    );
  }
  return new SourceFileError('file', `The file is not well-formed XML${line ? ` at line ${line}` : ''}: ${reason}.`);
}

function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0);
}
