import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { publicationStateOf, SITE_TIME_ZONE } from '@blog/contracts';
import { formatSiteDateTime } from '@blog/web/ui';
import { Field } from '../forms/field';
import { LABELS } from '../labels';
import type { PublicationFormValues } from './publication';

const TEXT = LABELS.post.publication;

/**
 * Draft, published or scheduled: the publication of a post or a project, beside Hide. A scheduled time
 * is written in the site's time zone, whatever the browser's, and the server's clock publishes it.
 */
export function PublicationField<Values extends FieldValues & PublicationFormValues>({
  form,
  publishedAt,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any resolver output: the field reads and registers values only
  form: UseFormReturn<Values, any, any>;
  publishedAt: string | null;
}) {
  const { register, control, formState } = form;
  const publicationName = 'publication' as Path<Values>;
  const publishAtName = 'publish_at' as Path<Values>;
  const publication = useWatch({ control, name: publicationName });
  const wasPublished = publishedAt !== null && publicationStateOf(publishedAt) === 'published';
  const error = formState.errors['publish_at'];
  return (
    <fieldset className="admin-fieldset admin-publication">
      <legend>{TEXT.legend}</legend>
      <label>
        <input type="radio" value="draft" {...register(publicationName)} /> {TEXT.draft}
      </label>
      <label>
        <input type="radio" value="published" {...register(publicationName)} />{' '}
        {wasPublished ? `${TEXT.published} ${formatSiteDateTime(publishedAt)}` : TEXT.publishNow}
      </label>
      <label>
        <input type="radio" value="scheduled" {...register(publicationName)} /> {TEXT.schedule}
      </label>
      {publication === 'scheduled' && (
        <Field
          type="datetime-local"
          label={TEXT.publishAt}
          hint={`${TEXT.timeZoneHint} ${SITE_TIME_ZONE} (UTC+07:00).`}
          required
          error={typeof error?.message === 'string' ? error.message : undefined}
          {...register(publishAtName)}
        />
      )}
    </fieldset>
  );
}
