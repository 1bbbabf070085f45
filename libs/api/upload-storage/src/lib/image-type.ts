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
