import { LABELS } from '../labels';
import type { DiffPart, FieldChange } from './text-diff';
import { diffText } from './text-diff';

/**
 * Word-level changes as marked text: removed words in `<del>`, added ones in `<ins>`, each announced by
 * a hidden "removed:" / "added:" (screen readers do not say that a word is struck through).
 * `side` shows one side only: 'before' (what was, removals marked) or 'after' (what is, additions marked).
 */
export function DiffText({ parts, side }: { parts: DiffPart[]; side?: 'before' | 'after' }) {
  return (
    <div className="versions-diff">
      {parts.map((part, index) => {
        if (part.kind === 'same') return <span key={index}>{part.text}</span>;
        if (part.kind === 'removed') {
          if (side === 'after') return null;
          return (
            <del key={index}>
              <span className="visually-hidden">{`[${LABELS.versions.removed}: `}</span>
              {part.text}
              <span className="visually-hidden">]</span>
            </del>
          );
        }
        if (side === 'before') return null;
        return (
          <ins key={index}>
            <span className="visually-hidden">{`[${LABELS.versions.added}: `}</span>
            {part.text}
            <span className="visually-hidden">]</span>
          </ins>
        );
      })}
    </div>
  );
}

/**
 * The fields that differ, side by side: each field's `before` on the left with what only it has struck
 * through, its `after` on the right with what only it has underlined.
 */
export function SideBySide({
  changes,
  beforeLabel,
  afterLabel,
}: {
  changes: FieldChange[];
  beforeLabel: string;
  afterLabel: string;
}) {
  return (
    <div className="versions-compare">
      {changes.map((change) => {
        const parts = diffText(change.before, change.after);
        return (
          <section key={change.key} aria-label={change.label}>
            <h3>{change.label}</h3>
            <div className="versions-sides">
              <div>
                <h4>{beforeLabel}</h4>
                <DiffText parts={parts} side="before" />
              </div>
              <div>
                <h4>{afterLabel}</h4>
                <DiffText parts={parts} side="after" />
              </div>
            </div>
          </section>
        );
      })}
    </div>
  );
}
