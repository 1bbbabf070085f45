import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FocusEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import {
  AVAILABILITY_DEFAULT_STATE,
  AVAILABILITY_STATES,
  availabilityNoteSchema,
  COMMENT_SETTINGS_DEFAULTS,
  commentSettingsSchema,
  emailOrEmptySchema,
  LANGUAGE_NAMES,
  LANGUAGES,
  mailSenderNameSchema,
  SITE_IDENTITY_DEFAULTS,
  SITE_IDENTITY_OPTIONAL,
  siteIdentityTextSchema,
  SOCIAL_NETWORKS,
  socialUrlTextSchema,
  UPLOAD_ACCEPT,
  withHttps,
  type GeneralInfoAdmin,
  type GeneralInfoInput,
  type SiteIdentityField,
  type SocialField,
} from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { Field, TextAreaField } from '../forms/field';
import { QueryView } from '../forms/query-view';
import { applyServerErrors } from '../forms/server-errors';
import { useUnsavedChanges } from '../forms/use-unsaved-changes';
import { LABELS } from '../labels';
import { LanguageField } from '../languages/language-field';
import { siteLanguagesOf } from '../languages/site-languages';
import { ImageInput } from '../uploads/image-input';
import { describeGeneralInfo } from '../versions/record-fields';
import { useVersionConflict } from '../versions/use-version-conflict';

/**
 * The favicon picker offers what the server accepts: no ICO, which the server's image decoder
 * cannot read (a PNG favicon is shown by every browser).
 */
export const FAVICON_ACCEPT = UPLOAD_ACCEPT;
export const GENERAL_INFO_SAVED = 'The general information has been saved.';

/** The identity fields in the order the form shows them (`LABELS.generalInfo.identityFields`). */
const IDENTITY_FIELDS = Object.keys(LABELS.generalInfo.identityFields) as SiteIdentityField[];

/**
 * The form's rules: the e-mail, when given, must be one; lengths as the server bounds them; each social
 * profile empty or an https address on its network, `https://` added when left out, and the identity
 * texts (the server's own rules and messages).
 */
export const generalInfoFormSchema = z
  .object({
    logo_1: z.string().nullable(),
    logo_2: z.string().nullable(),
    favicon: z.string().nullable(),
    hero_image: z.string().nullable(),
    ...(Object.fromEntries(IDENTITY_FIELDS.map((field) => [field, siteIdentityTextSchema(field)])) as Record<
      SiteIdentityField,
      ReturnType<typeof siteIdentityTextSchema>
    >),
    email: z
      .string()
      .trim()
      .max(254, { error: 'Email must be at most 254 characters' })
      .refine((email) => email === '' || z.email().safeParse(email).success, {
        error: 'Email must be a valid e-mail address',
      }),
    phone: z.string().trim().max(50, { error: 'Phone must be at most 50 characters' }),
    address: z.string().trim().max(300, { error: 'Address must be at most 300 characters' }),
    facebook_url: socialUrlTextSchema('facebook_url'),
    instagram_url: socialUrlTextSchema('instagram_url'),
    linkedin_url: socialUrlTextSchema('linkedin_url'),
    youtube_url: socialUrlTextSchema('youtube_url'),
    zalo_url: socialUrlTextSchema('zalo_url'),
    tiktok_url: socialUrlTextSchema('tiktok_url'),
    availability: z.enum(AVAILABILITY_STATES),
    /** `YYYY-MM-DD` from the date input; '' when none. */
    booked_until: z.string(),
    availability_note: availabilityNoteSchema,
    sender_name: mailSenderNameSchema,
    sender_address: emailOrEmptySchema('Sender address'),
    ...commentSettingsSchema.shape,
    default_language: z.enum(LANGUAGES),
    languages: z.array(z.enum(LANGUAGES)),
  })
  .refine((values) => values.languages.includes(values.default_language), {
    path: ['languages'],
    error: 'Languages must include the default language',
  })
  .refine((values) => values.availability !== 'booked' || values.booked_until !== '', {
    path: ['booked_until'],
    error: 'is required when booked',
  });
