import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { filetypeinfo } from 'magic-bytes.js';
import { UPLOAD_FIELD, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES, type UploadImageExtension } from '@blog/contracts';
import { APP_CONFIG, DomainError, type AppConfig } from '@blog/api/core';
import { reencodeImage } from './image-pipeline';
import { UploadVariants } from './image-variants';

/** Enough bytes for every signature the accepted types are recognised by. */
const SIGNATURE_BYTES = 64;
const ACCEPTED = 'PNG, JPEG, GIF, WebP or AVIF';
const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

const fieldError = (message: string) => [{ field: UPLOAD_FIELD, message }];

export const uploadErrors = {
  missing: () => DomainError.invalid(fieldError(`Send an image file in the multipart field "${UPLOAD_FIELD}"`)),
  tooLarge: () =>
    new DomainError('PAYLOAD_TOO_LARGE', `The image must be at most ${MAX_MB} MB`, fieldError(`must be at most ${MAX_MB} MB`)),
  unsupported: () =>
    new DomainError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Only ${ACCEPTED} images are accepted`,
      fieldError(`must be a ${ACCEPTED} image`),
    ),
};

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

/**
 * Stores uploaded images under `UPLOAD_DIR` with a generated name (a random UUID and the extension
 * of the detected type): nothing the request says about the file ever becomes part of a path.
 * What is stored is the image decoded and encoded again (`reencodeImage`), never the bytes sent,
 * and its responsive variants beside it.
 */
@Injectable()
export class UploadsService {
  private readonly variants: UploadVariants;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.variants = new UploadVariants(config.uploadDir);
  }

  /** Answers the stored file name, as `/uploads/{name}` serves it. */
  async storeImage(bytes: Uint8Array): Promise<string> {
    if (bytes.byteLength === 0) throw uploadErrors.missing();
    if (bytes.byteLength > UPLOAD_MAX_BYTES) throw uploadErrors.tooLarge();
    const extension = imageExtensionOf(bytes);
    if (!extension) throw uploadErrors.unsupported();
    const image = await reencodeImage(bytes, extension);
    const name = `${randomUUID()}.${extension}`;
    await mkdir(this.config.uploadDir, { recursive: true });
    // `wx`: never overwrite a file, however unlikely a repeated UUID is.
    await writeFile(join(this.config.uploadDir, name), image.bytes, { flag: 'wx' });
    await this.variants.writeAll(name, image.bytes, image.width);
    return name;
  }

  /** tRPC: the `image` entry of a FormData; its size is checked before its bytes are read. */
  async storeFormImage(form: FormData): Promise<string> {
    const file = form.get(UPLOAD_FIELD);
    if (!(file instanceof Blob)) throw uploadErrors.missing();
    if (file.size > UPLOAD_MAX_BYTES) throw uploadErrors.tooLarge();
    return this.storeImage(new Uint8Array(await file.arrayBuffer()));
  }
}
