import { format } from 'date-fns';

/** Dates in admin tables: day and time, in the browser's zone. */
export function formatDateTime(iso: string): string {
  return format(new Date(iso), 'yyyy-MM-dd HH:mm');
}

/** A file's size in words: 'B', 'KB', 'MB', 'GB' (powers of 1024), one decimal under 10. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${units[unit]}`;
}

/** A time of today in the admin's words ("14:32"), in the browser's zone: when a draft was autosaved. */
export function formatTime(iso: string): string {
  return format(new Date(iso), 'HH:mm');
}

/** Figures of the statistics (dashboard, posts' views), in English as the admin's own labels. */
const COUNT = new Intl.NumberFormat('en');
const AVERAGE = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const PERCENT = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });
const CHANGE = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });

/** 1234 → "1,234"; an average keeps one decimal (12.5 daily visitors). */
export const formatCount = (value: number) => (Number.isInteger(value) ? COUNT : AVERAGE).format(value);

/** A rate of 0 to 1 → "2.5%". */
export const formatRate = (rate: number) => PERCENT.format(rate);

/** The change from the previous period: "+12%", "−5%", or null when there was nothing to compare with. */
export const formatChange = (current: number, previous: number) =>
  previous === 0 ? null : CHANGE.format((current - previous) / previous);
