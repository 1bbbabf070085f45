import { useState, type FormEvent } from 'react';
import { commentEraseInputSchema } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Field } from '../forms/field';
import { Modal } from '../forms/modal';
import { serverMessageOf } from '../forms/server-errors';
import { LABELS } from '../labels';

const labels = LABELS.comments.erase;

/**
 * A writer asked to be forgotten: the address (checked as the server does), a confirmation saying what
 * happens, then how many comments changed. `onErased` lets the list and its counts be read again.
 */
export function EraseEmailDialog({ onClose, onErased }: { onClose: () => void; onErased: () => Promise<unknown> }) {
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<'address' | 'confirm' | { changed: number }>('address');
  const [error, setError] = useState<string>();
  const erase = trpc.commentsAdmin.eraseEmail.useMutation();

  const check = (event: FormEvent) => {
    event.preventDefault();
    const parsed = commentEraseInputSchema.shape.email.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setEmail(parsed.data);
    setStep('confirm');
  };

  const confirm = async () => {
    try {
      const { changed } = await erase.mutateAsync({ email });
      setStep({ changed });
      await onErased();
    } catch (failure) {
      setError(serverMessageOf(failure));
      setStep('address');
    }
  };

  return (
    <Modal title={labels.title} onClose={onClose}>
      {step === 'address' && (
        <form onSubmit={check} noValidate>
          <p>{labels.explain}</p>
          <Field
            label={labels.email}
            type="email"
            autoComplete="off"
            value={email}
            error={error}
            onChange={(event) => setEmail(event.target.value)}
          />
          <div className="admin-actions">
            <button type="submit" className="admin-button admin-button--primary">
              {labels.next}
            </button>
            <button type="button" className="admin-button" onClick={onClose}>
              {LABELS.cancel}
            </button>
          </div>
        </form>
      )}
      {step === 'confirm' && (
        <>
          <p>{labels.confirm(email)}</p>
          <div className="admin-actions">
            <button
              type="button"
              className="admin-button admin-button--danger"
              disabled={erase.isPending}
              onClick={() => void confirm()}
            >
              {labels.erase}
            </button>
            <button type="button" className="admin-button" onClick={onClose}>
              {LABELS.cancel}
            </button>
          </div>
        </>
      )}
      {typeof step === 'object' && (
        <>
          <p role="status">{labels.done(step.changed)}</p>
          <div className="admin-actions">
            <button type="button" className="admin-button" onClick={onClose}>
              {labels.close}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
