import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense, useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import {
  ALT_TEXT_HINT,
  ALT_TEXT_MAX_LENGTH,
  DEFAULT_LANGUAGE,
  POST_STATUS,
  postInputSchema,
  type AdminPost,
  type Category,
  type Language,
  type PostRevisionFields,
} from '@blog/contracts';
import { autosaveSlotOf } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Spinner } from '@blog/web/ui';
import { AutosaveStatus } from '../autosave/autosave-status';
import { RestoreBanner } from '../autosave/restore-banner';
import { useAutosave } from '../autosave/use-autosave';
import { useActionNotice } from '../forms/action-notice';
import { Field } from '../forms/field';
import { useEditorImages } from '../forms/lazy-editor';
import { RichTextField } from '../forms/rich-text-field';
import { applyServerErrors } from '../forms/server-errors';
import { SingleTab } from '../forms/tabs';
import { useSlugFromTitle } from '../forms/use-slug-from-title';
import { useUnsavedChanges } from '../forms/use-unsaved-changes';
import { ImageInput } from '../uploads/image-input';
import { LABELS } from '../labels';
import { LanguageField } from '../languages/language-field';
import { languageChoicesOf, type SiteLanguages } from '../languages/site-languages';
import { TranslationsPanel } from '../languages/translations-panel';
import { HistoryPanel } from '../versions/history-panel';
import { describePost } from '../versions/record-fields';
import { useVersionConflict } from '../versions/use-version-conflict';
import { PreviewLinks } from './preview-links';
import { checkPublishAt, publicationFormFields, publicationValuesOf, publishedAtOf } from './publication';
import { PublicationField } from './publication-field';
import { SeoPanel } from './seo-panel';
import { usePostTranslations } from './post-translations';

/**
 * The post contract (`postInputSchema`, which the server parses with too) and what the spec's form asks
 * more: a Meta Title (the API has a default), Hide for `status`, and the publication as chosen for
 * `published_at`. Its output is the body sent: converted once, here.
 */
const postFormFields = postInputSchema.omit({ status: true, published_at: true }).extend({
  meta_title: postInputSchema.shape.meta_title.pipe(z.string().min(1, { error: 'Meta Title is required' })),
  hidden: z.boolean(),
  ...publicationFormFields,
});

export const postFormSchema = postFormFields
  .superRefine(checkPublishAt)
  .transform(({ hidden, publication, publish_at, ...fields }) => ({
    ...fields,
    status: hidden ? POST_STATUS.hidden : POST_STATUS.visible,
    published_at: publishedAtOf(publication, publish_at),
  }));
/** What the form holds (the select's digits, Hide, the publication as chosen). */
export type PostFormValues = z.input<typeof postFormSchema>;
/** The body to send, as the form's submit gets it. */
type PostFormOutput = z.output<typeof postFormSchema>;
export type PostFormApi = UseFormReturn<PostFormValues, unknown, PostFormOutput>;

/** The fields a server error may name. */
const FIELDS = Object.keys(postFormFields.shape) as Array<keyof PostFormValues>;

/** The form's values for a post as read, or as a revision keeps it (History's Restore); a new post is in `defaultLanguage`. */
export function valuesOf(
  post?: PostRevisionFields & Partial<Pick<AdminPost, 'comments_open' | 'language'>>,
  defaultLanguage: Language = DEFAULT_LANGUAGE,
): Required<PostFormValues> {
  return {
    language: post?.language ?? defaultLanguage,
    category_id: post ? String(post.category_id) : '',
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    content: post?.content ?? '',
    short_content: post?.short_content ?? '',
    thumbnail: post?.thumbnail ?? null,
    thumbnail_alt: post?.thumbnail_alt ?? '',
    meta_title: post?.meta_title ?? '',
    meta_description: post?.meta_description ?? '',
    meta_keywords: post?.meta_keywords ?? '',
    color: post?.color ?? '',
    price: post?.price ?? '',
    hidden: post?.status === POST_STATUS.hidden,
    // On for a new post, off when editing one (a change is not news to mail again).
    send_to_subscribers: !post,
    // Not kept by revisions (History's Restore passes the post's own); open for a new post.
    comments_open: post?.comments_open ?? true,
    ...publicationValuesOf(post),
  };
}

/** "Sent to N subscribers" once the post was mailed (nothing before). */
function SentCount({ postId }: { postId: number }) {
  const sent = trpc.subscriptions.postDeliveries.useQuery({ id: postId });
  if (!sent.data?.sent) return null;
  return <p className="admin-field-hint">Sent to {sent.data.sent} subscribers</p>;
}

/**
 * Add post and Edit post: the tab 'Post Info' with every field, Submit and 'View posts'; an edited post's
 * Translations under it. The post's language is one the site runs (or the one it was written in).
 */
