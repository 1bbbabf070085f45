import { availabilityNow } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { formatPostDate, useUiWords } from '@blog/web/ui';
import { useT } from '../i18n/language-context';

/**
 * Whether the owner takes work, with her line, as of when the page read General information (on the
 * server, the request's time; in the browser, when it read it): a booking whose last day has passed
 * reads as available (`availabilityNow`). Nothing while there is no record.
 */
export function AvailabilityLine({ className }: { className?: string }) {
  const { data, dataUpdatedAt } = trpc.siteInfo.list.useQuery();
  const t = useT();
  const { dateLocale } = useUiWords();
  const info = data?.[0];
  if (!info) return null;
  const shown = availabilityNow(info, new Date(dataUpdatedAt));
  // What the public pages say of each state; a booking's last day follows "Booked until".
  const state = t(`availability.${shown.availability}`, { defaultValue: '' });
  return (
    <p className={className} data-availability={shown.availability}>
      <span className="availability__state">
        {shown.booked_until ? `${state} ${formatPostDate(shown.booked_until, dateLocale)}` : state}
      </span>
      {shown.availability_note && <span className="availability__note"> · {shown.availability_note}</span>}
    </p>
  );
}
