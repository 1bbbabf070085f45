import { LABELS } from '../labels';
import type { DiffPart, FieldChange, FieldText } from './text-diff';
import { diffText } from './text-diff';

/**
 * Word-level changes as marked text: removed words in `<del>`, added ones in `<ins>`, each announced by
 * a hidden "removed:" / "added:" (screen readers do not say that a word is struck through).
 */
export function DiffText({ parts }: { parts: DiffPart[] }) {
  return (
    <div className="versions-diff">
      {parts.map((part, index) => {
        if (part.kind === 'same') return <span key={index}>{part.text}</span>;
        const Mark = part.kind === 'removed' ? 'del' : 'ins';
        return (
          <Mark key={index}>
            <span className="visually-hidden">{`[${part.kind === 'removed' ? LABELS.versions.removed : LABELS.versions.added}: `}</span>
            {part.text}
            <span className="visually-hidden">]</span>
          </Mark>
        );
      })}
    </div>
  );
}

/**
 * The fields that differ between two versions, side by side, each shown with its changes from `base`
 * (the version both started from): what it added underlined, what it removed struck through. A
 * two-way diff would show the words one version added as removed by the other.
 */
export function SideBySide({
  changes,
  base,
  beforeLabel,
  afterLabel,
}: {
  changes: FieldChange[];
  base: FieldText[];
  beforeLabel: string;
  afterLabel: string;
}) {
  const baseByKey = new Map(base.map((field) => [field.key, field.text]));
  return (
    <div className="versions-compare">
      {changes.map((change) => {
        const from = baseByKey.get(change.key) ?? '';
        return (
          <section key={change.key} aria-label={change.label}>
            <h3>{change.label}</h3>
            <div className="versions-sides">
              <div>
                <h4>{beforeLabel}</h4>
                <DiffText parts={diffText(from, change.before)} />
              </div>
              <div>
                <h4>{afterLabel}</h4>
                <DiffText parts={diffText(from, change.after)} />
              </div>
            </div>
          </section>
        );
      })}
    </div>
  );
}
