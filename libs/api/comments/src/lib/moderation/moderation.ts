import type { CommentSettings, CommentSignal, CommentState, CommentSubjectKind } from '@blog/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Why no comment may be written under a post (or a project, `kind`) now, or null when one may
 * (WordPress's "close comments").
 */
export function closedReason(
  settings: Pick<CommentSettings, 'comments_enabled' | 'comments_close_after_days'>,
  subject: { comments_open: boolean; published_at: Date | null; kind?: CommentSubjectKind },
  now = Date.now(),
): string | null {
  const kind = subject.kind ?? 'post';
  if (!settings.comments_enabled) return 'Comments are closed on this site';
  if (!subject.comments_open) return `Comments are closed on this ${kind}`;
  const days = settings.comments_close_after_days;
  if (days > 0 && subject.published_at && now - subject.published_at.getTime() > days * DAY_MS) {
    return `Comments close ${days} days after a ${kind} is published`;
  }
  return null;
}

/**
 * What becomes of a reader's comment, as WordPress moderates: spam (scored at least the threshold) is
 * kept as `spam`, never shown; a first comment from an e-mail is held; a writer with an approved
 * comment goes through unless a rule trips (too many links, a block-list word, a score over half the
 * threshold), which holds it.
 */
export function moderatedState(
  signals: readonly CommentSignal[],
  score: number,
  { threshold, writerTrusted }: { threshold: number; writerTrusted: boolean },
): Exclude<CommentState, 'trash'> {
  if (score >= threshold) return 'spam';
  if (!writerTrusted) return 'pending';
  const tripped = signals.some((signal) => signal.name === 'too_many_links' || signal.name === 'block_list');
  return tripped || score > threshold / 2 ? 'pending' : 'approved';
}
