import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { z } from 'zod';
import {
  PUBLICATION_STATES,
  publicationStateOf,
  SITE_TIME_ZONE,
  type PublicationState,
  type PublishedAtInput,
} from '@blog/contracts';

/** A `datetime-local` input's value. */
const WALL_TIME = "yyyy-MM-dd'T'HH:mm";
const WALL_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** An instant as the site's clocks show it, for a `datetime-local` input: `2026-11-25T08:00`. */
export function toSiteWallTime(iso: string): string {
  return format(new TZDate(iso, SITE_TIME_ZONE), WALL_TIME);
}

/** A `datetime-local` value read in the site's time zone (whatever the browser's), as an ISO instant with its offset; null when it is not one. */
export function fromSiteWallTime(wallTime: string): string | null {
  const parts = WALL_TIME_PATTERN.exec(wallTime);
  if (!parts) return null;
  const [year, month, day, hours, minutes, seconds] = parts.slice(1).map((part) => Number(part ?? 0));
  const date = new TZDate(year, month - 1, day, hours, minutes, seconds, SITE_TIME_ZONE);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The form fields of a publication (posts, projects): draft, published, or scheduled at `publish_at`, a time in the site's zone. */
export const publicationFormFields = {
  publication: z.enum(PUBLICATION_STATES),
  publish_at: z.string(),
};
export type PublicationFormValues = { publication: PublicationState; publish_at: string };

/** A scheduled publication needs a time to come (a form schema's `superRefine`). */
export function checkPublishAt({ publication, publish_at }: PublicationFormValues, context: z.RefinementCtx): void {
  if (publication !== 'scheduled') return;
  const instant = fromSiteWallTime(publish_at);
  if (!instant)
    context.addIssue({ code: 'custom', path: ['publish_at'], message: 'Choose the date and time to publish on' });
  else if (Date.parse(instant) <= Date.now())
    context.addIssue({ code: 'custom', path: ['publish_at'], message: 'Choose a time in the future' });
}

/** The body's `published_at` for the form's choice: 'now' keeps the date of a record already published. */
export function publishedAtOf(publication: PublicationState, publishAt: string): PublishedAtInput {
  if (publication === 'draft') return null;
  if (publication === 'scheduled') return fromSiteWallTime(publishAt);
  return 'now';
}

/** The form's publication for a record as read; a new one is published when saved, as the spec's post form always was. */
export function publicationValuesOf(record?: { published_at: string | null }): PublicationFormValues {
  if (!record) return { publication: 'published', publish_at: '' };
  const publication = publicationStateOf(record.published_at);
  return {
    publication,
    publish_at: publication === 'scheduled' && record.published_at ? toSiteWallTime(record.published_at) : '',
  };
}
