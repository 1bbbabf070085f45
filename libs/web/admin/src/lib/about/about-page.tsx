import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import {
  aboutInputSchema,
  autosaveSlotOf,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  type About,
  type AboutInput,
  type AboutRevisionFields,
  type Language,
} from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Spinner } from '@blog/web/ui';
import { useActionNotice } from '../forms/action-notice';
import { AutosaveStatus } from '../autosave/autosave-status';
import { RestoreBanner } from '../autosave/restore-banner';
import { useAutosave } from '../autosave/use-autosave';
import { RichTextEditor, uploadEditorAudio, uploadEditorImage, useEditorImages } from '../forms/lazy-editor';
import { QueryView } from '../forms/query-view';
import { applyServerErrors } from '../forms/server-errors';
import { useUnsavedChanges } from '../forms/use-unsaved-changes';
import { LABELS } from '../labels';
import { useSiteLanguages } from '../languages/site-languages';
import { HistoryPanel } from '../versions/history-panel';
import { describeAbout } from '../versions/record-fields';
import { useVersionConflict } from '../versions/use-version-conflict';

export const ABOUT_SAVED = 'The About page has been saved.';

/**
 * /admin/about: the About page of each language, one rich-text record each (`about.list` answers them all);
 * a switch (`?language=vi`, links, so that leaving unsaved changes asks first) between the languages the
 * site runs, the default one first shown.
 */
export function AboutPage() {
  const about = trpc.about.list.useQuery(undefined, { staleTime: 0 });
  const siteLanguages = useSiteLanguages();
  const [params] = useSearchParams();
  const asked = params.get('language');
  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.about}</h1>
      <QueryView query={siteLanguages}>
        {(site) => (
          <QueryView query={about}>
            {(rows) => {
              const choices = LANGUAGES.filter(
                (each) => site.languages.includes(each) || rows.some((row) => row.language === each),
              );
              const language = isLanguage(asked) && choices.includes(asked) ? asked : site.defaultLanguage;
              return (
                <>
                  {choices.length > 1 && (
                    <nav aria-label={LABELS.languages.aboutLanguage} className="admin-segmented">
                      {choices.map((each) => (
                        <Link
                          key={each}
                          to={`?language=${each}`}
                          className="admin-button"
                          aria-current={each === language ? 'page' : undefined}
                        >
                          {LANGUAGE_NAMES[each]}
                        </Link>
                      ))}
                    </nav>
                  )}
                  <AboutForm
                    key={language}
                    language={language}
                    record={rows.find((row) => row.language === language)}
                  />
                </>
              );
            }}
          </QueryView>
        )}
      </QueryView>
    </section>
  );
}

/**
 * The About page of `language`: one Content field; 'Add' while it does not exist, 'Update' once it does.
 * Where the spec reloads the page, a save says so and refreshes the record; a failure says why and keeps
 * the content.
 */
function AboutForm({ record, language }: { record?: About; language: Language }) {
  const utils = trpc.useUtils();
  const create = trpc.about.create.useMutation();
  const update = trpc.about.update.useMutation();
  const setResult = useActionNotice();
  const form = useForm<AboutInput>({
    resolver: zodResolver(aboutInputSchema),
    defaultValues: { content: record?.content ?? '' },
  });
  const { handleSubmit, setError, formState, control, reset } = form;
  const versions = useVersionConflict<AboutInput, About>({
    form,
    loaded: record,
    valuesOf: (current) => ({ content: current.content }),
    describe: describeAbout,
    resubmit: () => void onSubmit(),
  });
  useUnsavedChanges(formState.isDirty || versions.keepsMine);
  // Before the record exists there is no slot to keep a draft in (the first save makes it).
  const autosave = useAutosave({
    form,
    slot: record ? autosaveSlotOf.about(record.id) : null,
    baseVersion: record?.version,
    keptAside: versions.kept,
  });
  const images = useEditorImages();

  const onSubmit = handleSubmit(async ({ content }) => {
    setResult({});
    try {
      if (record) await update.mutateAsync(versions.withVersion({ id: record.id, content }));
      else await create.mutateAsync({ content, language });
      // The editor's HTML is what the server stores: it becomes the form's saved state.
      reset({ content });
      await autosave.clear();
      setResult({ success: ABOUT_SAVED });
      await utils.about.list.invalidate();
      // The version this save wrote, as re-read (a save answers only its id).
      versions.saved(utils.about.list.getData()?.find((row) => row.language === language));
      // The version this save replaced is in the history now.
      void utils.revisions.list.invalidate();
    } catch (failure) {
      if (versions.caught(failure)) return;
      setResult({ error: applyServerErrors(failure, setError, ['content']) });
      // Created meanwhile (another tab): load it, so that the next save updates it.
      if (!record) void utils.about.list.invalidate();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
      <RestoreBanner autosave={autosave} />
      <AutosaveStatus status={autosave.status} />
      {versions.element}
      <div className="admin-field">
        <span id="about-content-label" className="admin-label">
          {LABELS.content}
        </span>
        <Suspense fallback={<Spinner variant="inline" label="Loading the editor…" />}>
          <Controller
            control={control}
            name="content"
            render={({ field }) => (
              <RichTextEditor
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                aria-labelledby="about-content-label"
                aria-invalid={formState.errors.content ? true : undefined}
                aria-describedby={formState.errors.content ? 'about-content-error' : undefined}
                uploadImage={uploadEditorImage}
                uploadAudio={uploadEditorAudio}
                importImage={images.importImage}
                importVideoPoster={images.importVideoPoster}
                onBusyChange={images.busyChange('content')}
              />
            )}
          />
        </Suspense>
        {formState.errors.content && (
          <p id="about-content-error" className="admin-field-error">
            {formState.errors.content.message}
          </p>
        )}
      </div>
      <div className="admin-actions">
        <button
          type="submit"
          className="admin-button admin-button--primary"
          disabled={formState.isSubmitting || images.busy}
        >
          {record ? LABELS.update : LABELS.add}
        </button>
        <Link to="/admin/dashboard" className="admin-button">
          {LABELS.home}
        </Link>
      </div>
      {record && (
        <HistoryPanel
          record="about"
          id={record.id}
          form={form}
          fromFields={(fields: AboutRevisionFields) => ({ content: fields.content })}
          describe={describeAbout}
        />
      )}
    </form>
  );
}
