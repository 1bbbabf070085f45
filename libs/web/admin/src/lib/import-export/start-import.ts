import {
  IMPORT_FILE_FIELD,
  IMPORT_IMAGES_FIELD,
  IMPORTS_PATH,
  importStartedSchema,
  type ImportStart,
  type ImportStarted,
} from '@blog/contracts';

/** A refused start: the HTTP status (0 when the server could not be reached) and the fields it named. */
export class ImportStartError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: Array<{ field: string; message: string }> = [],
  ) {
    super(message);
    this.name = 'ImportStartError';
  }
}

/**
 * Starts an import: `POST /api/imports` (multipart: the export in `file`, the optional images zip in
 * `images`, and the choices), reporting the upload's progress from 0 to 1. Over REST rather than tRPC,
 * like `uploads/upload-file.ts`: only XMLHttpRequest reports upload progress, and an export runs to
 * hundreds of MB. Answers the new import's id (202); rejects with an `ImportStartError`.
 */
export function startImport(
  fields: ImportStart,
  file: File,
  images: File | null,
  onProgress?: (fraction: number) => void,
): Promise<ImportStarted> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', IMPORTS_PATH);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parsed(request.responseText);
      if (request.status === 202) {
        const started = importStartedSchema.safeParse(body);
        if (started.success) {
          onProgress?.(1);
          resolve(started.data);
          return;
        }
      }
      reject(refusal(request.status, body));
    };
    request.onerror = () =>
      reject(new ImportStartError('The upload failed: the server could not be reached. Check your connection.', 0));
    const form = new FormData();
    form.append('source', fields.source);
    form.append('dry_run', String(fields.dry_run));
    form.append('on_conflict', fields.on_conflict);
    form.append('pages_category', fields.pages_category);
    // The files last: the server reads the fields before the bytes.
    form.append(IMPORT_FILE_FIELD, file);
    if (images) form.append(IMPORT_IMAGES_FIELD, images);
    request.send(form);
  });
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The server's `{statusCode, message, errors?}`, or a plain message when the answer is not ours (a proxy's 413 page). */
function refusal(status: number, body: unknown): ImportStartError {
  const { message, errors } = (typeof body === 'object' && body !== null ? body : {}) as {
    message?: unknown;
    errors?: unknown;
  };
  const fieldErrors = Array.isArray(errors)
    ? errors.filter(
        (item): item is { field: string; message: string } =>
          typeof item?.field === 'string' && typeof item?.message === 'string',
      )
    : [];
  if (status === 413 && fieldErrors.length === 0) {
    return new ImportStartError('The file is larger than the server accepts.', status, [
      { field: IMPORT_FILE_FIELD, message: 'is larger than the server accepts' },
    ]);
  }
  if (status === 401) return new ImportStartError('You are signed out: sign in again, then retry.', status);
  const text = typeof message === 'string' && message ? message : `The import could not be started (HTTP ${status}).`;
  return new ImportStartError(text, status, fieldErrors);
}
