import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  UPLOAD_FIELD,
  UPLOAD_HEIC_STORED_AS,
  UPLOAD_MAX_EDGE,
  UPLOAD_MAX_PIXELS,
  UPLOAD_MAX_PIXELS_LABEL,
  type UploadImageExtension,
} from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import { DecodeQueue } from './decode-queue';
import { HeicDecodeError, heicDecoder } from './heic-decoder';

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
  undecodableHeic: () =>
    DomainError.invalid(fieldError('could not be decoded as a HEIC photo: the file is damaged or truncated')),
};

/** What an upload's bytes are: a type stored as itself, or a HEIC photo (stored as JPEG). */
export type UploadedImageType = UploadImageExtension | 'heic';

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

/**
 * Decodes of more pixels than a stored image may have (those that are downscaled) take turns: one at
 * a time per process, at most 8 waiting (the admin sends two at a time; others wait their turn).
 */
export const LARGE_DECODE_PIXELS = UPLOAD_MAX_EDGE * UPLOAD_MAX_EDGE;
export const largeDecodes = new DecodeQueue(8);

export interface ReencodedImage {
  bytes: Buffer;
  /** The format stored: the upload's own, JPEG for a HEIC photo. */
  extension: UploadImageExtension;
  width: number;
  height: number;
  /** The upload's own pixel size, upright (before any downscaling). */
  originalWidth: number;
  originalHeight: number;
}

/** A still image larger than `UPLOAD_MAX_EDGE` on its long edge is stored at that size (never upscaled). */
const downscale = (image: Sharp): Sharp =>
  image.resize({
    width: UPLOAD_MAX_EDGE,
    height: UPLOAD_MAX_EDGE,
    fit: 'inside',
    withoutEnlargement: true,
    // JPEG and WebP are decoded at 1/2, 1/4 or 1/8 of their size when that is still large enough:
    // a 48-megapixel JPEG never occupies its full size in memory.
    fastShrinkOnLoad: true,
  });

/**
 * Decodes an upload whose type its first bytes told, and encodes it again in the same format (a
 * HEIC photo as JPEG): what is stored is only pixels, so EXIF (GPS included), XMP, ICC and comments
 * are gone, and anything appended to or hidden in the file (a `GIF89a…<script>` polyglot) is not
 * carried over. The EXIF orientation is applied to the pixels, so the stored image is upright without
 * it; a still image is downscaled to `UPLOAD_MAX_EDGE` on its long edge.
 *
 * The size is checked from the header before any pixel is decoded (a small file can announce
 * 50000×50000 pixels), and libvips refuses to decode more anyway (`limitInputPixels`). Large decodes
 * take turns (`largeDecodes`), so memory holds one full-size photo at a time.
 */
export async function reencodeImage(bytes: Uint8Array, type: UploadedImageType): Promise<ReencodedImage> {
  return type === 'heic' ? reencodeHeic(bytes) : reencodeWithSharp(bytes, type);
}

async function reencodeWithSharp(bytes: Uint8Array, extension: UploadImageExtension): Promise<ReencodedImage> {
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
  const pixels = header.width * header.height;
  if (pixels > UPLOAD_MAX_PIXELS) throw imageErrors.tooManyPixels();
  // Animations are kept frame for frame, at their own size.
  const animated = (header.pages ?? 1) > 1;
  const upright = header.autoOrient ?? header;

  const encode = async () => {
    let image = sharp(bytes, { ...options, limitInputPixels: UPLOAD_MAX_PIXELS }).autoOrient();
    if (!animated) image = downscale(image);
    try {
      const { data, info } = await encoderFor(extension, image).toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.pageHeight ?? info.height };
    } catch {
      throw imageErrors.undecodable();
    }
  };
  const encoded = pixels > LARGE_DECODE_PIXELS ? await largeDecodes.run(encode) : await encode();
  return {
    bytes: encoded.data,
    extension,
    width: encoded.width,
    height: encoded.height,
    originalWidth: upright.width,
    originalHeight: animated ? (header.pageHeight ?? header.height) : upright.height,
  };
}

/**
 * HEIC (HEVC-coded HEIF, as iPhones write): libvips as sharp ships it cannot decode HEVC, so
 * libheif (compiled to WebAssembly, `heic-decode`) decodes the primary image to RGBA (its rotation
 * and mirroring applied, as HEIF wants them; HEIF's EXIF orientation is informative only), on a
 * worker thread (`heicDecoder`: seconds for a 48-megapixel photo, which the event loop would
 * otherwise spend blocked), then sharp encodes it like any photo. The container is parsed first, so
 * the size is checked before any pixel is decoded. Phones' HEIC photos are all large: each takes its
 * turn with the other large decodes.
 */
async function reencodeHeic(bytes: Uint8Array): Promise<ReencodedImage> {
  return largeDecodes.run(async () => {
    let decoded;
    try {
      decoded = await heicDecoder.decode(bytes, UPLOAD_MAX_PIXELS);
    } catch (error) {
      if (error instanceof HeicDecodeError && error.reason === 'too-many-pixels') throw imageErrors.tooManyPixels();
      throw imageErrors.undecodableHeic();
    }
    const pixels = Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength);
    // libheif always gives an alpha channel; a JPEG has none.
    const image = downscale(
      sharp(pixels, { raw: { width: decoded.width, height: decoded.height, channels: 4 } }).removeAlpha(),
    );
    const { data, info } = await encoderFor(UPLOAD_HEIC_STORED_AS, image).toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      extension: UPLOAD_HEIC_STORED_AS,
      width: info.width,
      height: info.height,
      originalWidth: decoded.width,
      originalHeight: decoded.height,
    };
  });
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
