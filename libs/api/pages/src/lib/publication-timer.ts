import { Logger } from '@nestjs/common';
import { availabilityChangesAt, POST_STATUS, SITE_TIME_ZONE, type Availability } from '@blog/contracts';

/** The longest wait `setTimeout` takes (about 24.8 days): a later publication is looked up again then. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Milliseconds from now until the next scheduled post or project is published, on PostgreSQL's clock (the
 * one that decides visibility); no row when none is scheduled.
 */
export const NEXT_PUBLICATION_SQL = `
  SELECT ceil(extract(epoch FROM min(published_at) - clock_timestamp()) * 1000)::float8 AS delay
  FROM (
    SELECT published_at FROM posts
     WHERE status = ${POST_STATUS.visible} AND published_at > clock_timestamp() AND deleted_at IS NULL
    UNION ALL
    SELECT published_at FROM projects
     WHERE status = ${POST_STATUS.visible} AND published_at > clock_timestamp() AND deleted_at IS NULL
  ) scheduled
  HAVING min(published_at) IS NOT NULL`;

/** The tables whose records are published at a time of their own (`NEXT_PUBLICATION_SQL`). */
export const SCHEDULED_TABLES = ['posts', 'projects'] as const;

/**
 * A scheduled post or project becomes visible with no write to announce it: this calls `onPublished` at
 * the moment the next one is published, so that the pages showing them are rendered again then.
 * `nextDelay` answers NEXT_PUBLICATION_SQL; `refresh` asks it again after every change to them.
 * The same wait serves any change that comes with time alone (a booking's end: `availabilityDelay`).
 */
export class PublicationTimer {
  private readonly logger = new Logger('PublicationTimer');
  private timer: NodeJS.Timeout | null = null;
  /** Counts lookups: only the latest one's answer sets the timer. */
  private lookups = 0;

  constructor(
    private readonly nextDelay: () => Promise<number | null>,
    private readonly onPublished: () => void,
    /** What it waits for, in its warnings. */
    private readonly awaited: string,
  ) {}

  /** Looks up the next publication and waits for it (instead of any earlier wait). */
  async refresh(): Promise<void> {
    const lookup = ++this.lookups;
    let delay: number | null;
    try {
      delay = await this.nextDelay();
    } catch (error) {
      // Only when the connection is lost: the cache is off until it is back, and then this runs again.
      this.logger.warn(`Could not look up ${this.awaited}: ${(error as Error).message}`);
      return;
    }
    if (lookup !== this.lookups) return;
    this.cancel();
    if (delay === null) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.onPublished();
        void this.refresh();
      },
      Math.min(Math.max(delay, 0), MAX_DELAY_MS),
    );
    this.timer.unref();
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Stops for good: answers still on their way set nothing. */
  stop(): void {
    this.lookups += 1;
    this.cancel();
  }
}

/** The availability General information holds (`booked_until` as `YYYY-MM-DD`); no row while there is no record. */
export const AVAILABILITY_SQL = `
  SELECT availability, to_char(booked_until, 'YYYY-MM-DD') AS booked_until, availability_note
  FROM general_info ORDER BY id LIMIT 1`;

/**
 * Milliseconds from `now` until what the pages show of the availability changes by itself (a booking
 * ends: `availabilityChangesAt`), so that the pages reading General information are rendered again
 * then; null when only a save changes it, or that moment has passed (the pages rendered since show it).
 */
export function availabilityDelay(
  info: Availability | undefined,
  now: number,
  timeZone = SITE_TIME_ZONE,
): number | null {
  const at = info ? availabilityChangesAt(info, timeZone) : null;
  return at && at.getTime() > now ? at.getTime() - now : null;
}
