import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense, useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import {
  ALT_TEXT_HINT,
  ALT_TEXT_MAX_LENGTH,
  autosaveSlotOf,
  DEFAULT_LANGUAGE,
  languageSchema,
  POST_STATUS,
  PROJECT_RESULTS_MAX_COUNT,
  projectInputSchema,
  type Language,
  type Project,
  type ProjectRevisionFields,
} from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Spinner } from '@blog/web/ui';
import { AutosaveStatus } from '../autosave/autosave-status';
import { RestoreBanner } from '../autosave/restore-banner';
import { useAutosave } from '../autosave/use-autosave';
import { useActionNotice } from '../forms/action-notice';
import { Field, TextAreaField } from '../forms/field';
import { useEditorImages } from '../forms/lazy-editor';
import { RichTextField } from '../forms/rich-text-field';
import { applyServerErrors } from '../forms/server-errors';
import { useSlugFromTitle } from '../forms/use-slug-from-title';
import { useUnsavedChanges } from '../forms/use-unsaved-changes';
import { LABELS } from '../labels';
import { LanguageField } from '../languages/language-field';
import { languageChoicesOf, type SiteLanguages } from '../languages/site-languages';
import { TranslationsPanel } from '../languages/translations-panel';
import { checkPublishAt, publicationFormFields, publicationValuesOf, publishedAtOf } from '../posts/publication';
import { PublicationField } from '../posts/publication-field';
import { ImageInput } from '../uploads/image-input';
import { HistoryPanel } from '../versions/history-panel';
import { describeProject } from '../versions/record-fields';
import { useVersionConflict } from '../versions/use-version-conflict';
import { GalleryField } from './gallery-field';
import { ProjectTestimonial } from './project-testimonial';
import { useProjectTranslations } from './project-translations';
import { RelatedPostsField } from './related-posts-field';
import { ResultsField } from './results-field';
import { StackInput } from './stack-input';

const TEXT = LABELS.project.fields;
const CONTRACT = projectInputSchema.shape;

/** Empty, or a whole number (the contract checks its bounds). */
const wholeNumberText = z.string().regex(/^\d*$/, { error: 'must be a whole number' });

/**
 * The project contract (which the server parses with too, so lengths and links are checked before
 * sending) with the form's shapes: numbers as typed, the services as checkbox values,
 * Hide for `status`, and the publication as chosen for `published_at`. Its output is the body sent.
 */
const projectFormFields = z.object({
  language: languageSchema,
  title: CONTRACT.title,
  slug: z.string(),
  client_name: CONTRACT.client_name,
  client_url: CONTRACT.client_url,
  year_from: wholeNumberText.min(1, { error: 'Year from is required' }),
  year_to: wholeNumberText,
  role: CONTRACT.role,
  team_size: wholeNumberText,
  stack: z.array(z.string()),
  live_url: CONTRACT.live_url,
  source_url: CONTRACT.source_url,
  summary: CONTRACT.summary,
  cover: z.string().nullable(),
  cover_alt: CONTRACT.cover_alt,
  gallery: CONTRACT.gallery,
  problem: CONTRACT.problem,
  approach: CONTRACT.approach,
  outcome: CONTRACT.outcome,
  results: CONTRACT.results,
  related_post_ids: z.array(z.number()),
  /** The checked services' ids, as the checkboxes' values (strings). */
  service_ids: z.array(z.string()),
  featured: z.boolean(),
  comments_open: z.boolean(),
  sort_order: wholeNumberText,
  meta_title: CONTRACT.meta_title,
  meta_description: CONTRACT.meta_description,
  hidden: z.boolean(),
  ...publicationFormFields,
});

const projectFormSchema = projectFormFields
  .superRefine(checkPublishAt)
  .transform(
    ({ hidden, publication, publish_at, year_from, year_to, team_size, sort_order, service_ids, ...fields }) => ({
      ...fields,
      service_ids: service_ids.map(Number),
      year_from: Number(year_from),
      year_to: year_to === '' ? null : Number(year_to),
      team_size: team_size === '' ? null : Number(team_size),
      sort_order: Number(sort_order || 0),
      status: hidden ? POST_STATUS.hidden : POST_STATUS.visible,
      published_at: publishedAtOf(publication, publish_at),
    }),
  );
export type ProjectFormValues = z.input<typeof projectFormSchema>;
type ProjectFormOutput = z.output<typeof projectFormSchema>;
export type ProjectFormApi = UseFormReturn<ProjectFormValues, unknown, ProjectFormOutput>;

/** The fields a server error may name: each top-level field, and each part of each result and image. */
const FIELDS = [
  ...(Object.keys(projectFormFields.shape) as Array<keyof ProjectFormValues>),
  ...Array.from({ length: PROJECT_RESULTS_MAX_COUNT }, (_, index) => [
    `results.${index}.label` as const,
    `results.${index}.value` as const,
  ]).flat(),
];

/**
 * The form's values for a project as read, or as one of its revisions kept it (a new one: this year,
 * published when saved, in `defaultLanguage`).
 */
