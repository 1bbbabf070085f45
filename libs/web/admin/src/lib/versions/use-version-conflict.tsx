import { useRef, useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { VersionConflict } from '@blog/contracts';
import { LABELS } from '../labels';
import { conflictOf, versionOf } from './conflict';
import { ConflictDialog } from './conflict-dialog';
import type { FieldText } from './text-diff';

export interface VersionConflictOptions<Values extends FieldValues, Current> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any resolver output: the hook reads and resets values only
  form: UseFormReturn<Values, any, any>;
  /** The record as the form loaded it (undefined while creating: nothing to conflict with). */
  loaded: unknown;
  /** The form's values for a record as its read answers (the conflict's `current`). */
  valuesOf: (current: Current) => Values;
  /** The form's values as the owner reads them, for Compare. */
  describe: (values: Values) => FieldText[];
  /** Submits the form again (Keep mine). */
  resubmit: () => void;
}

/**
 * The version a form started from, sent with each save, and what happens when the save is refused
 * because the record changed meanwhile (tRPC CONFLICT): the dialog and its three choices.
 *
 * Take theirs keeps the owner's values in this component's state with "Undo: back to mine" (the server
 * keeps revisions of saved versions only, and the owner's were never saved); while they are kept, the
 * unsaved-changes guard still asks before leaving (`keepsMine`) and the autosave keeps them (`kept`).
 */
export function useVersionConflict<Values extends FieldValues, Current>({
  form,
  loaded,
  valuesOf,
  describe,
  resubmit,
}: VersionConflictOptions<Values, Current>) {
  const version = useRef(versionOf(loaded));
  const [conflict, setConflict] = useState<VersionConflict<Current> | null>(null);
  const [kept, setKept] = useState<Values | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const keepMine = () => {
    if (!conflict) return;
    version.current = versionOf(conflict.current);
    setConflict(null);
    setNotice(null);
    resubmit();
  };
  const takeTheirs = () => {
    if (!conflict) return;
    const mine = form.getValues();
    version.current = versionOf(conflict.current);
    form.reset(valuesOf(conflict.current));
    setKept(mine);
    setConflict(null);
    setNotice(LABELS.versions.theirsLoaded);
  };
  const backToMine = () => {
    if (!kept) return;
    // Theirs stays the saved state: the form is dirty again with the owner's values, saved over theirs on Submit.
    form.reset(kept, { keepDefaultValues: true });
    setKept(null);
    setNotice(LABELS.versions.mineBack);
  };

  const element: ReactNode = (
    <>
      {notice && (
        <div className="versions-notice" role="status">
          {notice}{' '}
          {kept && (
            <button type="button" className="admin-link-button" onClick={backToMine}>
              {LABELS.versions.backToMine}
            </button>
          )}
        </div>
      )}
      {conflict && (
        <ConflictDialog
          changed={conflict.changed}
          // The form's default values are the version it started from (loaded, or last saved or taken).
          base={() => describe(form.formState.defaultValues as Values)}
          mine={() => describe(form.getValues())}
          theirs={() => describe(valuesOf(conflict.current))}
          onKeepMine={keepMine}
          onTakeTheirs={takeTheirs}
          onClose={() => setConflict(null)}
        />
      )}
    </>
  );

  return {
    /** The save's input with the version the form started from (none while creating). */
    withVersion: <Input extends object>(input: Input): Input & { version?: number } =>
      version.current === undefined ? input : { ...input, version: version.current },
    /** After a successful save: the form goes on from the version it wrote (from the answer, or re-read). */
    saved: (next: unknown) => {
      version.current = versionOf(next) ?? version.current;
      setKept(null);
      setNotice(null);
    },
    /** A failed save: true when it was a version conflict, now shown in the dialog. */
    caught: (error: unknown): boolean => {
      const found = conflictOf<Current>(error);
      if (found) setConflict(found);
      return Boolean(found);
    },
    /** The owner's own values are kept aside (after Take theirs): leaving would lose them. */
    keepsMine: kept !== null,
    /** Those values, for the autosave to keep. */
    kept,
    element,
  };
}
