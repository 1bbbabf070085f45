import { useState, type FormEvent } from 'react';
import {
  DEFAULT_PAGES_CATEGORY,
  IMPORT_CONFLICT_MODES,
  IMPORT_FILE_FIELD,
  IMPORT_IMAGES_FIELD,
  IMPORT_IMAGES_MAX_BYTES,
  IMPORT_MAX_BYTES,
  IMPORT_SOURCES,
  importStartSchema,
  type ImportConflictMode,
  type ImportSource,
} from '@blog/contracts';
import { useActionNotice } from '../forms/action-notice';
import { Field } from '../forms/field';
import { formatBytes } from '../forms/format';
import { LABELS } from '../labels';
import { ImportStartError, startImport } from './start-import';

const L = LABELS.importExport;

/** What each source's file is: its extension, and what the file picker offers. */
export const SOURCE_FILES: Record<ImportSource, { extension: string; accept: string }> = {
  wxr: { extension: '.xml', accept: '.xml,application/xml,text/xml' },
  ghost: { extension: '.json', accept: '.json,application/json' },
  archive: { extension: '.zip', accept: '.zip,application/zip' },
};
export const IMAGES_ACCEPT = '.zip,application/zip';

/** Sources whose pages go to a category and whose images may come as a zip (an archive holds its own). */
const withPagesAndImages = (source: ImportSource) => source !== 'archive';

type FieldName = 'source' | 'file' | 'images' | 'pages_category' | 'on_conflict';
const FIELD_NAMES: readonly string[] = [
  'source',
  IMPORT_FILE_FIELD,
  IMPORT_IMAGES_FIELD,
  'pages_category',
  'on_conflict',
];
/** A server message about a field ("must be at most 512 MB") as a sentence under that field. */
const FIELD_NOUNS: Record<FieldName, string> = {
  source: 'The source',
  file: 'The file',
  images: 'The images zip',
  pages_category: 'The pages category',
  on_conflict: 'The choice',
};
const sentence = (field: FieldName, message: string) =>
  /^(must|is|has|cannot)\b/.test(message) ? `${FIELD_NOUNS[field]} ${message}.`.replace(/\.\.$/, '.') : message;

const withoutError = (errors: Partial<Record<FieldName, string>>, field: FieldName) =>
  Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field));

const hasExtension = (file: File, extension: string) => file.name.toLowerCase().endsWith(extension);

/**
 * The import form: the source, its file, the optional images zip, the pages category and what to do
 * when a slug is taken; Check (dry run) checks the files here, uploads them with a progress bar and
 * hands the dry run's id to `onStarted`. Every refusal is shown next to the field it names.
 */
