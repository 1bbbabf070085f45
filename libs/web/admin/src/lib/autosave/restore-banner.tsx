import { useState } from 'react';
import { formatTime } from '../forms/format';
import { LABELS } from '../labels';
import type { UseAutosave } from './use-autosave';

/** Offers the autosave newer than the saved record: "Restore unsaved changes from 14:32" or "Discard". */
export function RestoreBanner({ autosave }: { autosave: Pick<UseAutosave, 'offer' | 'restore' | 'discard'> }) {
  const [busy, setBusy] = useState(false);
  const { offer } = autosave;
  if (!offer) return null;
  return (
    <div className="admin-message admin-autosave-offer" role="region" aria-label={LABELS.autosave.offerHeading}>
      <button type="button" className="admin-button admin-button--primary" onClick={autosave.restore}>
        {LABELS.autosave.restore(formatTime(offer.saved_at))}
      </button>{' '}
      <button
        type="button"
        className="admin-button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void autosave.discard().finally(() => setBusy(false));
        }}
      >
        {LABELS.autosave.discard}
      </button>
    </div>
  );
}
