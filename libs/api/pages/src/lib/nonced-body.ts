import { createHash } from 'node:crypto';
import { constants as zlib, crc32, deflateRawSync, gunzipSync } from 'node:zlib';

/**
 * A page's HTML with a placeholder wherever an answer's nonce goes, kept so that each answer costs
 * no compression: the text between placeholders is compressed once (each piece ending on a byte
 * boundary), and an answer is those pieces with its nonce between them as stored (uncompressed)
 * deflate blocks, in one gzip member whose checksum is combined from the pieces' own. Only the
 * compressed form is kept (what nearly every client asks for); an answer without compression is
 * decompressed from it, so a kept page holds its gzip size and no more.
 */
export interface NoncedBody {
  /** The body's validator: the same for every answer (and every instance), whatever its nonce. */
  readonly etag: string;
  /** The bytes it holds (the compressed pieces): what a cache counts it as. */
  readonly bytes: number;
  identity(nonce: string): Buffer;
  gzip(nonce: string): Buffer;
}

/** gzip's header: deflate, no name, no time, unknown system (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** Marks the nonce's place in what the ETag is computed from. */
const ETAG_NONCE_MARK = '\u0000nonce\u0000';

export function noncedBody(html: string, placeholder: string): NoncedBody {
  const pieces = html.split(placeholder).map((piece) => Buffer.from(piece, 'utf8'));
  const hash = createHash('sha1');
  pieces.forEach((piece, index) => hash.update(index === 0 ? '' : ETAG_NONCE_MARK).update(piece));
  const compressed = compress(pieces);
  // Built apart from the pieces: a closure made here would keep them (V8 keeps one context per scope).
  const gzip = gzipWithNonce(compressed);
  return {
    etag: `"${hash.digest('base64url')}"`,
    bytes: compressed.store.length,
    // Rare (browsers and crawlers ask for gzip): decompressing costs less than keeping a second copy.
    identity: (nonce) => gunzipSync(gzip(nonce)),
    gzip,
  };
}

interface CompressedPieces {
  /** The deflated pieces, one after the other; piece `i` ends at `ends[i]`. */
  store: Buffer;
  ends: Uint32Array;
  /** Each piece's CRC-32 and `crc32Shift` of its length, and the pieces' length in all (uncompressed). */
  crcs: Uint32Array;
  shifts: Uint32Array;
  length: number;
}

function compress(pieces: Buffer[]): CompressedPieces {
  const last = pieces.length - 1;
  // All pieces but the last end with a sync flush (byte-aligned, not final); the last one ends the stream.
  const deflated = pieces.map((piece, index) =>
    deflateRawSync(piece, index < last ? { finishFlush: zlib.Z_SYNC_FLUSH } : {}),
  );
  // One allocation of its own for all pieces: zlib's answers are views on 16 kB chunks, and a small
  // copy would be a view on Node's shared 8 kB pool, either of which a kept page would hold entirely.
  const store = Buffer.allocUnsafeSlow(deflated.reduce((sum, piece) => sum + piece.length, 0));
  const ends = new Uint32Array(pieces.length);
  deflated.reduce((offset, piece, index) => (ends[index] = offset + piece.copy(store, offset)), 0);
  return {
    store,
    ends,
    crcs: Uint32Array.from(pieces, (piece) => crc32(piece)),
    shifts: Uint32Array.from(pieces, (piece) => crc32Shift(piece.length)),
    length: pieces.reduce((sum, piece) => sum + piece.length, 0),
  };
}

/** The page in one gzip member: the pieces with the nonce between them as stored blocks, the CRC combined. */
function gzipWithNonce({ store, ends, crcs, shifts, length }: CompressedPieces): (nonce: string) => Buffer {
  return (nonce) => {
    const nonceBytes = Buffer.from(nonce, 'utf8');
    const nonceCrc = crc32(nonceBytes);
    const nonceShift = crc32Shift(nonceBytes.length);
    const stored = storedBlock(nonceBytes);
    const parts: Buffer[] = [GZIP_HEADER, store.subarray(0, ends[0])];
    let crc = crcs[0];
    for (let index = 1; index < ends.length; index += 1) {
      crc = crc32Combine(crc32Combine(crc, nonceCrc, nonceShift), crcs[index], shifts[index]);
      parts.push(stored, store.subarray(ends[index - 1], ends[index]));
    }
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE((length + nonceBytes.length * (ends.length - 1)) >>> 0, 4);
    parts.push(trailer);
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
