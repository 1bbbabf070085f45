import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { isUploadName, UPLOAD_MAX_PIXELS } from '@blog/contracts';
import { reencodeImage } from './image-pipeline';
import { contentTypeOf, imageExtensionOf } from './image-type';
import { parseVariantName } from './upload-names';
import type { ImageToStore, UploadStore } from './upload-store';

/**
 * An image file made ready to store under its own `name`: decoded and encoded again through the
 * upload pipeline (EXIF and GPS gone, the orientation applied to the pixels), except a GIF, kept
 * as it is (its frames untouched) once it decodes. Throws, with the reason, when it is no image.
 */
export async function imageFromFile(name: string, bytes: Buffer): Promise<ImageToStore> {
  const extension = imageExtensionOf(bytes);
  if (!extension)
    throw new Error('not a PNG, JPEG, GIF, WebP or AVIF image (a HEIC file is converted only when uploaded)');
  const contentType = contentTypeOf(extension);
  if (extension === 'gif') {
    const decoder = sharp(bytes, { animated: true, failOn: 'truncated', limitInputPixels: UPLOAD_MAX_PIXELS });
    const { width, height, pageHeight } = await decoder.metadata();
    // Every frame decoded once: a damaged GIF is skipped like any file that does not decode.
    await decoder.raw().toBuffer();
    return { name, bytes, contentType, width, height: pageHeight ?? height };
  }
  const image = await reencodeImage(bytes, extension);
  return {
    name,
    bytes: image.bytes,
    contentType,
    width: image.width,
    height: image.height,
    originalWidth: image.originalWidth,
    originalHeight: image.originalHeight,
  };
}

export interface ImportReport {
  imported: number;
  /** Stored already (by an earlier start, or another instance). */
  present: number;
  /** Not images, damaged, too large, or with a name `/uploads/` cannot serve. */
  skipped: number;
}

export interface ImportLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Imports the files under `UPLOAD_DIR` (where uploads were kept before they moved to PostgreSQL)
 * that are not stored yet, each under its own name so that the posts naming it keep working. Files
 * that are variants (`{name}-{width}.avif|webp`) are not imported: variants are made again from
 * the stored original. A file that is no image or does not decode is logged and skipped. Safe to
 * run again and from instances starting together (under a lock, and each insert ignores a name
 * stored meanwhile): nothing is imported twice.
 */
export async function importUploadDir(store: UploadStore, uploadDir: string, log: ImportLog): Promise<ImportReport> {
  const report: ImportReport = { imported: 0, present: 0, skipped: 0 };
  let entries;
  try {
    entries = await readdir(uploadDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return report;
    throw error;
  }
  const names = entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && !parseVariantName(entry.name))
    .map((entry) => entry.name)
    .sort();
  if (names.length === 0) return report;
  await store.underImportLock(async () => {
    const stored = await store.storedNames(names.filter(isUploadName));
    for (const name of names) {
      if (stored.has(name)) {
        report.present++;
        continue;
      }
      try {
        if (!isUploadName(name)) throw new Error('its name cannot be served under /uploads/');
        const image = await imageFromFile(name, await readFile(join(uploadDir, name)));
        if (await store.insertIfAbsent(image)) report.imported++;
        else report.present++;
      } catch (error) {
        report.skipped++;
        log.warn(
          `Upload import: skipped ${name} in ${uploadDir}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  });
  log.info(
    `Upload import from ${uploadDir}: ${report.imported} imported, ${report.present} already stored, ${report.skipped} skipped`,
  );
  return report;
}
