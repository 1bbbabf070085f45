import { UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES_LABEL, uploadUrl } from '@blog/contracts';

export const UPLOAD_PATH = '/api/upload';

export interface UploadResult {
  /** The stored file name, as posts and general info save it. */
  name: string;
  /** Where the file is served. */
  url: string;
}

/**
 * Uploads an image to `POST /api/upload` (multipart field `image`), reporting progress from 0 to 1.
 * Uploads go over REST rather than tRPC: only XMLHttpRequest reports upload progress.
 * Rejects with a readable message (the server's, when it gave one).
 */
export function uploadFile(file: File, onProgress?: (fraction: number) => void): Promise<UploadResult> {
  if (file.size > UPLOAD_MAX_BYTES) {
    return Promise.reject(new Error(`${file.name} is larger than ${UPLOAD_MAX_BYTES_LABEL}.`));
  }
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', UPLOAD_PATH);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 200) {
        const name = request.responseText.trim();
        onProgress?.(1);
        resolve({ name, url: uploadUrl(name) ?? '' });
        return;
      }
      reject(new Error(serverMessage(request.responseText) ?? `The upload failed (HTTP ${request.status}).`));
    };
    request.onerror = () => reject(new Error('The upload failed: the server could not be reached.'));
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}

function serverMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}