export type GeneralInfoFormValues = z.infer<typeof generalInfoFormSchema>;

const FIELDS = [
  'logo_1',
  'logo_2',
  'favicon',
  'hero_image',
  ...IDENTITY_FIELDS,
  'email',
  'phone',
  'address',
  ...SOCIAL_NETWORKS.map(({ field }) => field),
  'availability',
  'booked_until',
  'availability_note',
  'sender_name',
  'sender_address',
  ...(Object.keys(COMMENT_SETTINGS_DEFAULTS) as Array<keyof typeof COMMENT_SETTINGS_DEFAULTS>),
  'default_language',
  'languages',
] as const;

function valuesOf(record?: GeneralInfoAdmin): GeneralInfoFormValues {
  const site = siteLanguagesOf(record);
  return {
    logo_1: record?.logo_1 ?? null,
    logo_2: record?.logo_2 ?? null,
    favicon: record?.favicon ?? null,
    hero_image: record?.hero_image ?? null,
    ...(Object.fromEntries(
      IDENTITY_FIELDS.map((field) => [field, record?.[field] ?? SITE_IDENTITY_DEFAULTS[field]]),
    ) as Record<SiteIdentityField, string>),
    email: record?.email ?? '',
    phone: record?.phone ?? '',
    address: record?.address ?? '',
    ...(Object.fromEntries(SOCIAL_NETWORKS.map(({ field }) => [field, record?.[field] ?? ''])) as Record<
      SocialField,
      string
    >),
    availability: record?.availability ?? AVAILABILITY_DEFAULT_STATE,
    booked_until: record?.booked_until ?? '',
    availability_note: record?.availability_note ?? '',
    sender_name: record?.sender_name ?? '',
    sender_address: record?.sender_address ?? '',
    ...(Object.fromEntries(
      Object.entries(COMMENT_SETTINGS_DEFAULTS).map(([field, value]) => [
        field,
        record?.[field as keyof typeof COMMENT_SETTINGS_DEFAULTS] ?? value,
      ]),
    ) as typeof COMMENT_SETTINGS_DEFAULTS),
    default_language: site.defaultLanguage,
    languages: site.languages,
  };
}

/** /admin/general-info: logos, favicon, the site's identity and contact details (a singleton: the first item of the list). */
export function GeneralInfoPage() {
  const info = trpc.siteInfo.adminList.useQuery(undefined, { staleTime: 0 });
  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.generalInfo}</h1>
      <QueryView query={info}>{(rows) => <GeneralInfoForm record={rows[0]} />}</QueryView>
    </section>
  );
}

/**
 * Logo 1, Logo 2 and Favicon (each uploaded at once, its current image shown 100 px wide, with where
 * it appears), the site's identity (name, description, author, copyright holder, the home page's hero),
 * Email, Phone and Address (the contact page shows it), the social profiles (an empty one is removed:
 * the public header and footer link only the networks set; `https://` is added to an address typed
 * without it, in the field as soon as it is left), the availability, the sender of the subscription mails,
 * the readers' comments (open site-wide, closed on old posts, the moderation's rules);
 * 'Add' or 'Update' depending on whether a record exists.
 */
