import { createHash } from 'node:crypto';
import { constants as zlib, crc32, deflateRawSync, gunzipSync } from 'node:zlib';

/**
 * A page's HTML with a placeholder wherever an answer's nonce goes, kept so that each answer costs
 * no compression: the text between placeholders is compressed once (in segments, each ending on a
 * byte boundary), and an answer is those segments with its nonce between them as stored (uncompressed)
 * deflate blocks, in one gzip member whose checksum is combined from the segments' own. Only the
 * compressed form is kept (what nearly every client asks for); an answer without compression is
 * decompressed from it, so a kept page holds its gzip size and no more.
 */
export interface NoncedBody {
  /** The body's validator: the same for every answer (and every instance), whatever its nonce (without its layout's parts). */
  readonly etag: string;
  /** The bytes it holds alone (its compressed segments, not those shared): what a cache counts it as. */
  readonly bytes: number;
  /** How many layout parts it leaves out (`noncedBody`'s `parts`): each answer puts `LayoutParts` in. */
  readonly partCount: number;
  identity(nonce: string, parts?: LayoutParts): Buffer;
  gzip(nonce: string, parts?: LayoutParts): Buffer;
  /** Its compressed segments as bytes (`noncedBodyFromBytes` reads them back): what the rendered-page store keeps. */
  toBytes(): Buffer;
}

/** gzip's header: deflate, no name, no time, unknown system (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final stored block: every compressed segment ends with a sync flush, so any can come last. */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
/** Mark the nonce's and the layout parts' places in what the ETag is computed from. */
const ETAG_NONCE_MARK = '\u0000nonce\u0000';
const ETAG_PART_MARK = '\u0000part\u0000';

/** Where text is cut so that what every page repeats (the inlined stylesheet) is compressed once. */
const STYLE_END = '</style>';
/** Segments ending a style element from this size up are kept once for every page that has them. */
const SHARED_SEGMENT_MIN_LENGTH = 1024;
/** How many such segments are kept (a stylesheet, its variants across a deploy): the oldest go first. */
const SHARED_SEGMENTS_MAX = 8;

/** What an answer puts right before a segment: its nonce, or the next of the layout's parts. */
type Before = 'nonce' | 'part' | null;

/** A run of text compressed on its own, ending on a byte boundary, with what its CRC needs. */
interface Segment {
  deflated: Buffer;
  crc: number;
  /** `crc32Shift` of its uncompressed length. */
  shift: number;
  length: number;
  before: Before;
  /** A segment kept once for every page (`sharedSegments`): the SHA-1 of its text, by which bytes name it. */
  sharedId?: Buffer;
}

type SegmentBase = Omit<Segment, 'before'>;

/**
 * The layout's shared parts of the post pages (the header, the sidebar, … and the state they were
 * rendered from), compressed once for every page they go into, in the order of its part places.
 */
export interface LayoutParts {
  readonly etag: string;
  readonly segments: readonly SegmentBase[];
}

export function layoutParts(texts: readonly string[]): LayoutParts {
  const hash = createHash('sha1');
  const segments = texts.map((text) => {
    hash.update(ETAG_PART_MARK).update(text, 'utf8');
    const segment = compressed(Buffer.from(text, 'utf8'));
    segment.deflated = copyAlone([segment.deflated]);
    return segment;
  });
  return { etag: hash.digest('base64url'), segments };
}

/** Shared segments by their text, and by their id (`Segment.sharedId`) for the bodies read back from bytes. */
const sharedSegments = new Map<string, SegmentBase>();
const sharedSegmentsById = new Map<string, SegmentBase>();

/**
 * `html` with a nonce wherever it has `placeholder`, and without the regions `parts` (`[start, end)`,
 * in order): the layout's parts, which each answer puts in (`LayoutParts`).
 */
export function noncedBody(html: string, placeholder: string, parts: ReadonlyArray<[number, number]> = []): NoncedBody {
  const runs: Run[] = [];
  const hash = createHash('sha1');
  const ownTexts = [...parts, [html.length, html.length]].map(([start], index) =>
    html.slice(index === 0 ? 0 : parts[index - 1][1], start),
  );
  ownTexts.forEach((own, partIndex) => {
    if (partIndex > 0) hash.update(ETAG_PART_MARK);
    own.split(placeholder).forEach((piece, index) => {
      hash.update(index === 0 ? '' : ETAG_NONCE_MARK).update(piece, 'utf8');
      runs.push({ text: piece, before: index > 0 ? 'nonce' : partIndex > 0 ? 'part' : null });
    });
  });
  const { segments, bytes } = compress(runs);
  // Built apart from the pieces: a closure made here would keep them (V8 keeps one context per scope).
  return withSegments(`"${hash.digest('base64url')}"`, segments, bytes);
}

