import { createHash } from 'node:crypto';
import { constants as zlib, crc32, deflateRawSync } from 'node:zlib';

/**
 * A page's HTML with a placeholder wherever an answer's nonce goes, kept so that each answer costs
 * no compression: the text between placeholders is compressed once (each piece ending on a byte
 * boundary), and an answer is those pieces with its nonce between them as stored (uncompressed)
 * deflate blocks, in one gzip member whose checksum is combined from the pieces' own.
 */
export interface NoncedBody {
  /** The body's validator: the same for every answer (and every instance), whatever its nonce. */
  readonly etag: string;
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
  let gzipped: { deflated: Buffer[]; crcs: number[]; shifts: number[] } | undefined;

  const withNonce = (nonce: Buffer, parts: Buffer[]) =>
    parts.flatMap((part, index) => (index === 0 ? [part] : [nonce, part]));
  return {
    etag: `"${hash.digest('base64url')}"`,
    identity: (nonce) => Buffer.concat(withNonce(Buffer.from(nonce, 'utf8'), pieces)),
    gzip(nonce) {
      // Compressed on the first answer that asks for it. All pieces but the last end with a sync
      // flush (byte-aligned, not final); the last one ends the stream.
      gzipped ??= {
        // Copied: zlib's answer is a view on a 16 kB chunk, which a cached page would keep per piece
        // (eight pieces: 128 kB for about 10 kB of compressed page).
        deflated: pieces.map((piece, index) =>
          Buffer.from(deflateRawSync(piece, index < pieces.length - 1 ? { finishFlush: zlib.Z_SYNC_FLUSH } : {})),
        ),
        crcs: pieces.map((piece) => crc32(piece)),
        shifts: pieces.map((piece) => crc32Shift(piece.length)),
      };
      const nonceBytes = Buffer.from(nonce, 'utf8');
      const nonceCrc = crc32(nonceBytes);
      const nonceShift = crc32Shift(nonceBytes.length);
      let crc = gzipped.crcs[0];
      for (let index = 1; index < pieces.length; index += 1) {
        crc = crc32Combine(crc32Combine(crc, nonceCrc, nonceShift), gzipped.crcs[index], gzipped.shifts[index]);
      }
      const length = pieces.reduce((sum, piece) => sum + piece.length, 0) + nonceBytes.length * (pieces.length - 1);
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(length >>> 0, 4);
      return Buffer.concat([GZIP_HEADER, ...withNonce(storedBlock(nonceBytes), gzipped.deflated), trailer]);
    },
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
