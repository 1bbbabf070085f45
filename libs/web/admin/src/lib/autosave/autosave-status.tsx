import { formatTime } from '../forms/format';
import { LABELS } from '../labels';
import type { AutosaveStatus as Status } from './use-autosave';

/** The editor's autosave line: "Saved a draft at 14:32" / "Offline: kept on this device". */
export function AutosaveStatus({ status }: { status: Status }) {
  return (
    <p className="admin-autosave-status" aria-live="polite">
      {status.kind === 'saved' && LABELS.autosave.saved(formatTime(status.at))}
      {status.kind === 'offline' && LABELS.autosave.offline}
    </p>
  );
}
