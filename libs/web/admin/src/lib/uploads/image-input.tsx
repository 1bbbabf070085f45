import { useId, useState } from 'react';
import { UPLOAD_ACCEPT, uploadUrl } from '@blog/contracts';
import { uploadFile } from './upload-file';

export interface ImageInputProps {
  label: string;
  /** The stored file name, or null. */
  value: string | null;
  onChange: (name: string | null) => void;
  /** Accepted types for the picker: what the server accepts, HEIC photos included, unless given. */
  accept?: string;
  /** Reports whether an upload is running (forms wait for it before saving). */
  onBusyChange?: (busy: boolean) => void;
  /** Help shown under the input and read with it (where the image appears). */
  hint?: string;
}

/**
 * A file input that uploads at once, with progress, a 100 px preview of the current image and a
 * visible error; a failed upload keeps the previous image.
 */
export function ImageInput({ label, value, onChange, accept = UPLOAD_ACCEPT, onBusyChange, hint }: ImageInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = uploadUrl(value);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    onBusyChange?.(true);
    try {
      const result = await uploadFile(file, setProgress);
      onChange(result.name);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setProgress(null);
      onBusyChange?.(false);
    }
  };

  return (
    <div className="admin-field admin-image-input">
      <label htmlFor={id}>{label}</label>
      {preview && <img src={preview} alt={`${label} (current)`} width={100} className="admin-preview" />}
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {hint && (
        <p id={hintId} className="admin-field-hint">
          {hint}
        </p>
      )}
      {progress !== null && (
        <div role="status" className="admin-upload-progress">
          <progress max={1} value={progress} aria-label={`Uploading ${label}`} /> {Math.round(progress * 100)}%
        </div>
      )}
      {error && (
        <p role="alert" className="admin-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
