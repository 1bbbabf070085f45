import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  UPLOAD_ACCEPTED_LABEL,
  UPLOAD_AUDIO_ACCEPTED_LABEL,
  UPLOAD_AUDIO_FIELD,
  UPLOAD_AUDIO_MAX_BYTES,
  UPLOAD_AUDIO_MAX_BYTES_LABEL,
  UPLOAD_FIELD,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_BYTES_LABEL,
} from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import {
  audioContentTypeOf,
  audioExtensionOf,
  contentTypeOf,
  encodeAllVariants,
  imageExtensionOf,
  isHeic,
  reencodeImage,
  UploadStore,
} from '@blog/api/upload-storage';

export { imageExtensionOf } from '@blog/api/upload-storage';

const fieldError = (message: string) => [{ field: UPLOAD_FIELD, message }];

export const uploadErrors = {
  missing: () => DomainError.invalid(fieldError(`Send an image file in the multipart field "${UPLOAD_FIELD}"`)),
  tooLarge: () =>
    new DomainError(
      'PAYLOAD_TOO_LARGE',
      `The image must be at most ${UPLOAD_MAX_BYTES_LABEL}`,
      fieldError(`must be at most ${UPLOAD_MAX_BYTES_LABEL}`),
    ),
  unsupported: () =>
    new DomainError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Only ${UPLOAD_ACCEPTED_LABEL} images are accepted`,
      fieldError(`must be a ${UPLOAD_ACCEPTED_LABEL} image`),
    ),
};

const audioFieldError = (message: string) => [{ field: UPLOAD_AUDIO_FIELD, message }];

export const audioUploadErrors = {
  missing: () =>
    DomainError.invalid(audioFieldError(`Send an audio file in the multipart field "${UPLOAD_AUDIO_FIELD}"`)),
  tooLarge: () =>
    new DomainError(
      'PAYLOAD_TOO_LARGE',
      `The audio file must be at most ${UPLOAD_AUDIO_MAX_BYTES_LABEL}`,
      audioFieldError(`must be at most ${UPLOAD_AUDIO_MAX_BYTES_LABEL}`),
    ),
  unsupported: () =>
    new DomainError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Only ${UPLOAD_AUDIO_ACCEPTED_LABEL} audio files are accepted`,
      audioFieldError(`must be an ${UPLOAD_AUDIO_ACCEPTED_LABEL} audio file`),
    ),
};

/**
 * Stores uploaded images in PostgreSQL (`UploadStore`) under a generated name (a random UUID and
 * the extension of the detected type): nothing the request says about the file ever becomes part
 * of a name or a path. What is stored is the image decoded and encoded again (`reencodeImage`: a
 * HEIC photo as JPEG, a large one downscaled), never the bytes sent, with its responsive variants,
 * all in one transaction.
 */
@Injectable()
export class UploadsService {
  constructor(private readonly store: UploadStore) {}

  /** Answers the stored file name, as `/uploads/{name}` serves it. */
  async storeImage(bytes: Uint8Array): Promise<string> {
    if (bytes.byteLength === 0) throw uploadErrors.missing();
    if (bytes.byteLength > UPLOAD_MAX_BYTES) throw uploadErrors.tooLarge();
    const type = imageExtensionOf(bytes) ?? (isHeic(bytes) ? 'heic' : undefined);
    if (!type) throw uploadErrors.unsupported();
    const image = await reencodeImage(bytes, type);
    const name = `${randomUUID()}.${image.extension}`;
    const contentType = contentTypeOf(image.extension);
    const variants = await encodeAllVariants(image.bytes, image.width, contentType);
    await this.store.insert(
      {
        name,
        bytes: image.bytes,
        contentType,
        width: image.width,
        height: image.height,
        originalWidth: image.originalWidth,
        originalHeight: image.originalHeight,
      },
      variants,
    );
    return name;
  }

  /**
   * Stores an audio clip under a generated name (a random UUID and the extension of the type its bytes
   * are); the bytes are kept as sent (nothing in them runs: browsers only play them, served with their
   * own content type and `nosniff`). Answers the stored file name.
   */
  async storeAudio(bytes: Uint8Array): Promise<string> {
    if (bytes.byteLength === 0) throw audioUploadErrors.missing();
    if (bytes.byteLength > UPLOAD_AUDIO_MAX_BYTES) throw audioUploadErrors.tooLarge();
    const extension = audioExtensionOf(bytes);
    if (!extension) throw audioUploadErrors.unsupported();
    const name = `${randomUUID()}.${extension}`;
    await this.store.insertAudio(name, Buffer.from(bytes), audioContentTypeOf(extension));
    return name;
  }

  /** tRPC: the `audio` entry of a FormData; its size is checked before its bytes are read. */
  async storeFormAudio(form: FormData): Promise<string> {
    const file = form.get(UPLOAD_AUDIO_FIELD);
    if (!(file instanceof Blob)) throw audioUploadErrors.missing();
    if (file.size > UPLOAD_AUDIO_MAX_BYTES) throw audioUploadErrors.tooLarge();
    return this.storeAudio(new Uint8Array(await file.arrayBuffer()));
  }

  /** tRPC: the `image` entry of a FormData; its size is checked before its bytes are read. */
  async storeFormImage(form: FormData): Promise<string> {
    const file = form.get(UPLOAD_FIELD);
    if (!(file instanceof Blob)) throw uploadErrors.missing();
    if (file.size > UPLOAD_MAX_BYTES) throw uploadErrors.tooLarge();
    return this.storeImage(new Uint8Array(await file.arrayBuffer()));
  }
}
