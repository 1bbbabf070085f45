import type { MailEvent } from './mail-event';

/** A subscriber's soft bounces so far (kept on the subscriber's row). */
export interface BounceState {
  softBounces: number;
  firstSoftBounceAt: Date | null;
}

/** Why an address is suppressed by a report. */
export type BounceSuppression = 'hard_bounce' | 'complaint' | 'soft_bounce';

export interface BounceDecision extends BounceState {
  /** Suppress the address now, for this reason; null: keep mailing it. */
  suppress: BounceSuppression | null;
}

export interface SoftBounceRule {
  /** Soft bounces that suppress … */
  count: number;
  /** … once they span at least this many days: a mailbox full for an afternoon is not a dead one. */
  overDays: number;
  /** A series whose first bounce is older than this starts again: a bounce in January and two in June are not one failure. */
  windowDays: number;
}

export const DEFAULT_SOFT_BOUNCE_RULE: SoftBounceRule = { count: 3, overDays: 3, windowDays: 30 };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a report does to a subscriber: a hard bounce or a complaint suppresses at once; a soft bounce
 * counts, and suppresses only after `rule.count` of them over at least `rule.overDays` days (never a
 * single day's burst); a delivery, an auto-reply or an ignored report changes nothing. A delivery does
 * not clear the count either: most providers report deliveries only when asked, so their absence
 * would otherwise decide, and the window already forgets an old series.
 */
export function nextBounceState(
  state: BounceState,
  event: Pick<MailEvent, 'type' | 'at'>,
  now: Date,
  rule: SoftBounceRule = DEFAULT_SOFT_BOUNCE_RULE,
): BounceDecision {
  if (event.type === 'hard_bounce' || event.type === 'complaint') return { ...state, suppress: event.type };
  if (event.type !== 'soft_bounce') return { ...state, suppress: null };
  // A provider's clock ahead of ours must not hasten a suppression.
  const at = event.at.getTime() > now.getTime() ? now : event.at;
  const first = state.firstSoftBounceAt;
  const restart = !first || at.getTime() - first.getTime() > rule.windowDays * DAY_MS;
  const softBounces = restart ? 1 : state.softBounces + 1;
  const firstSoftBounceAt = restart ? at : first;
  const spread = at.getTime() - firstSoftBounceAt.getTime() >= rule.overDays * DAY_MS;
  return { softBounces, firstSoftBounceAt, suppress: softBounces >= rule.count && spread ? 'soft_bounce' : null };
}
