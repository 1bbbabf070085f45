import { useState } from 'react';
import type { ChangeAuthor } from '@blog/contracts';
import { Modal } from '../forms/modal';
import { LABELS } from '../labels';
import { describeChange } from './conflict';
import { SideBySide } from './diff-view';
import { changedFields, type FieldText } from './text-diff';

/**
 * A save refused because the record changed meanwhile: who changed it, from which session and door and
 * when, and the owner's three choices. Compare shows, per field that differs, theirs beside the form's.
 */
export function ConflictDialog({
  changed,
  mine,
  theirs,
  onKeepMine,
  onTakeTheirs,
  onClose,
}: {
  changed: ChangeAuthor;
  mine: () => FieldText[];
  theirs: () => FieldText[];
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onClose: () => void;
}) {
  const [comparing, setComparing] = useState(false);
  const text = LABELS.versions;
  const changes = comparing ? changedFields(theirs(), mine()) : [];
  return (
    <Modal title={text.conflictTitle} onClose={onClose}>
      <div className="admin-modal-body">
        <p>{describeChange(changed)}.</p>
        <p>{text.conflictIntro}</p>
        <ul className="versions-choices">
          <li>
            <strong>{text.keepMine}</strong>: {text.keepMineHint}
          </li>
          <li>
            <strong>{text.takeTheirs}</strong>: {text.takeTheirsHint}
          </li>
        </ul>
        {comparing &&
          (changes.length ? (
            <SideBySide changes={changes} beforeLabel={text.theirs} afterLabel={text.yours} />
          ) : (
            <p>{text.noDifference}</p>
          ))}
      </div>
      <div className="admin-actions">
        <button type="button" className="admin-button admin-button--primary" onClick={onKeepMine}>
          {text.keepMine}
        </button>
        <button type="button" className="admin-button" onClick={onTakeTheirs}>
          {text.takeTheirs}
        </button>
        <button
          type="button"
          className="admin-button"
          aria-expanded={comparing}
          onClick={() => setComparing(!comparing)}
        >
          {comparing ? text.hideCompare : text.compare}
        </button>
        <button type="button" className="admin-button" onClick={onClose}>
          {text.cancel}
        </button>
      </div>
    </Modal>
  );
}
