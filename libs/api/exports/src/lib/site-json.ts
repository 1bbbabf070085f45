import type { Readable } from 'node:stream';
import { parser } from 'stream-json';
import Assembler from 'stream-json/Assembler';
import {
  SITE_ARCHIVE_HEADER_KEYS,
  SITE_ARCHIVE_JSON,
  SITE_ARCHIVE_SECTIONS,
  type SiteArchiveSection,
} from '@blog/contracts';
import { SiteArchiveError } from './site-archive.error';

const HEADER_KEYS: ReadonlySet<string> = new Set(SITE_ARCHIVE_HEADER_KEYS);
const SECTIONS: ReadonlySet<string> = new Set(SITE_ARCHIVE_SECTIONS);

export interface SiteJsonVisitor {
  /** One of the single values (`format`, `version` ...), as parsed. */
  header?(key: string, value: unknown): void;
  /** One item of a list, as parsed (not yet validated); awaited before the next is read. */
  item?(section: SiteArchiveSection, value: unknown, index: number): Promise<void> | void;
  /** A list's end, with how many items it had. */
  sectionEnd?(section: SiteArchiveSection, count: number): void;
}

interface Token {
  name: string;
  value?: string;
}

/**
 * Reads site.json as a stream (stream-json), one list item at a time: memory holds one post, never
 * the file. Refuses what is no JSON object, a key site.json does not have, a key given twice, and a
 * list that is no array. Only the `sections` asked for are assembled; the others are skipped token by token.
 */
export async function walkSiteJson(
  input: Readable,
  visitor: SiteJsonVisitor,
  sections: ReadonlySet<SiteArchiveSection> = SECTIONS as ReadonlySet<SiteArchiveSection>,
): Promise<void> {
  const tokens = input.pipe(parser({ streamValues: false }));
  input.on('error', (error) => tokens.destroy(error));
  const seen = new Set<string>();
  /** 0: before the object; 1: in it, between keys; then the current key's value. */
  let depth = 0;
  let key: string | null = null;
  let section: SiteArchiveSection | null = null;
  let inList = false;
  let index = 0;
  let skipDepth = 0;
  let value: Assembler | null = null;
  try {
    for await (const token of tokens as AsyncIterable<Token>) {
      if (depth === 0) {
        if (token.name !== 'startObject') throw new SiteArchiveError(SITE_ARCHIVE_JSON, 'must be a JSON object');
        depth = 1;
        continue;
      }
      if (value) {
        // Assembling a header value or a list item.
        value.consume(token);
        if (!value.done) continue;
        const done = value.current as unknown;
        value = null;
        if (section) await visitor.item?.(section, done, index++);
        else if (key) visitor.header?.(key, done);
        if (!section) key = null;
        continue;
      }
      if (skipDepth > 0) {
        // Inside an item of a list not asked for.
        if (token.name === 'startObject' || token.name === 'startArray') skipDepth++;
        else if (token.name === 'endObject' || token.name === 'endArray') skipDepth--;
        if (skipDepth === 0) index++;
        continue;
      }
      if (inList && section) {
        if (token.name === 'endArray') {
          visitor.sectionEnd?.(section, index);
          inList = false;
          section = null;
          key = null;
        } else if (!sections.has(section)) {
          if (token.name === 'startObject' || token.name === 'startArray') skipDepth = 1;
          else index++;
        } else {
          value = new Assembler();
          value.consume(token);
          if (value.done) {
            const done = value.current as unknown;
            value = null;
            await visitor.item?.(section, done, index++);
          }
        }
        continue;
      }
      if (key === null) {
        if (token.name === 'endObject') {
          depth = 0;
          continue;
        }
        if (token.name !== 'keyValue' || token.value === undefined) continue;
        key = token.value;
        if (!HEADER_KEYS.has(key) && !SECTIONS.has(key)) {
          throw new SiteArchiveError(SITE_ARCHIVE_JSON, `has an unknown key "${key.slice(0, 100)}"`);
        }
        if (seen.has(key)) throw new SiteArchiveError(SITE_ARCHIVE_JSON, `has the key "${key}" twice`);
        seen.add(key);
        continue;
      }
      // The value of `key`.
      if (SECTIONS.has(key)) {
        if (token.name !== 'startArray') throw new SiteArchiveError(SITE_ARCHIVE_JSON, `${key} must be a list`);
        section = key as SiteArchiveSection;
        inList = true;
        index = 0;
        continue;
      }
      value = new Assembler();
      value.consume(token);
      if (value.done) {
        visitor.header?.(key, value.current);
        value = null;
        key = null;
      }
    }
  } catch (error) {
    if (error instanceof SiteArchiveError) throw error;
    throw new SiteArchiveError(SITE_ARCHIVE_JSON, `is not valid JSON (${(error as Error).message})`);
  } finally {
    input.destroy();
  }
}

/** site.json's text in pieces: the header, then each list from its async source, one item at a time. */
export async function* siteJsonPieces(
  header: Record<(typeof SITE_ARCHIVE_HEADER_KEYS)[number], unknown>,
  lists: Array<[SiteArchiveSection, AsyncIterable<unknown[]>]>,
): AsyncGenerator<string> {
  yield `{${SITE_ARCHIVE_HEADER_KEYS.map((key) => `${JSON.stringify(key)}:${JSON.stringify(header[key])}`).join(',')}`;
  for (const [section, batches] of lists) {
    yield `,\n${JSON.stringify(section)}:[`;
    let first = true;
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      yield (first ? '\n' : ',\n') + batch.map((item) => JSON.stringify(item)).join(',\n');
      first = false;
    }
    yield ']';
  }
  yield '}\n';
}