function withSegments(etag: string, segments: Segment[], bytes: number): NoncedBody {
  const gzip = gzipWithNonce(segments);
  return {
    etag,
    bytes,
    partCount: segments.filter((segment) => segment.before === 'part').length,
    // Rare (browsers and crawlers ask for gzip): decompressing costs less than keeping a second copy.
    identity: (nonce, parts) => gunzipSync(gzip(nonce, parts)),
    gzip,
    toBytes: () => segmentsToBytes(segments),
  };
}

/*
 * A body as bytes: a format version, the segment count, then per segment its flags (1: after a nonce,
 * 2: shared, 4: after a layout part), CRC and length, then a shared segment's id or an own segment's
 * size and compressed bytes. A shared segment (the stylesheet, 4 kB compressed) is named, not copied,
 * in every stored page.
 */
const BYTES_VERSION = 1;
const AFTER_NONCE = 1;
const SHARED = 2;
const AFTER_PART = 4;
const SHARED_ID_LENGTH = 20;

function segmentsToBytes(segments: Segment[]): Buffer {
  const parts: Buffer[] = [Buffer.from([BYTES_VERSION]), uint32(segments.length)];
  for (const segment of segments) {
    const before = segment.before === 'nonce' ? AFTER_NONCE : segment.before === 'part' ? AFTER_PART : 0;
    const flags = before | (segment.sharedId ? SHARED : 0);
    parts.push(Buffer.from([flags]), uint32(segment.crc), uint32(segment.length));
    if (segment.sharedId) parts.push(segment.sharedId);
    else parts.push(uint32(segment.deflated.length), segment.deflated);
  }
  return Buffer.concat(parts);
}

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
}

/**
 * A body from `toBytes`' bytes and its ETag; null when they are not such bytes, or name a shared
 * segment this process does not hold (its first rendering of a page with that stylesheet keeps it).
 */
export function noncedBodyFromBytes(bytes: Buffer, etag: string): NoncedBody | null {
  try {
    if (bytes[0] !== BYTES_VERSION) return null;
    const count = bytes.readUInt32LE(1);
    const segments: Segment[] = [];
    const own: Segment[] = [];
    let at = 5;
    for (let index = 0; index < count; index += 1) {
      const flags = bytes[at];
      const crc = bytes.readUInt32LE(at + 1);
      const length = bytes.readUInt32LE(at + 5);
      at += 9;
      const before: Before = flags & AFTER_NONCE ? 'nonce' : flags & AFTER_PART ? 'part' : null;
      if (flags & SHARED) {
        const shared = sharedSegmentsById.get(bytes.toString('hex', at, (at += SHARED_ID_LENGTH)));
        if (!shared) return null;
        segments.push({ ...shared, before });
        continue;
      }
      const size = bytes.readUInt32LE(at);
      const end = at + 4 + size;
      if (end > bytes.length) return null;
      const segment = { deflated: bytes.subarray(at + 4, end), crc, shift: crc32Shift(length), length, before };
      at = end;
      segments.push(segment);
      own.push(segment);
    }
    if (at !== bytes.length) return null;
    // Out of the row's buffer, into one allocation of the page's own (as `compress` does).
    const store = copyAlone(own.map((segment) => segment.deflated));
    let offset = 0;
    for (const segment of own) segment.deflated = store.subarray(offset, (offset += segment.deflated.length));
    return withSegments(etag, segments, store.length);
  } catch {
    // A read past the end: not bytes this wrote.
    return null;
  }
}

/** A run of the page's text between two places an answer fills, and what goes before it. */
interface Run {
  text: string;
  before: Before;
}

/** `bytes` compressed on their own, ending on a byte boundary (so that any segment may follow). */
function compressed(bytes: Buffer): SegmentBase {
  return {
    deflated: deflateRawSync(bytes, { finishFlush: zlib.Z_SYNC_FLUSH }),
    crc: crc32(bytes),
    shift: crc32Shift(bytes.length),
    length: bytes.length,
  };
}

/**
 * Each run (between two places an answer fills) compressed in segments cut after each `</style>`: the
 * inlined stylesheet, half of a post page compressed, is then compressed once and kept once for every
 * page. `bytes` counts what the page holds alone.
 */
