import { HistoryEditor, withHistory } from 'slate-history';
import type { CustomEditor } from '../custom-types';
import { HISTORY_MAX_STEPS, HISTORY_MERGE_DELAY_MS } from '../constants';

export interface TimedHistoryOptions {
  /** Edits made within this many milliseconds of the previous edit join its undo step (default 1000). */
  delay?: number;
  /** The undo (and redo) stack keeps at most this many steps (default 100). */
  maxSteps?: number;
  /** The clock (tests inject one). */
  now?: () => number;
}

/**
 * Undo history as Quill's: an edit made within `delay` ms of the previous one is part of the same
 * undo step, whatever it is (typing, formatting, deleting); a pause longer than that starts a new
 * step, and so does any edit after an undo or redo. At most `maxSteps` steps are kept, the oldest
 * dropped first. Selection changes are not edits.
 */
export function withTimedHistory<T extends CustomEditor>(editor: T, options: TimedHistoryOptions = {}): T {
  const delay = options.delay ?? HISTORY_MERGE_DELAY_MS;
  const maxSteps = options.maxSteps ?? HISTORY_MAX_STEPS;
  const now = options.now ?? (() => Date.now());
  const e = withHistory(editor);
  const { apply, undo, redo, writeHistory } = e;
  let lastEdit: number | null = null;

  e.apply = (op) => {
    if (op.type === 'set_selection' || HistoryEditor.isSaving(e) === false) {
      apply(op);
      return;
    }
    const time = now();
    const { undos } = e.history;
    const lastBatch = undos[undos.length - 1];
    const lastOp = lastBatch?.operations[lastBatch.operations.length - 1];
    // Operations of one change (one flush) always belong together.
    const sameChange = lastOp !== undefined && e.operations.includes(lastOp);
    const merge = lastBatch !== undefined && (sameChange || (lastEdit !== null && time - lastEdit <= delay));
    lastEdit = time;
    if (merge) HistoryEditor.withMerging(e, () => apply(op));
    else HistoryEditor.withNewBatch(e, () => apply(op));
  };

  e.writeHistory = (stack, batch) => {
    writeHistory(stack, batch);
    const steps = e.history[stack];
    if (steps.length > maxSteps) steps.splice(0, steps.length - maxSteps);
  };

  e.undo = () => {
    lastEdit = null;
    undo();
  };

  e.redo = () => {
    lastEdit = null;
    redo();
  };

  return e;
}
