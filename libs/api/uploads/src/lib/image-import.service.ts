import { Inject, Injectable } from '@nestjs/common';
import { IMPORT_URL_FIELD, UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES_LABEL, uploadNameSchema } from '@blog/contracts';
import { APP_CONFIG, DomainError, type AppConfig } from '@blog/api/core';
import { guardedFetch, GuardedFetchError } from '@blog/api/core';
import { UploadsService } from './uploads.service';

/** Long enough for a large photo from a slow server, short enough for a writer waiting on a paste. */
export const IMAGE_IMPORT_TIMEOUT_MS = 20_000;
export const IMAGE_IMPORT_MAX_REDIRECTS = 3;

const urlError = (message: string) => [{ field: IMPORT_URL_FIELD, message }];

/** What a failed fetch answers: 413 for a body over the upload limit, 400 naming `url` for the rest. */
function importError(failure: GuardedFetchError): DomainError {
  if (failure.failure === 'too-large') {
    return new DomainError(
      'PAYLOAD_TOO_LARGE',
      `The image must be at most ${UPLOAD_MAX_BYTES_LABEL}`,
      urlError(`the image must be at most ${UPLOAD_MAX_BYTES_LABEL}`),
    );
  }
  return new DomainError(
    'BAD_REQUEST',
    `The image could not be imported: ${failure.message}`,
    urlError(failure.message),
  );
}

/**
 * Imports an image from another site (`uploads.importUrl`, `POST /api/upload/import`): the guarded
 * fetch, then the upload pipeline (`storeImage`: type by its bytes, limits, re-encoding), so a post
 * never depends on someone else's server.
 */
@Injectable()
export class ImageImportService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly uploads: UploadsService,
  ) {}

  /** Answers the stored file name, as `/uploads/{name}` serves it. */
  async importUrl(address: string): Promise<string> {
    const own = this.ownUpload(address);
    if (own) return own;
    let bytes: Buffer;
    try {
      bytes = await guardedFetch(address, {
        allowedHosts: this.config.imageImportAllowedHosts,
        maxBytes: UPLOAD_MAX_BYTES,
        timeoutMs: IMAGE_IMPORT_TIMEOUT_MS,
        maxRedirects: IMAGE_IMPORT_MAX_REDIRECTS,
      });
    } catch (error) {
      if (error instanceof GuardedFetchError) throw importError(error);
      throw error;
    }
    try {
      return await this.uploads.storeImage(bytes);
    } catch (error) {
      // The pipeline names its multipart field; here the image came from `url`.
      if (error instanceof DomainError && error.errors) {
        throw new DomainError(
          error.code,
          error.message,
          error.errors.map((fieldError) => ({ ...fieldError, field: IMPORT_URL_FIELD })),
        );
      }
      throw error;
    }
  }

  /** An image already on this site (`{SITE_URL}/uploads/{name}`) is not fetched again: its name is the answer. */
  private ownUpload(address: string): string | undefined {
    const url = new URL(address);
    if (url.origin !== new URL(this.config.siteUrl).origin) return undefined;
    const match = /^\/uploads\/([^/]+)$/.exec(url.pathname);
    if (!match) return undefined;
    const name = uploadNameSchema.safeParse(decodeURIComponent(match[1]));
    return name.success ? name.data : undefined;
  }
}
