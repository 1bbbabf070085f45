import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, languageSchema, serviceInputSchema, type Language, type Service } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Field, TextAreaField } from '../forms/field';
import { FormMessage } from '../forms/form-message';
import { Modal, ModalFormActions } from '../forms/modal';
import { applyServerErrors } from '../forms/server-errors';
import { useSlugFromTitle } from '../forms/use-slug-from-title';
import { LABELS } from '../labels';
import { LanguageField } from '../languages/language-field';
import { languageChoicesOf, type SiteLanguages } from '../languages/site-languages';
import { TranslationsPanel, type TranslationsAdapter } from '../languages/translations-panel';
import { ImageInput } from '../uploads/image-input';
import { describeService } from '../versions/record-fields';
import { useVersionConflict } from '../versions/use-version-conflict';

const TEXT = LABELS.service.fields;

/** A price box: empty or whole digits (the contract checks its bounds). */
const priceText = z.string().regex(/^\d*$/, { error: 'must be a whole number' });

/**
 * The service contract, with the form's shapes: the deliverables one a line, the prices as typed and
 * "on request" as its own choice (no price then, as the contract models it).
 */
const serviceFormSchema = z
  .object({
    language: languageSchema,
    name: serviceInputSchema.shape.name,
    slug: z.string(),
    summary: z.string(),
    deliverables: z.string(),
    duration: z.string(),
    on_request: z.boolean(),
    price_vnd: priceText,
    price_usd: priceText,
    cover: z.string().nullable(),
    hidden: z.boolean(),
  })
  .superRefine(({ on_request, price_vnd }, context) => {
    if (!on_request && price_vnd === '')
      context.addIssue({ code: 'custom', path: ['price_vnd'], message: 'A price from, or On request' });
  })
  .transform(({ deliverables, on_request, price_vnd, price_usd, ...fields }) => ({
    ...fields,
    deliverables: deliverables
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    price_vnd: on_request ? null : Number(price_vnd),
    price_usd: on_request || price_usd === '' ? null : Number(price_usd),
  }));
export type ServiceFormValues = z.input<typeof serviceFormSchema>;
type ServiceFormOutput = z.output<typeof serviceFormSchema>;

const FIELDS = [
  'language',
  'name',
  'slug',
  'summary',
  'deliverables',
  'duration',
  'price_vnd',
  'price_usd',
  'cover',
  'hidden',
] as const satisfies ReadonlyArray<keyof ServiceFormValues>;

/** The form's values for a service as read (a new one is in `defaultLanguage`). */
function valuesOf(service?: Service, defaultLanguage: Language = DEFAULT_LANGUAGE): ServiceFormValues {
  return {
    language: service?.language ?? defaultLanguage,
    name: service?.name ?? '',
    slug: service?.slug ?? '',
    summary: service?.summary ?? '',
    deliverables: service?.deliverables.join('\n') ?? '',
    duration: service?.duration ?? '',
    on_request: service ? service.price_vnd === null : false,
    price_vnd: service?.price_vnd?.toString() ?? '',
    price_usd: service?.price_usd?.toString() ?? '',
    cover: service?.cover ?? null,
    hidden: service?.hidden ?? false,
  };
}

/**
 * The service modal: Add service without a service, Update service with one, and its Translations under
 * the form (`translations` opens a version in this modal). Its language is one the site runs (or its own).
 */
export function ServiceForm({
  service,
  site,
  translations,
  onSaved,
  onCancel,
}: {
  service?: Service;
  site: SiteLanguages;
  translations: TranslationsAdapter;
  onSaved: (saved: Service) => void;
  onCancel: () => void;
}) {
  const utils = trpc.useUtils();
  const create = trpc.services.create.useMutation();
  const update = trpc.services.update.useMutation();
  const [error, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useForm<ServiceFormValues, unknown, ServiceFormOutput>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: valuesOf(service, site.defaultLanguage),
  });
  const { register, handleSubmit, setError, formState, control } = form;
  const onRequest = useWatch({ control, name: 'on_request' });
  const slugField = useSlugFromTitle(form, 'name', 'slug', Boolean(service));
  const versions = useVersionConflict<ServiceFormValues, Service>({
    form,
    loaded: service,
    valuesOf,
    describe: describeService,
    resubmit: () => void onSubmit(),
  });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = service
        ? await update.mutateAsync(versions.withVersion({ id: service.id, ...body }))
        : await create.mutateAsync(body);
      await utils.services.invalidate();
      onSaved(saved);
    } catch (failure) {
      if (versions.caught(failure)) return;
      setFormError(applyServerErrors(failure, setError, FIELDS));
    }
  });

  return (
    <Modal title={service ? LABELS.service.editTitle : LABELS.service.addTitle} onClose={onCancel}>
      <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
        <FormMessage error={error} />
        {versions.element}
        <LanguageField
          choices={languageChoicesOf(site, service?.language)}
          error={formState.errors.language?.message}
          {...register('language')}
        />
        <Field label={TEXT.name} required error={formState.errors.name?.message} {...register('name')} />
        <Field label={TEXT.slug} error={formState.errors.slug?.message} {...slugField} />
        <TextAreaField label={TEXT.summary} error={formState.errors.summary?.message} {...register('summary')} />
        <TextAreaField
          label={TEXT.deliverables}
          hint={TEXT.deliverablesHint}
          error={formState.errors.deliverables?.message}
          {...register('deliverables')}
        />
        <Field
          label={TEXT.duration}
          hint={TEXT.durationHint}
          error={formState.errors.duration?.message}
          {...register('duration')}
        />
        <fieldset className="admin-fieldset">
          <legend>{TEXT.price}</legend>
          <label>
            <input type="checkbox" {...register('on_request')} /> {TEXT.priceOnRequest}
          </label>
          {!onRequest && (
            <>
              <Field
                label={TEXT.priceVnd}
                inputMode="numeric"
                required
                error={formState.errors.price_vnd?.message}
                {...register('price_vnd')}
              />
              <Field
                label={TEXT.priceUsd}
                inputMode="numeric"
                error={formState.errors.price_usd?.message}
                {...register('price_usd')}
              />
            </>
          )}
        </fieldset>
        <Controller
          control={control}
          name="cover"
          render={({ field }) => (
            <ImageInput label={TEXT.cover} value={field.value} onChange={field.onChange} onBusyChange={setUploading} />
          )}
        />
        <div className="admin-field">
          <label>
            <input type="checkbox" {...register('hidden')} /> {LABELS.ordering.hide}
          </label>
        </div>
        <ModalFormActions
          editing={Boolean(service)}
          submitting={formState.isSubmitting || uploading}
          onCancel={onCancel}
        />
      </form>
      {service && (
        <TranslationsPanel
          record={service}
          adapter={translations}
          siteLanguages={site.languages}
          unsaved={formState.isDirty || versions.keepsMine}
        />
      )}
    </Modal>
  );
}
