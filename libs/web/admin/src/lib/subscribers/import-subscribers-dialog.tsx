import { useId, useState, type FormEvent } from 'react';
import {
  SUBSCRIBER_IMPORT_MAX_BYTES,
  subscriberImportOptionsSchema,
  type SubscriberCounts,
  type SubscriberImportResult,
} from '@blog/contracts';
import { fieldErrorsOf, trpc } from '@blog/web/data';
import { Field, TextAreaField } from '../forms/field';
import { formatBytes } from '../forms/format';
import { FormMessage } from '../forms/form-message';
import { Modal } from '../forms/modal';
import { serverMessageOf } from '../forms/server-errors';
import { LABELS } from '../labels';

const labels = LABELS.subscribers;

const FIELDS = ['csv', 'consent_note', 'topics'] as const;
type FieldErrors = Partial<Record<(typeof FIELDS)[number], string>>;

/**
 * The import: a CSV file (an export of Mailchimp, Substack or Ghost, or a list of addresses), the topics
 * of the added addresses, and whether they already agreed (then a note of how, recorded with each, and they
 * are confirmed at once) or get a confirmation link (on by default). The server's result is shown here:
 * how many were added, already there or left out, and the lines it could not read.
 */
export function ImportSubscribersDialog({
  topics,
  onImported,
  onClose,
}: {
  topics: SubscriberCounts['topics'];
  onImported: () => void;
  onClose: () => void;
}) {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [chosenTopics, setChosenTopics] = useState<number[]>([]);
  const [alreadyOptedIn, setAlreadyOptedIn] = useState(false);
  const [consentNote, setConsentNote] = useState('');
  const [sendConfirmation, setSendConfirmation] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<SubscriberImportResult | null>(null);
  const importCsv = trpc.subscribers.import.useMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const options = subscriberImportOptionsSchema.safeParse({
      already_opted_in: alreadyOptedIn,
      consent_note: consentNote,
      topics: chosenTopics,
      send_confirmation: sendConfirmation,
    });
    const found: FieldErrors = {};
    if (!file) found.csv = labels.chooseFile;
    else if (file.size > SUBSCRIBER_IMPORT_MAX_BYTES) {
      found.csv = labels.fileTooLarge(formatBytes(SUBSCRIBER_IMPORT_MAX_BYTES));
    }
    for (const issue of options.error?.issues ?? []) found[issue.path[0] as keyof FieldErrors] ??= issue.message;
    setErrors(found);
    if (!file || !options.success || Object.keys(found).length > 0) return;
    try {
      setResult(await importCsv.mutateAsync({ csv: await readText(file), ...options.data }));
      onImported();
    } catch (failure) {
      // A field the dialog shows gets its error under it; any other is said above the form, with its name.
      const fields = fieldErrorsOf(failure);
      const shown = fields.filter(({ field }) => (FIELDS as readonly string[]).includes(field));
      const others = fields.filter((each) => !shown.includes(each));
      setErrors(Object.fromEntries(shown.map(({ field, message }) => [field, message])));
      setError(
        fields.length === 0
          ? serverMessageOf(failure)
          : others.map(({ field, message }) => `${field}: ${message}`).join(' ') || null,
      );
    }
  };

  if (result) {
    return (
      <Modal title={labels.importTitle} onClose={onClose}>
        <ImportResult result={result} />
        <div className="admin-actions">
          <button type="button" className="admin-button admin-button--primary" onClick={onClose}>
            {labels.close}
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={labels.importTitle} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-busy={importCsv.isPending}>
        <FormMessage error={error} />
        <Field
          label={labels.file}
          hint={labels.fileHint}
          required
          type="file"
          accept=".csv,text/csv"
          error={errors.csv}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <fieldset className="admin-fieldset" aria-describedby={`${ids}-topics-hint`}>
          <legend>{labels.topics}</legend>
          <p id={`${ids}-topics-hint`} className="admin-field-hint">
            {labels.topicsHint}
          </p>
          {topics.map((topic) => (
            <label key={topic.id}>
              <input
                type="checkbox"
                checked={chosenTopics.includes(topic.id)}
                onChange={(event) =>
                  setChosenTopics((chosen) =>
                    event.target.checked ? [...chosen, topic.id] : chosen.filter((id) => id !== topic.id),
                  )
                }
              />{' '}
              {topic.name}
            </label>
          ))}
          {errors.topics && <p className="admin-field-error">{errors.topics}</p>}
        </fieldset>
        <div className="admin-field">
          <label>
            <input
              type="checkbox"
              checked={alreadyOptedIn}
              onChange={(event) => setAlreadyOptedIn(event.target.checked)}
            />{' '}
            {labels.alreadyOptedIn}
          </label>
        </div>
        {alreadyOptedIn ? (
          <TextAreaField
            label={labels.consentNote}
            hint={`${labels.alreadyOptedInHint} ${labels.consentNoteHint}`}
            required
            error={errors.consent_note}
            value={consentNote}
            onChange={(event) => setConsentNote(event.target.value)}
          />
        ) : (
          <div className="admin-field">
            <label>
              <input
                type="checkbox"
                checked={sendConfirmation}
                aria-describedby={`${ids}-confirmation-hint`}
                onChange={(event) => setSendConfirmation(event.target.checked)}
              />{' '}
              {labels.sendConfirmation}
            </label>
            <p id={`${ids}-confirmation-hint`} className="admin-field-hint">
              {labels.sendConfirmationHint}
            </p>
          </div>
        )}
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={importCsv.isPending}>
            {importCsv.isPending ? labels.importing : labels.import}
          </button>
          <button type="button" className="admin-button" onClick={onClose}>
            {labels.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The file's text, read with `FileReader` (which the test DOM has too, unlike `Blob.text()`). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

const FIGURES = ['added', 'existing', 'suppressed', 'confirmations_sent'] as const;

function ImportResult({ result }: { result: SubscriberImportResult }) {
  return (
    <section aria-label={labels.result} className="admin-modal-body">
      <p role="status">{labels.resultFormat(labels.formats[result.format])}</p>
      <dl className="admin-import-figures">
        {FIGURES.map((figure) => (
          <div key={figure}>
            <dt>{labels.resultFigures[figure]}</dt>
            <dd>{result[figure]}</dd>
          </div>
        ))}
      </dl>
      {result.invalid_total > 0 && (
        <>
          <p>{labels.invalidLines(result.invalid_total, result.invalid.length)}</p>
          <ul>
            {result.invalid.map(({ line, reason }) => (
              <li key={line}>{labels.invalidLine(line, reason)}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
