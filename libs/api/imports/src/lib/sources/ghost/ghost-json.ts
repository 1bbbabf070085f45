import { createReadStream } from 'node:fs';
import { pipeline, type TransformCallback } from 'node:stream';
import { Parser } from 'stream-json';
import { SourceFileError } from '../source-model';

/** One token of stream-json's parser; values come packed (`stringValue`, `numberValue`), never in chunks. */
interface Token {
  name: string;
  value?: string;
}

/** A parser that knows whether its input had ended when it failed: the difference between truncated and malformed. */
class EndAwareParser extends Parser {
  inputEnded = false;

  override _flush(callback: TransformCallback): void {
    this.inputEnded = true;
    super._flush(callback);
  }
}

/** The file's JSON tokens; a parse failure becomes the SourceFileError the owner sees. */
async function* jsonTokens(path: string): AsyncGenerator<Token> {
  const parser = new EndAwareParser({ packValues: true, streamValues: false });
  // pipeline destroys both streams on any error, so the loop below ends with it.
  const tokens = pipeline(createReadStream(path), parser, () => undefined);
  try {
    for await (const token of tokens) yield token as Token;
  } catch (error) {
    // The file system's own errors (ENOENT...) are the runner's, not the owner's file.
    if (error instanceof Error && 'code' in error) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new SourceFileError(
      'file',
      parser.inputEnded
        ? 'The file ends in the middle of its JSON: it is truncated (export it again from Ghost).'
        : `The file is not valid JSON, so it is not a Ghost export (${reason}).`,
    );
  }
}

/**
 * A JSON value put together from its tokens. Objects have no prototype, so that a `__proto__` key in a
 * hostile file is a key like any other.
 */
class ValueAssembler {
  private readonly containers: (Record<string, unknown> | unknown[])[] = [];
  private readonly keys: (string | null)[] = [];
  private key: string | null = null;
  value: unknown = undefined;

  /** Takes the next token; true when the value is complete. */
  consume(token: Token): boolean {
    switch (token.name) {
      case 'startObject':
        return this.open(Object.create(null) as Record<string, unknown>);
      case 'startArray':
        return this.open([]);
      case 'endObject':
      case 'endArray':
        return this.close();
      case 'keyValue':
        this.key = token.value ?? '';
        return false;
      case 'stringValue':
        return this.add(token.value ?? '');
      case 'numberValue':
        return this.add(Number(token.value));
      case 'nullValue':
        return this.add(null);
      case 'trueValue':
        return this.add(true);
      case 'falseValue':
        return this.add(false);
      default:
        return false;
    }
  }

  private open(container: Record<string, unknown> | unknown[]): boolean {
    this.add(container);
    this.containers.push(container);
    this.keys.push(this.key);
    return false;
  }

  private close(): boolean {
    this.containers.pop();
    this.key = this.keys.pop() ?? null;
    return this.containers.length === 0;
  }

  private add(value: unknown): boolean {
    const parent = this.containers[this.containers.length - 1];
    if (parent === undefined) {
      this.value = value;
      return !(value !== null && typeof value === 'object');
    }
    if (Array.isArray(parent)) parent.push(value);
    else parent[this.key ?? ''] = value;
    return false;
  }
}

/** Where an export keeps its tables: `{"db":[{"meta","data"}]}` (Ghost 4/5) or `{"meta","data"}` (older exports). */
export type GhostExportShape = 'db' | 'flat';

export type GhostExportEvent =
  | { kind: 'meta'; shape: GhostExportShape; value: unknown }
  /** A table's value begins (`isArray` false for a hostile `"posts": {}`). */
  | { kind: 'table'; shape: GhostExportShape; table: string; isArray: boolean }
  | { kind: 'row'; shape: GhostExportShape; table: string; value: unknown };

interface Frame {
  isArray: boolean;
  /** The current key of an object, the next index of an array. */
  at: string | number | null;
}

/**
 * Walks a Ghost export once, streaming: the `meta` object, the start of every table and each row of
 * the tables `wanted` says, one at a time. Nothing else is kept, so a large `posts` table is never
 * whole in memory.
 */
export async function* walkGhostExport(
  path: string,
  wanted: (shape: GhostExportShape, table: string) => boolean,
): AsyncGenerator<GhostExportEvent> {
  const frames: Frame[] = [];
  // The meta or row being put together, if any.
  let current: { place: AssembledPlace; assembler: ValueAssembler } | null = null;

  for await (const token of jsonTokens(path)) {
    if (token.name === 'keyValue') {
      const top = frames[frames.length - 1];
      if (top) top.at = token.value ?? '';
      current?.assembler.consume(token);
      continue;
    }
    const opens = token.name === 'startObject' || token.name === 'startArray';
    const closes = token.name === 'endObject' || token.name === 'endArray';
    if (!closes && !current) {
      // A value begins: is it the meta, a table or a wanted row?
      const place = placeOf(frames);
      if (place?.kind === 'table') {
        yield { kind: 'table', shape: place.shape, table: place.table, isArray: token.name === 'startArray' };
      } else if (place?.kind === 'meta' || (place?.kind === 'row' && wanted(place.shape, place.table))) {
        current = { place, assembler: new ValueAssembler() };
      }
    }
    const complete = current?.assembler.consume(token) ?? false;
    if (opens) {
      frames.push({ isArray: token.name === 'startArray', at: token.name === 'startArray' ? 0 : null });
    } else {
      if (closes) frames.pop();
      // A value ended: the array holding it moves on to its next index.
      const top = frames[frames.length - 1];
      if (top?.isArray) top.at = (top.at as number) + 1;
    }
    if (current && complete) {
      const { place, assembler } = current;
      current = null;
      yield { ...place, value: assembler.value };
    }
  }
}

type AssembledPlace =
  { kind: 'meta'; shape: GhostExportShape } | { kind: 'row'; shape: GhostExportShape; table: string };
type Place = AssembledPlace | { kind: 'table'; shape: GhostExportShape; table: string };

/** What the value about to begin is, from the keys and indexes above it. */
function placeOf(frames: Frame[]): Place | null {
  if (frames.length === 0 || frames[0].isArray) return null;
  let shape: GhostExportShape = 'flat';
  let base = 0;
  if (frames[0].at === 'db') {
    if (frames.length < 2 || !frames[1].isArray || frames[1].at !== 0 || frames.length < 3 || frames[2].isArray) {
      return null;
    }
    shape = 'db';
    base = 2;
  }
  const depth = frames.length - base;
  const section = frames[base].at;
  if (depth === 1 && section === 'meta') return { kind: 'meta', shape };
  if (section !== 'data' || depth < 2 || frames[base + 1].isArray) return null;
  const table = frames[base + 1].at;
  if (typeof table !== 'string') return null;
  if (depth === 2) return { kind: 'table', shape, table };
  if (depth === 3 && frames[base + 2].isArray) return { kind: 'row', shape, table };
  return null;
}
