import { useEffect, useId, useRef, useState } from 'react';
import { dialogKeyHandler } from './dialog-keys';
import { withScheme } from './link-form';

export interface ImageUrlFormProps {
  onSubmit: (url: string) => void;
  onCancel: () => void;
}

/**
 * "Insert image from a URL": a small non-modal dialog under the toolbar, like the link form and for
 * the same reason not a `<form>` (the editor sits inside the page's form): Enter inserts, Escape
 * cancels. The image is imported to this site by the server before it is inserted.
 */
export function ImageUrlForm({ onSubmit, onCancel }: ImageUrlFormProps) {
  const [url, setUrl] = useState('');
  const urlRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    urlRef.current?.focus();
  }, []);

  const submit = () => {
    if (url.trim()) onSubmit(withScheme(url.trim()));
  };

  const onKeyDown = dialogKeyHandler(submit, onCancel);

  return (
    <div
      role="dialog"
      className="rte-link-form rte-image-url-form"
      aria-label="Insert image from a URL"
      onKeyDown={onKeyDown}
    >
      <label htmlFor={`${id}-url`}>Image URL</label>
      <input
        id={`${id}-url`}
        ref={urlRef}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/photo.jpg"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <button type="button" className="rte-link-apply" disabled={!url.trim()} onClick={submit}>
        Insert
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
