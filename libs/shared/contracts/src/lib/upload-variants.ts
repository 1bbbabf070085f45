import { uploadUrl } from './limits';

/**
 * Responsive variants of an uploaded image: the server writes `{name}-{width}.avif` and
 * `{name}-{width}.webp` beside `{name}.{ext}` for each of these widths narrower than the image, and
 * for the image's own width when it is narrower than the widest (never upscaled); the public pages
 * offer them in a `<picture>` `srcset`.
 */
export const UPLOAD_VARIANT_WIDTHS = [480, 960, 1600] as const;
/** In the order a `<picture>` offers them: the smaller format first. */
export const UPLOAD_VARIANT_FORMATS = ['avif', 'webp'] as const;
export type UploadVariantFormat = (typeof UPLOAD_VARIANT_FORMATS)[number];

/** The variant widths an image `width` pixels wide has. */
export function uploadVariantWidths(width: number): number[] {
  const narrower: number[] = UPLOAD_VARIANT_WIDTHS.filter((candidate) => candidate < width);
  const widest = UPLOAD_VARIANT_WIDTHS[UPLOAD_VARIANT_WIDTHS.length - 1];
  return width >= 1 && width <= widest ? [...narrower, Math.floor(width)] : narrower;
}

/** `photo.jpg` → `photo-480.webp`. */
export function uploadVariantName(fileName: string, width: number, format: UploadVariantFormat): string {
  const dot = fileName.lastIndexOf('.');
  return `${dot > 0 ? fileName.slice(0, dot) : fileName}-${width}.${format}`;
}

/** `/uploads/photo-480.webp 480w, /uploads/photo-800.webp 800w` for an image 800 pixels wide. */
export function uploadVariantSrcSet(fileName: string, width: number, format: UploadVariantFormat): string {
  return uploadVariantWidths(width)
    .map((w) => `${uploadUrl(uploadVariantName(fileName, w, format))} ${w}w`)
    .join(', ');
}

/**
 * How wide an image in the column of a post or the About page is shown, as `sizes`: the whole window
 * below 1024 pixels, then the ~800-pixel column beside the sidebar (the public pages' layout).
 */
export const CONTENT_IMAGE_SIZES = '(min-width: 1024px) 800px, 100vw';
