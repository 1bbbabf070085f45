import { useEffect, useId, useRef, useState } from 'react';
import { parseVideoUrl, type VideoRef } from '@blog/shared/html';
import { dialogKeyHandler } from './dialog-keys';
import { withScheme } from './link-form';

/** The editor's forms that take an address: an image to import, a video to embed. */
export const URL_FORMS = {
  image: {
    title: 'Insert image from a URL',
    field: 'Image URL',
    placeholder: 'https://example.com/photo.jpg',
    className: 'rte-image-url-form',
  },
  video: {
    title: 'Insert a video',
    field: 'YouTube or Vimeo link',
    placeholder: 'https://www.youtube.com/watch?v=…',
    className: 'rte-video-form',
  },
} as const;
export type UrlFormKind = keyof typeof URL_FORMS;

export const NOT_A_VIDEO = 'Only YouTube and Vimeo links can be embedded. Add other links with the Link button.';

/** A video link as the video it shows, or the reason it cannot be embedded. */
export function readVideoLink(url: string): VideoRef | string {
  return parseVideoUrl(url) ?? NOT_A_VIDEO;
}

export interface UrlFormProps {
  kind: UrlFormKind;
  /** Answers a reason to show instead of closing, or nothing when the address was taken. */
  onSubmit: (url: string) => string | void;
  onCancel: () => void;
}

/**
 * "Insert image from a URL" and "Insert a video": a small non-modal dialog under the toolbar, like the
 * link form and for the same reason not a `<form>` (the editor sits inside the page's form): Enter
 * inserts, Escape cancels.
 */
export function UrlForm({ kind, onSubmit, onCancel }: UrlFormProps) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const text = URL_FORMS[kind];

  useEffect(() => {
    urlRef.current?.focus();
  }, []);

  const submit = () => {
    if (url.trim()) setError(onSubmit(withScheme(url.trim())) || null);
  };

  const onKeyDown = dialogKeyHandler(submit, onCancel);

  return (
    <div role="dialog" className={`rte-link-form ${text.className}`} aria-label={text.title} onKeyDown={onKeyDown}>
      <label htmlFor={`${id}-url`}>{text.field}</label>
      <input
        id={`${id}-url`}
        ref={urlRef}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={text.placeholder}
        value={url}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setUrl(event.target.value);
          setError(null);
        }}
      />
      <button type="button" className="rte-link-apply" disabled={!url.trim()} onClick={submit}>
        Insert
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      {error && (
        <p id={`${id}-error`} className="rte-form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
