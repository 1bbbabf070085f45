import sharp, { type Metadata, type Sharp } from 'sharp';
import { UPLOAD_FIELD, UPLOAD_MAX_PIXELS, UPLOAD_MAX_PIXELS_LABEL, type UploadImageExtension } from '@blog/contracts';
import { DomainError } from '@blog/api/core';

const fieldError = (message: string) => [{ field: UPLOAD_FIELD, message }];

export const imageErrors = {
  tooManyPixels: () =>
    new DomainError(
      'PAYLOAD_TOO_LARGE',
      `The image must be at most ${UPLOAD_MAX_PIXELS_LABEL}`,
      fieldError(`must be at most ${UPLOAD_MAX_PIXELS_LABEL}`),
    ),
  undecodable: () =>
    DomainError.invalid(fieldError('could not be decoded as an image: the file is damaged or truncated')),
};

/** What libvips calls each accepted type (AVIF is a HEIF with AV1 compression). */
const SHARP_FORMAT: Record<UploadImageExtension, string> = {
  jpg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  avif: 'heif',
};

/** Only GIF and WebP can hold frames; every frame is kept (an animated GIF stays animated). */
const ANIMATED: ReadonlySet<UploadImageExtension> = new Set(['gif', 'webp']);

export interface ReencodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes an upload whose type its first bytes told, and encodes it again in the same format:
 * what is stored is only pixels, so EXIF (GPS included), XMP, ICC and comments are gone, and
 * anything appended to or hidden in the file (a `GIF89a…<script>` polyglot) is not carried over.
 * The EXIF orientation is applied to the pixels, so the stored image is upright without it.
 *
 * The size is checked from the header before any pixel is decoded (a small file can announce
 * 50000×50000 pixels), and libvips refuses to decode more anyway (`limitInputPixels`).
 */
export async function reencodeImage(bytes: Uint8Array, extension: UploadImageExtension): Promise<ReencodedImage> {
  // Refuse damaged files, but not a decoder's mere warning (real cameras write odd files).
  const options = { animated: ANIMATED.has(extension), failOn: 'truncated' } as const;
  let header: Metadata;
  try {
    // Reads the header only; no pixel buffer is allocated here.
    header = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw imageErrors.undecodable();
  }
  if (header.format !== SHARP_FORMAT[extension] || (extension === 'avif' && header.compression !== 'av1')) {
    throw imageErrors.undecodable();
  }
  // With `animated`, `height` is that of all frames stacked: the pixels decoding would take.
  if (header.width * header.height > UPLOAD_MAX_PIXELS) throw imageErrors.tooManyPixels();

  const image = sharp(bytes, { ...options, limitInputPixels: UPLOAD_MAX_PIXELS }).autoOrient();
  try {
    const { data, info } = await encoderFor(extension, image).toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    throw imageErrors.undecodable();
  }
}

/** The same family out as in; without `keepMetadata`/`withMetadata` sharp writes no metadata. */
function encoderFor(extension: UploadImageExtension, image: Sharp): Sharp {
  switch (extension) {
    case 'jpg':
      return image.jpeg({ quality: 85, mozjpeg: true });
    case 'png':
      return image.png();
    case 'gif':
      return image.gif();
    case 'webp':
      return image.webp({ quality: 85 });
    case 'avif':
      return image.avif({ quality: 60 });
  }
}
