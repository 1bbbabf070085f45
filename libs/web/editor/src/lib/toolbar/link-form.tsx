import { useEffect, useId, useRef, useState } from 'react';
import { dialogKeyHandler } from './dialog-keys';

export interface LinkFormValues {
  url: string;
  newTab: boolean;
  text: string;
}

export interface LinkFormProps {
  /** Editing an existing link (offers "Remove link"). */
  editing: boolean;
  /** Nothing is selected: ask for the text to show too. */
  askText: boolean;
  initialUrl: string;
  initialNewTab: boolean;
  onSubmit: (values: LinkFormValues) => void;
  onRemove: () => void;
  onCancel: () => void;
}

/**
 * The link form, shown under the toolbar (Quill's tooltip, as a small non-modal dialog): the address
 * (checked by the link rule when applied: http, https, mailto, tel, sms or relative; anything else
 * becomes about:blank), the text when nothing is selected, and "Open in a new tab". Enter in a field
 * applies, Escape cancels.
 *
 * Not a `<form>`: the editor sits inside the page's own form (a post, the About page), and a form
 * in it would submit that one (Apply or Enter reloaded the page and lost the draft). So Enter is
 * handled here and never reaches the page's form, and every button is `type="button"`.
 */
export function LinkForm({ editing, askText, initialUrl, initialNewTab, onSubmit, onRemove, onCancel }: LinkFormProps) {
  const [url, setUrl] = useState(initialUrl);
  const [text, setText] = useState('');
  const [newTab, setNewTab] = useState(initialNewTab);
  const urlRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    urlRef.current?.focus();
    urlRef.current?.select();
  }, []);

  const submit = () => {
    if (url.trim()) onSubmit({ url: withScheme(url.trim()), newTab, text });
  };

  const onKeyDown = dialogKeyHandler(submit, onCancel);

  return (
    <div
      role="dialog"
      className="rte-link-form"
      aria-label={editing ? 'Edit link' : 'Insert link'}
      onKeyDown={onKeyDown}
    >
      <label htmlFor={`${id}-url`}>URL</label>
      <input
        id={`${id}-url`}
        ref={urlRef}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
      />
      {askText && (
        <>
          <label htmlFor={`${id}-text`}>Text</label>
          <input id={`${id}-text`} type="text" value={text} onChange={(event) => setText(event.target.value)} />
        </>
      )}
      <label className="rte-link-new-tab">
        <input type="checkbox" checked={newTab} onChange={(event) => setNewTab(event.target.checked)} /> Open in a new
        tab
      </label>
      <button type="button" className="rte-link-apply" disabled={!url.trim()} onClick={submit}>
        {editing ? 'Save' : 'Apply'}
      </button>
      {editing && (
        <button type="button" onClick={onRemove}>
          Remove link
        </button>
      )}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

const BARE_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+([a-z]{2,24})(?::\d{1,5})?(?:[/?#]|$)/i;
/** Endings that make `name.ext` a relative file rather than a domain. */
const FILE_ENDINGS = new Set([
  'html',
  'htm',
  'php',
  'asp',
  'aspx',
  'jsp',
  'cgi',
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'svg',
  'txt',
  'xml',
  'json',
  'zip',
]);

/**
 * What people type for an address, made a URL: `www.x.com` or `example.org/page` → https,
 * `me@x.com` → mailto. Anything else (a scheme, a path, `page.html`) is left as typed.
 */
export function withScheme(url: string): string {
  const domain = BARE_DOMAIN.exec(url);
  // `example.org:8080/x` reads like a scheme ("example.org:") but is a host and a port.
  const hostWithPort = domain !== null && /^[^/?#:]+:\d/.test(url);
  if (!hostWithPort && (/^[a-z][a-z0-9+.-]*:/i.test(url) || /^[/?#.]/.test(url))) return url;
  if (/^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/.test(url)) return `mailto:${url}`;
  if (domain && (/^www\./i.test(url) || !FILE_ENDINGS.has(domain[1].toLowerCase()))) return `https://${url}`;
  return url;
}
