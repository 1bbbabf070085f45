import type { ImgHTMLAttributes } from 'react';
import { preload } from 'react-dom';
import { UPLOAD_VARIANT_FORMATS, uploadUrl, uploadVariantSrcSet } from '@blog/contracts';

type UploadedPictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  /** The stored upload's name. */
  fileName: string;
  /** Its real pixel width, which tells which variants the server has; none known: the original only. */
  naturalWidth: number | null;
  /** The `sizes` of the sources: how wide the image is shown. */
  sizes: string;
};

/**
 * An uploaded image as a `<picture>`: AVIF, then WebP variants at the widths the server makes
 * (`UPLOAD_VARIANT_WIDTHS`), and the original as the `<img>` for browsers with neither. GIFs have
 * no variants (they would lose their animation). With `fetchPriority="high"` the first format's
 * variants are preloaded from the head: React preloads a lone `<img>` so, but not one in a picture.
 */
export function UploadedPicture({ fileName, naturalWidth, sizes, alt, ...img }: UploadedPictureProps) {
  const src = uploadUrl(fileName) ?? undefined;
  const original = <img src={src} alt={alt} {...img} />;
  if (!src || !naturalWidth || fileName.endsWith('.gif')) return original;
  if (img.fetchPriority === 'high') {
    const [format] = UPLOAD_VARIANT_FORMATS;
    preload(src, {
      as: 'image',
      type: `image/${format}`,
      imageSrcSet: uploadVariantSrcSet(fileName, naturalWidth, format),
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    <picture>
      {UPLOAD_VARIANT_FORMATS.map((format) => (
        <source
          key={format}
          type={`image/${format}`}
          srcSet={uploadVariantSrcSet(fileName, naturalWidth, format)}
          sizes={sizes}
        />
      ))}
      {original}
    </picture>
  );
}
