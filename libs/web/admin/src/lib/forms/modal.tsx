import { useEffect, useId, useRef, type ReactNode } from 'react';
import { LABELS } from '../labels';

/** A modal dialog: labelled by its title, focus moved inside, Escape closes it. */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    return () => previous?.focus();
  }, []);

  return (
    <div className="admin-modal-backdrop">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="admin-modal"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}

/** A modal form's buttons: Update when it edits a record, Add when it adds one, then Cancel. */
export function ModalFormActions({
  editing,
  submitting,
  onCancel,
}: {
  editing: boolean;
  submitting: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="admin-actions">
      <button type="submit" className="admin-button admin-button--primary" disabled={submitting}>
        {editing ? LABELS.update : LABELS.add}
      </button>
      <button type="button" className="admin-button" onClick={onCancel}>
        {LABELS.cancel}
      </button>
    </div>
  );
}