function compress(runs: Run[]): { segments: Segment[]; bytes: number } {
  const texts: Run[] = [];
  for (const { text: run, before } of runs) {
    let from = 0;
    for (let end = run.indexOf(STYLE_END); end >= 0; end = run.indexOf(STYLE_END, from)) {
      texts.push({ text: run.slice(from, end + STYLE_END.length), before: from === 0 ? before : null });
      from = end + STYLE_END.length;
    }
    texts.push({ text: run.slice(from), before: from === 0 ? before : null });
  }
  const own: SegmentBase[] = [];
  const bases = texts.map(({ text }) => {
    const shareable = text.length >= SHARED_SEGMENT_MIN_LENGTH && text.endsWith(STYLE_END);
    const shared = shareable ? sharedSegments.get(text) : undefined;
    if (shared) return shared;
    const segment = compressed(Buffer.from(text, 'utf8'));
    if (!shareable) {
      own.push(segment);
      return segment;
    }
    segment.deflated = copyAlone([segment.deflated]);
    segment.sharedId = createHash('sha1').update(text, 'utf8').digest();
    if (sharedSegments.size >= SHARED_SEGMENTS_MAX) {
      const oldest = sharedSegments.keys().next().value as string;
      sharedSegmentsById.delete((sharedSegments.get(oldest)?.sharedId as Buffer).toString('hex'));
      sharedSegments.delete(oldest);
    }
    sharedSegments.set(text, segment);
    sharedSegmentsById.set(segment.sharedId.toString('hex'), segment);
    return segment;
  });
  // One allocation of its own for the page's segments: zlib's answers are views on 16 kB chunks, and
  // a small copy would be a view on Node's shared 8 kB pool, either of which a kept page would hold
  // entirely.
  const store = copyAlone(own.map((segment) => segment.deflated));
  let offset = 0;
  for (const segment of own) {
    segment.deflated = store.subarray(offset, (offset += segment.deflated.length));
  }
  return {
    segments: bases.map((base, index) => ({ ...base, before: texts[index].before })),
    bytes: store.length,
  };
}

/** `buffers` copied into one allocation of their own. */
function copyAlone(buffers: Buffer[]): Buffer {
  const copy = Buffer.allocUnsafeSlow(buffers.reduce((sum, buffer) => sum + buffer.length, 0));
  buffers.reduce((at, buffer) => at + buffer.copy(copy, at), 0);
  return copy;
}

/**
 * The page in one gzip member: its segments, the nonce as a stored block before those that follow one
 * and the layout's parts before those that follow a part; the CRC combined.
 */
function gzipWithNonce(segments: Segment[]): (nonce: string, layout?: LayoutParts) => Buffer {
  return (nonce, layout) => {
    const nonceBytes = Buffer.from(nonce, 'utf8');
    const nonceCrc = crc32(nonceBytes);
    const nonceShift = crc32Shift(nonceBytes.length);
    const stored = storedBlock(nonceBytes);
    const parts: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    let length = 0;
    let part = 0;
    const add = (segment: SegmentBase) => {
      parts.push(segment.deflated);
      crc = crc32Combine(crc, segment.crc, segment.shift);
      length += segment.length;
    };
    for (const segment of segments) {
      if (segment.before === 'nonce') {
        parts.push(stored);
        crc = crc32Combine(crc, nonceCrc, nonceShift);
        length += nonceBytes.length;
      } else if (segment.before === 'part') {
        const layoutPart = layout?.segments[part++];
        if (!layoutPart) throw new Error('A page with layout parts sent without them');
        add(layoutPart);
      }
      add(segment);
    }
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(length >>> 0, 4);
    parts.push(FINAL_BLOCK, trailer);
    return Buffer.concat(parts);
  };
}

/** A deflate block that holds `data` as it is (not the last block; the stream is byte-aligned here). */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(0, 0);
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

/*
 * CRC-32 of a concatenation from its parts' CRCs (zlib's crc32_combine): the first part's CRC is
 * multiplied by x^(8·length of the second) modulo the CRC polynomial, then the second's is added.
 */
const POLYNOMIAL = 0xedb88320;

/** a·b modulo the polynomial, bit-reflected as CRC-32 keeps them. */
function multiplyModulo(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= b;
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^n) modulo the polynomial, for n = 0..31. */
const X_POWERS: number[] = [];
for (let n = 0, power = 0x40000000; n < 32; n += 1, power = multiplyModulo(power, power)) X_POWERS.push(power);

/** x^(8·bytes) modulo the polynomial: what a CRC is multiplied by to move it past `bytes` bytes. */
export function crc32Shift(bytes: number): number {
  let shift = 0x80000000;
  for (let n = 3, rest = bytes; rest > 0; rest = Math.floor(rest / 2), n += 1) {
    if (rest % 2 === 1) shift = multiplyModulo(X_POWERS[n % 32], shift);
  }
  return shift;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and `crc32Shift(length of B)`. */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModulo(shiftB, crcA) ^ crcB) >>> 0;
}
