import { format } from 'date-fns';

/** Dates in admin tables: day and time, in the browser's zone. */
export function formatDateTime(iso: string): string {
  return format(new Date(iso), 'yyyy-MM-dd HH:mm');
}
