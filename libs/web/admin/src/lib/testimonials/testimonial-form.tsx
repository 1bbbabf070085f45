import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  languageSchema,
  TESTIMONIAL_LIMITS,
  testimonialInputSchema,
  type Language,
  type Project,
  type Testimonial,
} from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Field, TextAreaField } from '../forms/field';
import { FormMessage } from '../forms/form-message';
import { Modal, ModalFormActions } from '../forms/modal';
import { applyServerErrors } from '../forms/server-errors';
import { LABELS } from '../labels';
import { LanguageField } from '../languages/language-field';
import { languageChoicesOf, type SiteLanguages } from '../languages/site-languages';
import { TranslationsPanel, type TranslationsAdapter } from '../languages/translations-panel';
import { ImageInput } from '../uploads/image-input';
import { describeTestimonial } from '../versions/record-fields';
import { useVersionConflict } from '../versions/use-version-conflict';

const TEXT = LABELS.testimonial.fields;

/** The testimonial contract, with the project as the select's digits ('' for none). */
const testimonialFormSchema = testimonialInputSchema.extend({
  language: languageSchema,
  project_id: z.string().transform((id) => (id ? Number(id) : null)),
});
export type TestimonialFormValues = z.input<typeof testimonialFormSchema>;
type TestimonialFormOutput = z.output<typeof testimonialFormSchema>;

const FIELDS = [
  'language',
  'name',
  'role',
  'company',
  'photo',
  'quote',
  'project_id',
  'consented_on',
  'source_url',
  'hidden',
] as const satisfies ReadonlyArray<keyof TestimonialFormValues>;

/** The form's values for a testimonial as read (a new one is in `defaultLanguage`). */
function valuesOf(testimonial?: Testimonial, defaultLanguage: Language = DEFAULT_LANGUAGE): TestimonialFormValues {
  return {
    language: testimonial?.language ?? defaultLanguage,
    name: testimonial?.name ?? '',
    role: testimonial?.role ?? '',
    company: testimonial?.company ?? '',
    photo: testimonial?.photo ?? null,
    quote: testimonial?.quote ?? '',
    project_id: testimonial?.project_id?.toString() ?? '',
    consented_on: testimonial?.consented_on ?? '',
    source_url: testimonial?.source_url ?? '',
    hidden: testimonial?.hidden ?? false,
  };
}

/**
 * The testimonial modal: Add testimonial without one, Update testimonial with one, and its Translations
 * under the form (`translations` opens a version in this modal). Its project is one of its language.
 */
export function TestimonialForm({
  testimonial,
  projects,
  site,
  translations,
  onSaved,
  onCancel,
}: {
  testimonial?: Testimonial;
  projects: Project[];
  site: SiteLanguages;
  translations: TranslationsAdapter;
  onSaved: (saved: Testimonial) => void;
  onCancel: () => void;
}) {
  const utils = trpc.useUtils();
  const create = trpc.testimonials.create.useMutation();
  const update = trpc.testimonials.update.useMutation();
  const [error, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useForm<TestimonialFormValues, unknown, TestimonialFormOutput>({
    resolver: zodResolver(testimonialFormSchema),
    defaultValues: valuesOf(testimonial, site.defaultLanguage),
  });
  const { register, handleSubmit, setError, formState, control, getValues, setValue } = form;
  const language = useWatch({ control, name: 'language' });
  // A testimonial's project is in its language: another language takes the project's translation there, if any.
  useEffect(() => {
    const current = projects.find((project) => String(project.id) === getValues('project_id'));
    if (!current || current.language === language) return;
    const pair = current.translations.find((each) => each.language === language);
    setValue('project_id', pair ? String(pair.id) : '', { shouldDirty: true });
  }, [language, projects, getValues, setValue]);
  const describe = (values: TestimonialFormValues) => describeTestimonial(values, projects);
  const versions = useVersionConflict<TestimonialFormValues, Testimonial>({
    form,
    loaded: testimonial,
    valuesOf,
    describe,
    resubmit: () => void onSubmit(),
  });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = testimonial
        ? await update.mutateAsync(versions.withVersion({ id: testimonial.id, ...body }))
        : await create.mutateAsync(body);
      await utils.testimonials.invalidate();
      onSaved(saved);
    } catch (failure) {
      if (versions.caught(failure)) return;
      setFormError(applyServerErrors(failure, setError, FIELDS));
    }
  });

  const projectError = formState.errors.project_id?.message;
  return (
    <Modal title={testimonial ? LABELS.testimonial.editTitle : LABELS.testimonial.addTitle} onClose={onCancel}>
      <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
        <FormMessage error={error} />
        {versions.element}
        <LanguageField
          choices={languageChoicesOf(site, testimonial?.language)}
          error={formState.errors.language?.message}
          {...register('language')}
        />
        <Field label={TEXT.name} required error={formState.errors.name?.message} {...register('name')} />
        <Field label={TEXT.role} error={formState.errors.role?.message} {...register('role')} />
        <Field label={TEXT.company} error={formState.errors.company?.message} {...register('company')} />
        <Controller
          control={control}
          name="photo"
          render={({ field }) => (
            <ImageInput
              label={TEXT.photo}
              value={field.value ?? null}
              onChange={field.onChange}
              onBusyChange={setUploading}
            />
          )}
        />
        <TextAreaField
          label={TEXT.quote}
          required
          maxLength={TESTIMONIAL_LIMITS.quote}
          error={formState.errors.quote?.message}
          {...register('quote')}
        />
        <div className="admin-field">
          <label htmlFor="testimonial-project">{TEXT.project}</label>
          <select
            id="testimonial-project"
            aria-invalid={projectError ? true : undefined}
            aria-describedby={projectError ? 'testimonial-project-error' : undefined}
            {...register('project_id')}
          >
            <option value="">{TEXT.noProject}</option>
            {projects
              .filter((project) => project.language === language)
              .map((project) => (
                <option key={project.id} value={String(project.id)}>
                  {project.title}
                </option>
              ))}
          </select>
          {projectError && (
            <p id="testimonial-project-error" className="admin-field-error">
              {projectError}
            </p>
          )}
        </div>
        <Field
          type="date"
          label={TEXT.consentedOn}
          hint={TEXT.consentedOnHint}
          required
          error={formState.errors.consented_on?.message}
          {...register('consented_on')}
        />
        <Field
          type="url"
          label={TEXT.sourceUrl}
          hint={TEXT.sourceUrlHint}
          error={formState.errors.source_url?.message}
          {...register('source_url')}
        />
        <div className="admin-field">
          <label>
            <input type="checkbox" {...register('hidden')} /> {LABELS.ordering.hide}
          </label>
        </div>
        <ModalFormActions
          editing={Boolean(testimonial)}
          submitting={formState.isSubmitting || uploading}
          onCancel={onCancel}
        />
      </form>
      {testimonial && (
        <TranslationsPanel
          record={testimonial}
          adapter={translations}
          siteLanguages={site.languages}
          unsaved={formState.isDirty || versions.keepsMine}
        />
      )}
    </Modal>
  );
}
