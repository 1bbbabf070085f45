import { randomUUID } from 'node:crypto';
import { access, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MAX_PIXELS,
  UPLOAD_VARIANT_FORMATS,
  uploadVariantName,
  uploadVariantWidths,
  type UploadVariantFormat,
} from '@blog/contracts';

/** `{name}-{width}.{avif|webp}`: what a variant's file name looks like. */
const VARIANT_NAME = /^([A-Za-z0-9][A-Za-z0-9._-]*)-(\d{1,4})\.(avif|webp)$/;
/** GIFs are served as they are: a still variant would lose the animation. */
const SOURCE_EXTENSIONS = Object.values(UPLOAD_IMAGE_TYPES).filter((extension) => extension !== 'gif');

const exists = (path: string) => access(path).then(() => true, () => false);

function encode(source: Buffer | string, width: number, format: UploadVariantFormat): Promise<Buffer> {
  const resized = sharp(source).resize({ width, withoutEnlargement: true });
  // AVIF at effort 2: several times faster than the default, a few percent larger.
  return (format === 'avif' ? resized.avif({ quality: 50, effort: 2 }) : resized.webp({ quality: 75 })).toBuffer();
}

/**
 * The responsive variants (`UPLOAD_VARIANT_WIDTHS` × AVIF and WebP) of uploaded images, beside the
 * original under `UPLOAD_DIR`. New uploads get theirs when stored; files stored before variants
 * existed (and the demo images the seed copies) get each one the first time it is asked for.
 */
export class UploadVariants {
  /** Variants being written now, so that concurrent requests for one wait for the same work. */
  private readonly pending = new Map<string, Promise<void>>();

  constructor(private readonly uploadDir: string) {}

  /** Writes every variant of a stored image (`bytes` are the stored, already upright, pixels). */
  async writeAll(fileName: string, bytes: Buffer, width: number): Promise<void> {
    if (fileName.endsWith('.gif')) return;
    for (const variantWidth of uploadVariantWidths(width)) {
      for (const format of UPLOAD_VARIANT_FORMATS) {
        await this.write(uploadVariantName(fileName, variantWidth, format), () => encode(bytes, variantWidth, format));
      }
    }
  }

  /**
   * Makes the variant `fileName` names if it is missing, its original exists and has that width
   * among its variant widths; anything else is left alone (the static files then answer 404).
   */
  async ensure(fileName: string): Promise<void> {
    const match = VARIANT_NAME.exec(fileName);
    if (!match || (await exists(join(this.uploadDir, fileName)))) return;
    const [, base, widthText, format] = match;
    const width = Number(widthText);
    for (const extension of SOURCE_EXTENSIONS) {
      const original = join(this.uploadDir, `${base}.${extension}`);
      if (!(await exists(original))) continue;
      // Files stored before the pipeline may still carry an EXIF orientation: `autoOrient` first.
      const upright = await sharp(original, { failOn: 'truncated', limitInputPixels: UPLOAD_MAX_PIXELS }).autoOrient().toBuffer({ resolveWithObject: true });
      if (!uploadVariantWidths(upright.info.width).includes(width)) return;
      await this.write(fileName, () => encode(upright.data, width, format as UploadVariantFormat));
      return;
    }
  }

  private write(fileName: string, make: () => Promise<Buffer>): Promise<void> {
    let writing = this.pending.get(fileName);
    if (!writing) {
      writing = (async () => {
        const target = join(this.uploadDir, fileName);
        // Written aside and renamed: a request never sees half a file.
        const temporary = join(this.uploadDir, `.${fileName}.${randomUUID()}.tmp`);
        try {
          await writeFile(temporary, await make(), { flag: 'wx' });
          await rename(temporary, target);
        } finally {
          await rm(temporary, { force: true });
        }
      })().finally(() => this.pending.delete(fileName));
      this.pending.set(fileName, writing);
    }
    return writing;
  }
}