export function valuesOf(
  project?: ProjectRevisionFields & Partial<Pick<Project, 'comments_open' | 'language'>>,
  defaultLanguage: Language = DEFAULT_LANGUAGE,
): ProjectFormValues {
  return {
    language: project?.language ?? defaultLanguage,
    title: project?.title ?? '',
    slug: project?.slug ?? '',
    client_name: project?.client_name ?? '',
    client_url: project?.client_url ?? '',
    year_from: String(project?.year_from ?? new Date().getFullYear()),
    year_to: project?.year_to?.toString() ?? '',
    role: project?.role ?? '',
    team_size: project?.team_size?.toString() ?? '',
    stack: project?.stack ?? [],
    live_url: project?.live_url ?? '',
    source_url: project?.source_url ?? '',
    summary: project?.summary ?? '',
    cover: project?.cover ?? null,
    cover_alt: project?.cover_alt ?? '',
    gallery: project?.gallery ?? [],
    problem: project?.problem ?? '',
    approach: project?.approach ?? '',
    outcome: project?.outcome ?? '',
    results: project?.results ?? [],
    related_post_ids: project?.related_post_ids ?? [],
    service_ids: project?.service_ids.map(String) ?? [],
    featured: project?.featured ?? false,
    // Not kept by revisions (History's Restore passes the project's own); open for a new project.
    comments_open: project?.comments_open ?? true,
    sort_order: String(project?.sort_order ?? 0),
    meta_title: project?.meta_title ?? '',
    meta_description: project?.meta_description ?? '',
    hidden: project?.status === POST_STATUS.hidden,
    ...publicationValuesOf(project),
  };
}

/**
 * Add project and Edit project: every field, Submit and View projects; an edited project's Translations
 * under it. The project's language is one the site runs (or the one it was written in).
 */