export function PostForm({
  post,
  categories,
  site,
}: {
  post?: AdminPost;
  categories: Category[];
  site: SiteLanguages;
}) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.posts.create.useMutation();
  const update = trpc.posts.update.useMutation();
  const setMessage = useActionNotice();
  const translations = usePostTranslations();
  const [uploading, setUploading] = useState(false);
  const images = useEditorImages();
  const form = useForm<PostFormValues, unknown, PostFormOutput>({
    resolver: zodResolver(postFormSchema),
    defaultValues: valuesOf(post, site.defaultLanguage),
  });
  const { register, handleSubmit, setError, formState, control, getValues, setValue } = form;
  const language = useWatch({ control, name: 'language' });
  // A post's category is in the post's language: another language takes the category's pair there, if any
  // (once the select offers that language's categories).
  useEffect(() => {
    const current = categories.find((category) => String(category.id) === getValues('category_id'));
    if (!current || current.language === language) return;
    const pair = current.translations.find((each) => each.language === language);
    setValue('category_id', pair ? String(pair.id) : '', { shouldDirty: true });
  }, [language, categories, getValues, setValue]);
  const slugField = useSlugFromTitle(form, 'title', 'slug', Boolean(post));
  const versions = useVersionConflict<PostFormValues, AdminPost>({
    form,
    loaded: post,
    valuesOf,
    describe: (values) => describePost(values, categories),
    resubmit: () => void onSubmit(),
  });
  const unsaved = formState.isDirty || versions.keepsMine;
  const { leaveFreely } = useUnsavedChanges(unsaved);
  const thumbnail = useWatch({ control, name: 'thumbnail' });
  const autosave = useAutosave({
    form,
    slot: post ? autosaveSlotOf.post(post.id) : 'new-post',
    savedAt: post?.updated_at,
    baseVersion: post?.version ?? null,
    keptAside: versions.kept,
  });

  const onSubmit = handleSubmit(async (body) => {
    setMessage({});
    try {
      if (post) await update.mutateAsync(versions.withVersion({ id: post.id, ...body }));
      else await create.mutateAsync(body);
      await autosave.clear();
      await utils.posts.invalidate();
      leaveFreely();
      navigate('/admin/view-post', { state: { saved: `The post ${body.title} has been saved.` } });
    } catch (failure) {
      if (versions.caught(failure)) return;
      setMessage({ error: applyServerErrors(failure, setError, FIELDS) });
    }
  });

  return (
    <SingleTab label="Post Info">
      <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
        <RestoreBanner autosave={autosave} />
        <AutosaveStatus status={autosave.status} />
        {versions.element}
        <LanguageField
          choices={languageChoicesOf(site, post?.language)}
          error={formState.errors.language?.message}
          {...register('language')}
        />
        <div className="admin-field">
          <label htmlFor="post-category">
            Category ID
            <span className="admin-required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <select
            id="post-category"
            aria-required="true"
            aria-invalid={formState.errors.category_id ? true : undefined}
            aria-describedby={formState.errors.category_id ? 'post-category-error' : undefined}
            {...register('category_id')}
          >
            <option value="">Chọn hạng mục</option>
            {categories
              .filter((category) => category.language === language)
              .map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              ))}
          </select>
          {formState.errors.category_id && (
            <p id="post-category-error" className="admin-field-error">
              {formState.errors.category_id.message}
            </p>
          )}
        </div>
        <Field label="Title" required error={formState.errors.title?.message} {...register('title')} />
        <Field label="Slug" required error={formState.errors.slug?.message} {...slugField} />
        <Suspense fallback={<Spinner variant="inline" label="Loading the editor…" />}>
          <RichTextField
            id="post-content"
            name="content"
            label="Content"
            control={control}
            error={formState.errors.content?.message}
            images={images}
          />
          <RichTextField
            id="post-short_content"
            name="short_content"
            label="Short Content"
            control={control}
            error={formState.errors.short_content?.message}
            images={images}
          />
        </Suspense>
        <Controller
          control={control}
          name="thumbnail"
          render={({ field }) => (
            <ImageInput
              label="Thumbnail"
              value={field.value ?? null}
              onChange={field.onChange}
              onBusyChange={setUploading}
            />
          )}
        />
        {/* Asked once there is an image to describe; a text kept from before still goes with the save. */}
        {thumbnail && (
          <Field
            label={LABELS.post.thumbnailAlt}
            hint={ALT_TEXT_HINT}
            maxLength={ALT_TEXT_MAX_LENGTH}
            error={formState.errors.thumbnail_alt?.message}
            {...register('thumbnail_alt')}
          />
        )}
        <Field label="Meta Title" required error={formState.errors.meta_title?.message} {...register('meta_title')} />
        <Field
          label="Meta Description"
          error={formState.errors.meta_description?.message}
          {...register('meta_description')}
        />
        <Field label="Meta Keywords" error={formState.errors.meta_keywords?.message} {...register('meta_keywords')} />
        <SeoPanel control={control} />
        <Field label="Color" error={formState.errors.color?.message} {...register('color')} />
        <Field label="Price" error={formState.errors.price?.message} {...register('price')} />
        <div className="admin-field">
          <label>
            <input type="checkbox" {...register('hidden')} /> Hide
          </label>
        </div>
        <PublicationField form={form} publishedAt={post?.published_at ?? null} />
        <div className="admin-field">
          <label>
            <input type="checkbox" {...register('send_to_subscribers')} /> Send to subscribers
          </label>
          {post && <SentCount postId={post.id} />}
        </div>
        <div className="admin-field">
          <label>
            <input type="checkbox" {...register('comments_open')} /> {LABELS.post.allowComments}
          </label>
        </div>
        {post && <PreviewLinks postId={post.id} />}
        <div className="admin-actions">
          <button
            type="submit"
            className="admin-button admin-button--primary"
            disabled={formState.isSubmitting || uploading || images.busy}
          >
            Submit
          </button>
          <Link to="/admin/view-post" className="admin-button">
            View posts
          </Link>
        </div>
      </form>
      {post && (
        <TranslationsPanel record={post} adapter={translations} siteLanguages={site.languages} unsaved={unsaved} />
      )}
      {post && (
        <HistoryPanel
          record="post"
          id={post.id}
          form={form}
          fromFields={(fields: PostRevisionFields) =>
            valuesOf({ ...fields, comments_open: post.comments_open, language: fields.language ?? post.language })
          }
          describe={(values) => describePost(values, categories)}
        />
      )}
    </SingleTab>
  );
}
