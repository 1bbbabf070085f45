import { filetypeinfo } from 'magic-bytes.js';
import { UPLOAD_IMAGE_TYPES, type UploadImageExtension } from '@blog/contracts';

/** Enough bytes for every signature the accepted types are recognised by. */
const SIGNATURE_BYTES = 64;

type AcceptedMime = keyof typeof UPLOAD_IMAGE_TYPES;

/** The extension of the stored file, from the file's own bytes (never its name or declared type). */
export function imageExtensionOf(bytes: Uint8Array): UploadImageExtension | undefined {
  const guesses = filetypeinfo(bytes.subarray(0, SIGNATURE_BYTES));
  for (const guess of guesses) {
    const mime = guess.mime as AcceptedMime | undefined;
    if (mime && Object.prototype.hasOwnProperty.call(UPLOAD_IMAGE_TYPES, mime)) return UPLOAD_IMAGE_TYPES[mime];
  }
  return undefined;
}

/** `jpg` → `image/jpeg`: the content type stored with (and served for) an image of that type. */
export function contentTypeOf(extension: UploadImageExtension): string {
  const entry = Object.entries(UPLOAD_IMAGE_TYPES).find(([, value]) => value === extension);
  if (!entry) throw new Error(`No content type for .${extension}`);
  return entry[0];
}

/** ISO-BMFF brands of HEVC-coded HEIF files (iPhones' and Macs' `.heic`, Samsung's `.heif`). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
/** Brands of any HEIF (AV1 ones are AVIF, which libvips reads itself). */
const HEIF_STRUCTURAL_BRANDS = new Set(['mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * True for a HEIC/HEIF photo, by its `ftyp` box (never its name or declared type): a HEVC brand, or
 * the structural HEIF brand without an AVIF one.
 */
export function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  const text = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (text(4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0, bytes.length, 256);
  // The major brand, then (after the minor version) the compatible brands.
  const brands = [text(8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(text(offset, offset + 4));
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return false;
  return brands.some((brand) => HEIC_BRANDS.has(brand) || HEIF_STRUCTURAL_BRANDS.has(brand));
}