export function ImportForm({ onStarted }: { onStarted: (id: number) => void }) {
  const [source, setSource] = useState<ImportSource>('wxr');
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File | null>(null);
  const [pagesCategory, setPagesCategory] = useState(DEFAULT_PAGES_CATEGORY);
  const [onConflict, setOnConflict] = useState<ImportConflictMode>('skip');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const setMessage = useActionNotice();
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;
  const extras = withPagesAndImages(source);

  const check = (): Partial<Record<FieldName, string>> => {
    const found: Partial<Record<FieldName, string>> = {};
    const { extension } = SOURCE_FILES[source];
    if (!file) found.file = 'Choose the export file.';
    else if (file.size > IMPORT_MAX_BYTES)
      found.file = `The file is larger than ${formatBytes(IMPORT_MAX_BYTES)}, the most an import takes.`;
    else if (!hasExtension(file, extension)) found.file = `Choose a ${extension} file: a ${L.sources[source]}.`;
    if (extras && images) {
      if (images.size > IMPORT_IMAGES_MAX_BYTES)
        found.images = `The images zip is larger than ${formatBytes(IMPORT_IMAGES_MAX_BYTES)}, the most an import takes.`;
      else if (!hasExtension(images, '.zip')) found.images = 'Choose a .zip file of the images folder.';
    }
    const fields = importStartSchema.safeParse({
      source,
      dry_run: true,
      on_conflict: onConflict,
      pages_category: extras ? pagesCategory : DEFAULT_PAGES_CATEGORY,
    });
    for (const issue of fields.success ? [] : fields.error.issues) {
      const field = String(issue.path[0] ?? 'source') as FieldName;
      found[field] ??= issue.message;
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    setMessage({});
    const found = check();
    setErrors(found);
    if (!file || Object.keys(found).length) {
      setMessage({ error: 'Please correct the highlighted fields.' });
      return;
    }
    setProgress(0);
    try {
      const started = await startImport(
        {
          source,
          dry_run: true,
          on_conflict: onConflict,
          pages_category: extras ? pagesCategory.trim() : DEFAULT_PAGES_CATEGORY,
        },
        file,
        extras ? images : null,
        setProgress,
      );
      onStarted(started.id);
    } catch (failure) {
      const refused = failure instanceof ImportStartError ? failure : new ImportStartError(String(failure), 0);
      const named = refused.fieldErrors.filter(({ field }) => FIELD_NAMES.includes(field));
      setErrors(Object.fromEntries(named.map(({ field, message }) => [field, sentence(field as FieldName, message)])));
      setMessage({
        error: named.length
          ? `${refused.status === 413 ? 'Too large for the server' : 'The server refused the import'}: please correct the highlighted fields.`
          : refused.message,
      });
    } finally {
      setProgress(null);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-busy={uploading}>
      <div className="admin-field">
        <label htmlFor="import-source">{L.source}</label>
        <select
          id="import-source"
          value={source}
          aria-invalid={errors.source ? true : undefined}
          aria-describedby={errors.source ? 'import-source-error' : undefined}
          onChange={(event) => setSource(event.target.value as ImportSource)}
        >
          {IMPORT_SOURCES.map((value) => (
            <option key={value} value={value}>
              {L.sources[value]}
            </option>
          ))}
        </select>
        {errors.source && (
          <p id="import-source-error" className="admin-field-error">
            {errors.source}
          </p>
        )}
      </div>
      <Field
        label={L.file}
        type="file"
        required
        accept={SOURCE_FILES[source].accept}
        error={errors.file}
        hint={`A ${L.sources[source]}, at most ${formatBytes(IMPORT_MAX_BYTES)}.`}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setErrors((found) => withoutError(found, 'file'));
        }}
      />
      {extras && (
        <>
          <Field
            label={L.images}
            type="file"
            accept={IMAGES_ACCEPT}
            error={errors.images}
            hint={L.imagesHint}
            onChange={(event) => {
              setImages(event.target.files?.[0] ?? null);
              setErrors((found) => withoutError(found, 'images'));
            }}
          />
          <Field
            label={L.pagesCategory}
            value={pagesCategory}
            maxLength={100}
            error={errors.pages_category}
            hint={L.pagesCategoryHint}
            onChange={(event) => setPagesCategory(event.target.value)}
          />
        </>
      )}
      <fieldset
        className="admin-fieldset admin-choices"
        aria-describedby={errors.on_conflict ? 'import-conflict-error' : undefined}
      >
        <legend>{L.onConflict}</legend>
        {IMPORT_CONFLICT_MODES.map((mode) => (
          <div key={mode} className="admin-choice">
            <label>
              <input
                type="radio"
                name="on_conflict"
                value={mode}
                checked={onConflict === mode}
                onChange={() => setOnConflict(mode)}
                aria-describedby={`import-conflict-${mode}-hint`}
              />{' '}
              {L.conflictModes[mode].label}
            </label>
            <span id={`import-conflict-${mode}-hint`} className="admin-choice-hint">
              {L.conflictModes[mode].hint}
            </span>
          </div>
        ))}
        {errors.on_conflict && (
          <p id="import-conflict-error" className="admin-field-error">
            {errors.on_conflict}
          </p>
        )}
      </fieldset>
      {uploading && (
        <div role="status" className="admin-upload-progress">
          <progress max={1} value={progress} aria-label={L.uploadProgress} /> Uploading {file?.name}:{' '}
          {Math.round(progress * 100)}%
        </div>
      )}
      <button type="submit" className="admin-button admin-button--primary" disabled={uploading}>
        {L.check}
      </button>
    </form>
  );
}
