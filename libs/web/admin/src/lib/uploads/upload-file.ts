import {
  UPLOAD_AUDIO_FIELD,
  UPLOAD_AUDIO_MAX_BYTES,
  UPLOAD_AUDIO_MAX_BYTES_LABEL,
  UPLOAD_AUDIO_PATH,
  UPLOAD_FIELD,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_BYTES_LABEL,
  uploadUrl,
} from '@blog/contracts';

export const UPLOAD_PATH = '/api/upload';

export interface UploadResult {
  /** The stored file name, as posts and general info save it. */
  name: string;
  /** Where the file is served. */
  url: string;
}

/** Where a kind of file is uploaded, in which field, and its largest size. */
interface UploadDoor {
  path: string;
  field: string;
  maxBytes: number;
  maxLabel: string;
}

const IMAGE_DOOR: UploadDoor = {
  path: UPLOAD_PATH,
  field: UPLOAD_FIELD,
  maxBytes: UPLOAD_MAX_BYTES,
  maxLabel: UPLOAD_MAX_BYTES_LABEL,
};
const AUDIO_DOOR: UploadDoor = {
  path: UPLOAD_AUDIO_PATH,
  field: UPLOAD_AUDIO_FIELD,
  maxBytes: UPLOAD_AUDIO_MAX_BYTES,
  maxLabel: UPLOAD_AUDIO_MAX_BYTES_LABEL,
};

/**
 * Uploads an image to `POST /api/upload` (multipart field `image`), reporting progress from 0 to 1.
 * Uploads go over REST rather than tRPC: only XMLHttpRequest reports upload progress.
 * Rejects with a readable message (the server's, when it gave one).
 */
export function uploadFile(file: File, onProgress?: (fraction: number) => void): Promise<UploadResult> {
  return send(IMAGE_DOOR, file, onProgress);
}

/** Uploads an audio clip to `POST /api/upload/audio` (multipart field `audio`), like `uploadFile`. */
export function uploadAudioFile(file: File, onProgress?: (fraction: number) => void): Promise<UploadResult> {
  return send(AUDIO_DOOR, file, onProgress);
}

function send(door: UploadDoor, file: File, onProgress?: (fraction: number) => void): Promise<UploadResult> {
  if (file.size > door.maxBytes) {
    return Promise.reject(new Error(`${file.name} is larger than ${door.maxLabel}.`));
  }
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', door.path);
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
    form.append(door.field, file);
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
