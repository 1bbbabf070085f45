import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { categoryInputSchema, type Category, type CategoryInput } from '@blog/contracts';
import { toSlug } from '@blog/shared/html';
import { trpc } from '@blog/web/data';
import { Field } from '../forms/field';
import { FormMessage } from '../forms/form-message';
import { Modal, ModalFormActions } from '../forms/modal';
import { applyServerErrors } from '../forms/server-errors';
import { SingleTab } from '../forms/tabs';
import { useSlugFromTitle } from '../forms/use-slug-from-title';
import { LABELS } from '../labels';
import { LanguageField } from '../languages/language-field';
import { languageChoicesOf, type SiteLanguages } from '../languages/site-languages';
import { describeCategory } from '../versions/record-fields';
import { useVersionConflict } from '../versions/use-version-conflict';

/** The fields a server error may name. */
const FIELDS = ['name', 'slug', 'description', 'language'] as const;

/**
 * The category modal: 'Create new category' without a category, 'Update category' with one; a new category
 * is in the site's default language.
 */
export function CategoryForm({
  category,
  site,
  onSaved,
  onCancel,
}: {
  category?: Category;
  site: SiteLanguages;
  onSaved: (saved: Category) => void;
  onCancel: () => void;
}) {
  const utils = trpc.useUtils();
  const create = trpc.categories.create.useMutation();
  const update = trpc.categories.update.useMutation();
  const [error, setFormError] = useState<string | null>(null);
  const form = useForm<CategoryInput>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      description: category?.description ?? '',
      subscribable: category?.subscribable ?? true,
      language: category?.language ?? site.defaultLanguage,
    },
  });
  const { register, handleSubmit, setError, formState } = form;
  const versions = useVersionConflict<CategoryInput, Category>({
    form,
    loaded: category,
    valuesOf: (current) => ({
      name: current.name,
      slug: current.slug,
      description: current.description,
      subscribable: current.subscribable,
      language: current.language,
    }),
    describe: (values) =>
      describeCategory({
        name: values.name ?? '',
        slug: values.slug ?? '',
        description: values.description ?? '',
        subscribable: values.subscribable ?? true,
      }),
    resubmit: () => void onSubmit(),
  });
  const slugField = useSlugFromTitle(form, 'name', 'slug', Boolean(category));

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = category
        ? await update.mutateAsync(versions.withVersion({ id: category.id, ...values }))
        : await create.mutateAsync(values);
      await Promise.all([utils.categories.list.invalidate(), utils.categories.links.invalidate()]);
      onSaved(saved);
    } catch (failure) {
      if (versions.caught(failure)) return;
      setFormError(applyServerErrors(failure, setError, FIELDS));
    }
  });

  return (
    <Modal title={category ? LABELS.category.updateTitle : LABELS.category.createTitle} onClose={onCancel}>
      <SingleTab label={LABELS.category.tab}>
        <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
          <FormMessage error={error} />
          {versions.element}
          <Field label={LABELS.category.name} required error={formState.errors.name?.message} {...register('name')} />
          <Field
            label={LABELS.category.slug}
            required
            error={formState.errors.slug?.message}
            {...slugField}
            placeholder={toSlug(form.watch('name')) || 'tieng-anh'}
          />
          <Field
            label={LABELS.category.description}
            hint={LABELS.category.descriptionHint}
            error={formState.errors.description?.message}
            {...register('description')}
          />
          <LanguageField
            choices={languageChoicesOf(site, category?.language)}
            error={formState.errors.language?.message}
            {...register('language')}
          />
          <div className="admin-field">
            <label>
              <input type="checkbox" {...register('subscribable')} /> {LABELS.category.subscribable}
            </label>
          </div>
          <ModalFormActions editing={Boolean(category)} submitting={formState.isSubmitting} onCancel={onCancel} />
        </form>
      </SingleTab>
    </Modal>
  );
}
