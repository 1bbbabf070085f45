import { useState } from 'react';
import type { ChangeAuthor } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Modal } from '../forms/modal';
import { LABELS } from '../labels';
import { changedByYou, describeChange } from './conflict';
import { SideBySide } from './diff-view';
import { changedFields, type FieldText } from './text-diff';

/**
 * A save refused because the record changed meanwhile: who changed it ("You" when it was the signed-in
 * user, in another tab or on another device), from which browser and door and when, and the owner's three
 * choices. Compare shows, per field that differs, each version's changes from the one the form started from.
 */
export function ConflictDialog({
  changed,
  base,
  mine,
  theirs,
  onKeepMine,
  onTakeTheirs,
  onClose,
}: {
  changed: ChangeAuthor;
  /** The fields as the form loaded them (the version both started from). */
  base: () => FieldText[];
  mine: () => FieldText[];
  theirs: () => FieldText[];
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onClose: () => void;
}) {
  const [comparing, setComparing] = useState(false);
  const me = trpc.auth.me.useQuery();
  const text = LABELS.versions;
  const changes = comparing ? changedFields(theirs(), mine()) : [];
  return (
    <Modal title={text.conflictTitle(changedByYou(changed, me.data?.id), changed.user_name)} onClose={onClose}>
      <div className="admin-modal-body">
        <p>{describeChange(changed, me.data?.id)}.</p>
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
            <>
              <p>{text.compareLegend}</p>
              <SideBySide changes={changes} base={base()} beforeLabel={text.theirs} afterLabel={text.yours} />
            </>
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
