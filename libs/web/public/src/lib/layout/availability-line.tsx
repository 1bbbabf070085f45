import { availabilityNow, type AvailabilityState } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { formatPostDate } from '@blog/web/ui';

/** What the public pages say of each state; a booking's last day follows "Booked until". */
export const AVAILABILITY_TEXT: Record<AvailabilityState, string> = {
  available: 'Available for new projects',
  booked: 'Booked until',
  not_taking_work: 'Not taking new work',
};

/**
 * Whether the owner takes work, with her line, as of when the page read General information (on the
 * server, the request's time; in the browser, when it read it): a booking whose last day has passed
 * reads as available (`availabilityNow`). Nothing while there is no record.
 */
export function AvailabilityLine({ className }: { className?: string }) {
  const { data, dataUpdatedAt } = trpc.siteInfo.list.useQuery();
  const info = data?.[0];
  if (!info) return null;
  const shown = availabilityNow(info, new Date(dataUpdatedAt));
  const state = AVAILABILITY_TEXT[shown.availability];
  return (
    <p className={className} data-availability={shown.availability}>
      <span className="availability__state">
        {shown.booked_until ? `${state} ${formatPostDate(shown.booked_until)}` : state}
      </span>
      {shown.availability_note && <span className="availability__note"> · {shown.availability_note}</span>}
    </p>
  );
}
