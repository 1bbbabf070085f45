import { z } from 'zod';
import { textInput } from './text.schema';

/**
 * Where a post stands: a draft was never published (`published_at` null), a scheduled post will be
 * at `published_at`, a published one was. Hidden (`status` 1) is apart from these: a hidden post
 * keeps its publication and comes back with it when shown again.
 */
export const PUBLICATION_STATES = ['draft', 'scheduled', 'published'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

export function publicationStateOf(publishedAt: string | null, now: number = Date.now()): PublicationState {
  if (publishedAt === null) return 'draft';
  return Date.parse(publishedAt) > now ? 'scheduled' : 'published';
}

const PUBLISHED_AT_ERROR =
  "published_at must be null (a draft), 'now' or a date and time with its offset, such as 2026-11-25T08:00:00+07:00";

/**
 * `published_at` in a post's body. Absent: kept on update, and now on create, so a caller that does
 * not know it (the spec's client, which sends `status` alone) publishes at once as it always did.
 * `null`: a draft. `'now'`: published now, or kept when the post already is. A date and time with
 * its offset: published then, scheduled when it is still to come (a past one back-dates the post).
 */
export const publishedAtInputSchema = z
  .union(
    [
      z.null(),
      z.literal('now'),
      textInput().pipe(
        z.iso
          .datetime({ offset: true, error: PUBLISHED_AT_ERROR, abort: true })
          .refine((value) => new Date(value).getUTCFullYear() >= 1900, {
            error: 'published_at must be in 1900 or later',
          }),
      ),
    ],
    { error: PUBLISHED_AT_ERROR },
  )
  .optional();
export type PublishedAtInput = z.input<typeof publishedAtInputSchema>;

/** How long a preview link keeps working. */
export const PREVIEW_LINK_LIFETIME_DAYS = 7;

/** A preview link's token: 32 random bytes, base64url. */
export const previewTokenSchema = textInput({ error: 'This preview link is not valid' }).regex(/^[A-Za-z0-9_-]{43}$/, {
  error: 'This preview link is not valid',
});
/** tRPC `posts.preview`; `GET /api/previews/{token}`. */
export const previewTokenInputSchema = z.object({ token: previewTokenSchema });

/** A preview link just made (`POST /api/posts/{id}/previews`, tRPC `posts.createPreview`): shown once, only its hash is kept. */
export const previewLinkSchema = z.object({
  /** From the site root: `/preview/{token}`. */
  path: z.string(),
  expires_at: z.string(),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;
