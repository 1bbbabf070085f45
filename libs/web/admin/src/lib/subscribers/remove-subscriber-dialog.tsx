import { useId, useState } from 'react';
import type { Subscriber } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { FormMessage } from '../forms/form-message';
import { Modal } from '../forms/modal';
import { serverMessageOf } from '../forms/server-errors';
import { LABELS } from '../labels';

const labels = LABELS.subscribers;

/**
 * Asks before removing a subscriber, offering to suppress the address too (never mailed again, nor
 * subscribed or imported, until the owner allows it again). A refusal stays in the dialog.
 */
export function RemoveSubscriberDialog({
  subscriber,
  onClose,
  onRemoved,
}: {
  subscriber: Subscriber;
  onClose: () => void;
  onRemoved: () => Promise<void>;
}) {
  const hintId = useId();
  const [suppress, setSuppress] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = trpc.subscribers.remove.useMutation();

  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync({ id: subscriber.id, suppress });
      await onRemoved();
    } catch (failure) {
      setError(serverMessageOf(failure));
    }
  };

  return (
    <Modal title={labels.removeTitle(subscriber.email)} onClose={onClose}>
      <FormMessage error={error} />
      <p>{labels.removeText}</p>
      <div className="admin-field">
        <label>
          <input
            type="checkbox"
            checked={suppress}
            aria-describedby={hintId}
            onChange={(event) => setSuppress(event.target.checked)}
          />{' '}
          {labels.alsoSuppress}
        </label>
        <p id={hintId} className="admin-field-hint">
          {labels.alsoSuppressHint}
        </p>
      </div>
      <div className="admin-actions">
        <button
          type="button"
          className="admin-button admin-button--danger"
          disabled={remove.isPending}
          onClick={() => void confirm()}
        >
          {labels.remove}
        </button>
        <button type="button" className="admin-button" onClick={onClose}>
          {labels.cancel}
        </button>
      </div>
    </Modal>
  );
}