export function ProjectForm({ project, site }: { project?: Project; site: SiteLanguages }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.projects.create.useMutation();
  const update = trpc.projects.update.useMutation();
  const setMessage = useActionNotice();
  const translations = useProjectTranslations();
  const [coverBusy, setCoverBusy] = useState(false);
  const [galleryBusy, setGalleryBusy] = useState(false);
  const images = useEditorImages();
  const form = useForm<ProjectFormValues, unknown, ProjectFormOutput>({
    resolver: zodResolver(projectFormSchema),
    defaultValues: valuesOf(project, site.defaultLanguage),
  });
  const { register, handleSubmit, setError, formState, control } = form;
  const errors = formState.errors;
  const slugField = useSlugFromTitle(form, 'title', 'slug', Boolean(project));
  const versions = useVersionConflict<ProjectFormValues, Project>({
    form,
    loaded: project,
    valuesOf,
    describe: describeProject,
    resubmit: () => void onSubmit(),
  });
  const unsaved = formState.isDirty || versions.keepsMine;
  const { leaveFreely } = useUnsavedChanges(unsaved);
  const cover = useWatch({ control, name: 'cover' });
  const autosave = useAutosave({
    form,
    slot: project ? autosaveSlotOf.project(project.id) : 'new-project',
    savedAt: project?.updated_at,
    baseVersion: project?.version ?? null,
    keptAside: versions.kept,
  });

  const onSubmit = handleSubmit(async (body) => {
    setMessage({});
    try {
      if (project) await update.mutateAsync(versions.withVersion({ id: project.id, ...body }));
      else await create.mutateAsync(body);
      await autosave.clear();
      await utils.projects.invalidate();
      leaveFreely();
      navigate('/admin/projects', { state: { saved: LABELS.project.saved(body.title) } });
    } catch (failure) {
      if (versions.caught(failure)) return;
      setMessage({ error: applyServerErrors(failure, setError, FIELDS) });
    }
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
        <RestoreBanner autosave={autosave} />
        <AutosaveStatus status={autosave.status} />
        {versions.element}
        <LanguageField
          choices={languageChoicesOf(site, project?.language)}
          error={errors.language?.message}
          {...register('language')}
        />
        <Field label={TEXT.title} required error={errors.title?.message} {...register('title')} />
        <Field label={TEXT.slug} error={errors.slug?.message} {...slugField} />
        <Field label={TEXT.clientName} error={errors.client_name?.message} {...register('client_name')} />
        <Field type="url" label={TEXT.clientUrl} error={errors.client_url?.message} {...register('client_url')} />
        <Field
          label={TEXT.yearFrom}
          inputMode="numeric"
          required
          error={errors.year_from?.message}
          {...register('year_from')}
        />
        <Field
          label={TEXT.yearTo}
          inputMode="numeric"
          hint={TEXT.yearToHint}
          error={errors.year_to?.message}
          {...register('year_to')}
        />
        <Field label={TEXT.role} error={errors.role?.message} {...register('role')} />
        <Field label={TEXT.teamSize} inputMode="numeric" error={errors.team_size?.message} {...register('team_size')} />
        <Controller
          control={control}
          name="stack"
          render={({ field }) => (
            <StackInput value={field.value} onChange={field.onChange} error={errors.stack?.message} />
          )}
        />
        <Field type="url" label={TEXT.liveUrl} error={errors.live_url?.message} {...register('live_url')} />
        <Field type="url" label={TEXT.sourceUrl} error={errors.source_url?.message} {...register('source_url')} />
        <TextAreaField
          label={TEXT.summary}
          hint={TEXT.summaryHint}
          error={errors.summary?.message}
          {...register('summary')}
        />
        <Controller
          control={control}
          name="cover"
          render={({ field }) => (
            <ImageInput label={TEXT.cover} value={field.value} onChange={field.onChange} onBusyChange={setCoverBusy} />
          )}
        />
        {cover && (
          <Field
            label={TEXT.coverAlt}
            hint={ALT_TEXT_HINT}
            maxLength={ALT_TEXT_MAX_LENGTH}
            error={errors.cover_alt?.message}
            {...register('cover_alt')}
          />
        )}
        <GalleryField form={form} onBusyChange={setGalleryBusy} />
        <Suspense fallback={<Spinner variant="inline" label="Loading the editor…" />}>
          {(['problem', 'approach', 'outcome'] as const).map((name) => (
            <RichTextField
              key={name}
              id={`project-${name}`}
              name={name}
              label={TEXT[name]}
              control={control}
              error={errors[name]?.message}
              images={images}
            />
          ))}
        </Suspense>
        <ResultsField form={form} />
        <Controller
          control={control}
          name="related_post_ids"
          render={({ field }) => (
            <RelatedPostsField value={field.value} onChange={field.onChange} error={errors.related_post_ids?.message} />
          )}
        />
        <ServicesField form={form} />
        {project && <ProjectTestimonial projectId={project.id} />}
        <div className="admin-field">
          <label>
            <input type="checkbox" {...register('featured')} /> {TEXT.featured}
          </label>
        </div>
        <div className="admin-field">
          <label>
            <input type="checkbox" {...register('comments_open')} /> {LABELS.post.allowComments}
          </label>
        </div>
        <Field
          label={TEXT.sortOrder}
          inputMode="numeric"
          hint={TEXT.sortOrderHint}
          error={errors.sort_order?.message}
          {...register('sort_order')}
        />
        <Field label={TEXT.metaTitle} error={errors.meta_title?.message} {...register('meta_title')} />
        <Field
          label={TEXT.metaDescription}
          error={errors.meta_description?.message}
          {...register('meta_description')}
        />
        <div className="admin-field">
          <label>
            <input type="checkbox" {...register('hidden')} /> {LABELS.ordering.hide}
          </label>
        </div>
        <PublicationField form={form} publishedAt={project?.published_at ?? null} />
        <div className="admin-actions">
          <button
            type="submit"
            className="admin-button admin-button--primary"
            disabled={formState.isSubmitting || coverBusy || galleryBusy || images.busy}
          >
            {LABELS.submit}
          </button>
          <Link to="/admin/projects" className="admin-button">
            {LABELS.project.viewAll}
          </Link>
        </div>
      </form>
      {project && (
        <TranslationsPanel record={project} adapter={translations} siteLanguages={site.languages} unsaved={unsaved} />
      )}
      {project && (
        <HistoryPanel
          record="project"
          id={project.id}
          form={form}
          fromFields={(fields: ProjectRevisionFields) =>
            valuesOf({ ...fields, comments_open: project.comments_open, language: project.language })
          }
          describe={describeProject}
        />
      )}
    </>
  );
}

/**
 * The services this project used: one checkbox each, the services of the project's language (hidden ones
 * too), as the server allows. Another language takes each checked service's translation there, if any.
 */
function ServicesField({ form }: { form: ProjectFormApi }) {
  const services = trpc.services.adminList.useQuery();
  const language = useWatch({ control: form.control, name: 'language' });
  const { getValues, setValue } = form;
  useEffect(() => {
    const rows = services.data;
    if (!rows) return;
    const checked = getValues('service_ids');
    const kept = checked.flatMap((id) => {
      const service = rows.find((row) => String(row.id) === id);
      if (!service || service.language === language) return [id];
      const pair = service.translations.find((each) => each.language === language);
      return pair ? [String(pair.id)] : [];
    });
    if (kept.join() !== checked.join()) setValue('service_ids', kept, { shouldDirty: true });
  }, [language, services.data, getValues, setValue]);
  const error = form.formState.errors.service_ids?.message;
  return (
    <fieldset className="admin-fieldset" aria-describedby={error ? 'project-services-error' : undefined}>
      <legend>{TEXT.services}</legend>
      {services.data
        ?.filter((service) => service.language === language)
        .map((service) => (
          <label key={service.id} className="admin-checkbox">
            <input type="checkbox" value={String(service.id)} {...form.register('service_ids')} /> {service.name}
          </label>
        ))}
      {error && (
        <p id="project-services-error" className="admin-field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
