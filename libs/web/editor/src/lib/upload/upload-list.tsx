/** A file on its way into the text: its progress, or why it was not added. */
export interface UploadItem {
  id: number;
  name: string;
  /** Waiting: behind the other files (images go two at a time). */
  status: 'waiting' | 'uploading' | 'failed';
  /** From 0 to 1; at 1 the server is still converting it. */
  progress: number;
  error?: string;
}

/** The files being uploaded, each with its own progress bar or its failure. */
export function UploadList({ label, items }: { label: string; items: UploadItem[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="rte-uploads" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className={`rte-upload rte-upload-${item.status}`}>
          <span className="rte-upload-name">{item.name}</span>
          {item.status === 'failed' ? (
            <span className="rte-upload-error">not added: {item.error}</span>
          ) : (
            <>
              <progress max={1} value={item.progress} aria-label={`Uploading ${item.name}`} />
              <span className="rte-upload-progress">
                {item.status === 'waiting'
                  ? 'waiting'
                  : item.progress >= 1
                    ? 'processing…'
                    : `${Math.round(item.progress * 100)}%`}
              </span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Why an upload was refused, until dismissed. */
export function UploadError({ message, onDismiss }: { message: string | null | undefined; onDismiss: () => void }) {
  if (!message) return null;
  return (
    <div role="alert" className="rte-error">
      <span>{message}</span>
      <button type="button" className="rte-error-dismiss" onClick={onDismiss} aria-label="Dismiss message">
        ×
      </button>
    </div>
  );
}
