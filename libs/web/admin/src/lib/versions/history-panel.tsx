import { useId, useState } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { RevisionRecord, RevisionSummary } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { formatDateTime } from '../forms/format';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';
import { describeAuthor } from './conflict';
import { DiffText } from './diff-view';
import { changedFields, diffText, type FieldText } from './text-diff';

/**
 * The fields read as the record's text, shown first (a post's content, a project's case study); the others
 * are listed under "Other fields that differ".
 */
const TEXT_FIELDS = new Set(['content', 'short_content', 'summary', 'problem', 'approach', 'outcome']);

export interface HistoryPanelProps<Values extends FieldValues, Fields> {
  record: RevisionRecord;
  id: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any resolver output: the panel reads and resets values only
  form: UseFormReturn<Values, any, any>;
  /** The form's values for a revision's fields. */
  fromFields: (fields: Fields) => Values;
  /** Values as the owner reads them (`record-fields.ts`). */
  describe: (values: Values) => FieldText[];
}

/**
 * The History panel of an edit screen: the versions this record had, newest first, with when,
 * who and through which door; one chosen is shown as a word-level diff against the form as it is now, and
 * Restore loads it into the form as unsaved changes (Submit saves it like any edit, so it can be undone too).
 */
export function HistoryPanel<Values extends FieldValues, Fields>(props: HistoryPanelProps<Values, Fields>) {
  const { record, id } = props;
  const headingId = useId();
  const text = LABELS.versions;
  const revisions = trpc.revisions.list.useQuery({ record, id }, { staleTime: 0 });
  const [chosen, setChosen] = useState<RevisionSummary | null>(null);
  const [restored, setRestored] = useState<string | null>(null);

  return (
    <section className="versions-history" aria-labelledby={headingId}>
      <h2 id={headingId}>{text.history}</h2>
      <p>{text.historyHint}</p>
      {restored && <p role="status">{restored}</p>}
      <QueryView query={revisions} inline>
        {(rows) =>
          rows.length === 0 ? (
            <p>{text.noRevisions}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  {text.revisionColumns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                  <th scope="col">
                    <span className="visually-hidden">{text.show}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{formatDateTime(row.saved.at)}</td>
                    <td>{describeAuthor(row.saved)}</td>
                    <td>{row.version}</td>
                    <td>
                      <button
                        type="button"
                        className="admin-button"
                        aria-pressed={chosen?.id === row.id}
                        aria-label={`${text.show} ${formatDateTime(row.saved.at)}`}
                        onClick={() => {
                          setChosen(row);
                          setRestored(null);
                        }}
                      >
                        {chosen?.id === row.id ? text.shown : text.show}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryView>
      {chosen && (
        <RevisionDiff
          {...props}
          summary={chosen}
          onRestored={(at) => {
            setChosen(null);
            setRestored(text.restored(at));
          }}
          onClose={() => setChosen(null)}
        />
      )}
    </section>
  );
}

function RevisionDiff<Values extends FieldValues, Fields>({
  record,
  id,
  form,
  fromFields,
  describe,
  summary,
  onRestored,
  onClose,
}: HistoryPanelProps<Values, Fields> & {
  summary: RevisionSummary;
  onRestored: (at: string) => void;
  onClose: () => void;
}) {
  const text = LABELS.versions;
  const revision = trpc.revisions.get.useQuery({ record, id, revision_id: summary.id }, { staleTime: Infinity });
  // The form as it is now, kept up to date while the owner types.
  const current = useWatch({ control: form.control }) as Values;
  const at = formatDateTime(summary.saved.at);

  return (
    <div className="versions-revision">
      <h3>{text.diffHeading(at)}</h3>
      <QueryView query={revision} inline>
        {(found) => {
          const values = fromFields(found.fields as Fields);
          const changes = changedFields(describe(values), describe({ ...form.getValues(), ...current }));
          const texts = changes.filter((change) => TEXT_FIELDS.has(change.key));
          const others = changes.filter((change) => !TEXT_FIELDS.has(change.key));
          return (
            <>
              {changes.length === 0 ? <p>{text.sameAsForm}</p> : <p>{text.diffLegend}</p>}
              {texts.map((change) => (
                <section key={change.key} aria-label={change.label}>
                  <h4>{change.label}</h4>
                  <DiffText parts={diffText(change.before, change.after)} />
                </section>
              ))}
              {others.length > 0 && (
                <section aria-label={text.otherFields}>
                  <h4>{text.otherFields}</h4>
                  <dl>
                    {others.map((change) => (
                      <div key={change.key}>
                        <dt>{change.label}</dt>
                        <dd>
                          <DiffText parts={diffText(change.before, change.after)} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                </section>
              )}
              <div className="admin-actions">
                <button
                  type="button"
                  className="admin-button admin-button--primary"
                  disabled={changes.length === 0}
                  onClick={() => {
                    // Unsaved changes over the saved state: the leave guard applies and Submit saves them.
                    form.reset(values, { keepDefaultValues: true });
                    onRestored(at);
                  }}
                >
                  {text.restore}
                </button>
                <button type="button" className="admin-button" onClick={onClose}>
                  {text.close}
                </button>
              </div>
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