function GeneralInfoForm({ record }: { record?: GeneralInfoAdmin }) {
  const utils = trpc.useUtils();
  const create = trpc.siteInfo.create.useMutation();
  const update = trpc.siteInfo.update.useMutation();
  const setResult = useActionNotice();
  // How many uploads are running: the save waits for all of them.
  const [uploads, setUploads] = useState(0);
  const form = useForm<GeneralInfoFormValues>({
    resolver: zodResolver(generalInfoFormSchema),
    defaultValues: valuesOf(record),
  });
  const { register, handleSubmit, setError, formState, control, reset, setValue, watch } = form;
  const labels = LABELS.generalInfo;
  const versions = useVersionConflict<GeneralInfoFormValues, GeneralInfoAdmin>({
    form,
    loaded: record,
    valuesOf,
    describe: describeGeneralInfo,
    resubmit: () => void onSubmit(),
  });
  useUnsavedChanges(formState.isDirty || versions.keepsMine);
  const onBusyChange = (busy: boolean) => setUploads((count) => count + (busy ? 1 : -1));

  const onSubmit = handleSubmit(async (values) => {
    setResult({});
    // The day goes with a booking only (the server clears it for the other states).
    const body: GeneralInfoInput = {
      ...values,
      booked_until: values.availability === 'booked' ? values.booked_until : null,
    };
    try {
      if (record) await update.mutateAsync(versions.withVersion({ id: record.id, ...body }));
      else await create.mutateAsync(body);
      reset(values);
      setResult({ success: GENERAL_INFO_SAVED });
      await utils.siteInfo.invalidate();
      // The version this save wrote, as re-read (a save answers only its id).
      versions.saved(utils.siteInfo.adminList.getData()?.[0]);
    } catch (failure) {
      if (versions.caught(failure)) return;
      setResult({ error: applyServerErrors(failure, setError, FIELDS) });
      // Created meanwhile (another tab): load it, so that the next save updates it.
      if (!record) void utils.siteInfo.invalidate();
    }
  });

  const image = (name: 'logo_1' | 'logo_2' | 'favicon' | 'hero_image', label: string, hint: string, accept: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <>
          <ImageInput
            label={label}
            hint={hint}
            value={field.value}
            onChange={field.onChange}
            accept={accept}
            onBusyChange={onBusyChange}
          />
          {fieldState.error && <p className="admin-field-error">{fieldState.error.message}</p>}
        </>
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
      {versions.element}
      {image('logo_1', LABELS.generalInfo.logo1, LABELS.generalInfo.logo1Hint, UPLOAD_ACCEPT)}
      {image('logo_2', LABELS.generalInfo.logo2, LABELS.generalInfo.logo2Hint, UPLOAD_ACCEPT)}
      {image('favicon', LABELS.generalInfo.favicon, LABELS.generalInfo.faviconHint, FAVICON_ACCEPT)}
      <fieldset className="admin-fieldset">
        <legend>{LABELS.generalInfo.identity}</legend>
        {IDENTITY_FIELDS.map((field) => (
          <Field
            key={field}
            label={LABELS.generalInfo.identityFields[field]}
            hint={LABELS.generalInfo.identityHints[field]}
            required={!SITE_IDENTITY_OPTIONAL.includes(field)}
            error={formState.errors[field]?.message}
            {...register(field)}
          />
        ))}
        {image('hero_image', LABELS.generalInfo.heroImage, LABELS.generalInfo.heroImageHint, UPLOAD_ACCEPT)}
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>{LABELS.languages.heading}</legend>
        <div
          role="group"
          aria-labelledby="general-info-languages"
          aria-describedby={`general-info-languages-hint${formState.errors.languages ? ' general-info-languages-error' : ''}`}
          className="admin-field"
        >
          <span id="general-info-languages" className="admin-label">
            {LABELS.languages.siteLanguages}
          </span>
          {LANGUAGES.map((language) => (
            <label key={language}>
              <input
                type="checkbox"
                value={language}
                aria-invalid={formState.errors.languages ? true : undefined}
                {...register('languages')}
              />{' '}
              {LANGUAGE_NAMES[language]}
            </label>
          ))}
          <p id="general-info-languages-hint" className="admin-field-hint">
            {LABELS.languages.siteLanguagesHint}
          </p>
          {formState.errors.languages && (
            <p id="general-info-languages-error" className="admin-field-error">
              {formState.errors.languages.message}
            </p>
          )}
        </div>
        <LanguageField
          label={LABELS.languages.defaultLanguage}
          hint={LABELS.languages.defaultLanguageHint}
          choices={LANGUAGES}
          error={formState.errors.default_language?.message}
          {...register('default_language')}
        />
      </fieldset>
      <Field
        label={LABELS.generalInfo.email}
        type="email"
        autoComplete="email"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <Field
        label={LABELS.generalInfo.phone}
        type="tel"
        autoComplete="tel"
        error={formState.errors.phone?.message}
        {...register('phone')}
      />
      <Field label={LABELS.generalInfo.address} error={formState.errors.address?.message} {...register('address')} />
      <fieldset className="admin-fieldset">
        <legend>{LABELS.generalInfo.socialProfiles}</legend>
        {SOCIAL_NETWORKS.map(({ field, network, hosts }) => (
          <Field
            key={field}
            label={network}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder={`https://${hosts[0]}/…`}
            error={formState.errors[field]?.message}
            {...register(field, {
              onBlur: (event: FocusEvent<HTMLInputElement>) =>
                setValue(field, withHttps(event.target.value.trim()), { shouldDirty: true }),
            })}
          />
        ))}
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>{labels.availability}</legend>
        <div className="admin-field">
          <label htmlFor="general-info-availability">{labels.availabilityState}</label>
          <select id="general-info-availability" {...register('availability')}>
            {AVAILABILITY_STATES.map((state) => (
              <option key={state} value={state}>
                {labels.availabilityStates[state]}
              </option>
            ))}
          </select>
        </div>
        {watch('availability') === 'booked' && (
          <Field
            label={labels.bookedUntil}
            type="date"
            required
            hint={labels.bookedUntilHint}
            error={formState.errors.booked_until?.message}
            {...register('booked_until')}
          />
        )}
        <Field
          label={labels.availabilityNote}
          hint={labels.availabilityNoteHint}
          error={formState.errors.availability_note?.message}
          {...register('availability_note')}
        />
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>{labels.sender}</legend>
        <Field
          label={labels.senderName}
          hint={labels.senderNameHint}
          error={formState.errors.sender_name?.message}
          {...register('sender_name')}
        />
        <Field
          label={labels.senderAddress}
          hint={labels.senderAddressHint}
          type="email"
          error={formState.errors.sender_address?.message}
          {...register('sender_address')}
        />
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>{labels.comments}</legend>
        <div className="admin-field">
          <label>
            <input type="checkbox" {...register('comments_enabled')} /> {labels.commentsEnabled}
          </label>
        </div>
        <Field
          label={labels.commentsCloseAfterDays}
          hint={labels.commentsCloseAfterDaysHint}
          type="number"
          min={0}
          error={formState.errors.comments_close_after_days?.message}
          {...register('comments_close_after_days', { valueAsNumber: true })}
        />
        <Field
          label={labels.commentsMaxLinks}
          hint={labels.commentsMaxLinksHint}
          type="number"
          min={0}
          error={formState.errors.comments_max_links?.message}
          {...register('comments_max_links', { valueAsNumber: true })}
        />
        <Field
          label={labels.commentsSpamThreshold}
          hint={labels.commentsSpamThresholdHint}
          type="number"
          min={1}
          error={formState.errors.comments_spam_threshold?.message}
          {...register('comments_spam_threshold', { valueAsNumber: true })}
        />
        <TextAreaField
          label={labels.commentsBlockList}
          hint={labels.commentsBlockListHint}
          error={formState.errors.comments_block_list?.message}
          {...register('comments_block_list')}
        />
      </fieldset>
      <div className="admin-actions">
        <button
          type="submit"
          className="admin-button admin-button--primary"
          disabled={formState.isSubmitting || uploads > 0}
        >
          {record ? LABELS.update : LABELS.add}
        </button>
        <Link to="/admin/dashboard" className="admin-button">
          {LABELS.home}
        </Link>
      </div>
    </form>
  );
}
