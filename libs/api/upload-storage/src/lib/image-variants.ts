import sharp from 'sharp';
import {
  UPLOAD_MAX_PIXELS,
  UPLOAD_VARIANT_FORMATS,
  uploadVariantWidths,
  type UploadVariantFormat,
} from '@blog/contracts';

export interface EncodedVariant {
  width: number;
  height: number;
  format: UploadVariantFormat;
  contentType: string;
  bytes: Buffer;
}

/** GIFs are served as they are: a still variant would lose the animation. */
export function hasVariants(contentType: string): boolean {
  return contentType !== 'image/gif';
}

/** One responsive variant of a stored image (`source`: its stored, upright bytes). */
export async function encodeVariant(
  source: Buffer,
  width: number,
  format: UploadVariantFormat,
): Promise<EncodedVariant> {
  // Older files may still carry an EXIF orientation: `autoOrient` first (a no-op on stripped ones).
  const resized = sharp(source, { failOn: 'truncated', limitInputPixels: UPLOAD_MAX_PIXELS })
    .autoOrient()
    .resize({ width, withoutEnlargement: true });
  // AVIF at effort 2: several times faster than the default, a few percent larger.
  const encoder = format === 'avif' ? resized.avif({ quality: 50, effort: 2 }) : resized.webp({ quality: 75 });
  const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
  return { width, height: info.height, format, contentType: `image/${format}`, bytes: data };
}

/**
 * Every responsive variant of a stored image (`UPLOAD_VARIANT_WIDTHS` × AVIF and WebP, never
 * upscaled; none for a GIF), made when a new upload is stored.
 */
export async function encodeAllVariants(source: Buffer, width: number, contentType: string): Promise<EncodedVariant[]> {
  if (!hasVariants(contentType)) return [];
  const variants: EncodedVariant[] = [];
  // One at a time: each encoder already uses the cores libvips has.
  for (const variantWidth of uploadVariantWidths(width)) {
    for (const format of UPLOAD_VARIANT_FORMATS) variants.push(await encodeVariant(source, variantWidth, format));
  }
  return variants;
}
