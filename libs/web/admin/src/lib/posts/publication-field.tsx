import { useWatch } from 'react-hook-form';
import { publicationStateOf, SITE_TIME_ZONE } from '@blog/contracts';
import { formatSiteDateTime } from '@blog/web/ui';
import { Field } from '../forms/field';
import { LABELS } from '../labels';
import type { PostFormApi } from './post-form';

const TEXT = LABELS.post.publication;

/**
 * Draft, published or scheduled: the post's publication, beside Hide. A scheduled time is written
 * in the site's time zone, whatever the browser's, and the server's clock publishes it.
 */
export function PublicationField({ form, publishedAt }: { form: PostFormApi; publishedAt: string | null }) {
  const { register, control, formState } = form;
  const publication = useWatch({ control, name: 'publication' });
  const wasPublished = publishedAt !== null && publicationStateOf(publishedAt) === 'published';
  return (
    <fieldset className="admin-fieldset admin-publication">
      <legend>{TEXT.legend}</legend>
      <label>
        <input type="radio" value="draft" {...register('publication')} /> {TEXT.draft}
      </label>
      <label>
        <input type="radio" value="published" {...register('publication')} />{' '}
        {wasPublished ? `${TEXT.published} ${formatSiteDateTime(publishedAt)}` : TEXT.publishNow}
      </label>
      <label>
        <input type="radio" value="scheduled" {...register('publication')} /> {TEXT.schedule}
      </label>
      {publication === 'scheduled' && (
        <Field
          type="datetime-local"
          label={TEXT.publishAt}
          hint={`${TEXT.timeZoneHint} ${SITE_TIME_ZONE} (UTC+07:00).`}
          required
          error={formState.errors.publish_at?.message}
          {...register('publish_at')}
        />
      )}
    </fieldset>
  );
}
