import type {
  NotFoundPage,
  StatsDay,
  StatsInquiries,
  StatsPage,
  StatsSearch,
  StatsSourceRow,
  StatsSummary,
  StatsTotals,
  SubscriberGrowth,
} from '@blog/contracts';
import { addDays } from '../lib/dashboard/stats-range';

/** Test data: the statistics of a site nobody has visited yet, as the API answers them. */

const ZERO: StatsTotals = { views: 0, daily_visitors: 0, entries: 0, inquiries: 0 };

/** `count` days from `from`, each with the views and visitors `figures` gives its index. */
export const daysFrom = (from: string, count: number, figures: (index: number) => [number, number]): StatsDay[] =>
  Array.from({ length: count }, (_, index) => {
    const [views, visitors] = figures(index);
    return { day: addDays(from, index), views, visitors };
  });

/** The summary of a range (its input), with the previous period's days before it. */
export function summaryOf(
  input: unknown,
  figures: (index: number) => [number, number] = () => [0, 0],
  previousFigures: (index: number) => [number, number] = () => [0, 0],
  totals: StatsTotals = ZERO,
  previousTotals: StatsTotals = ZERO,
): StatsSummary {
  const { from, to } = input as { from: string; to: string };
  const count = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return {
    from,
    to,
    days: daysFrom(from, count, figures),
    previous: daysFrom(addDays(from, -count), count, previousFigures),
    totals,
    previous_totals: previousTotals,
  };
}

export const NO_STATS = {
  'stats.summary': (input: unknown) => summaryOf(input),
  'stats.pages': (): StatsPage[] => [],
  'stats.sources': (): StatsSourceRow[] => [],
  'stats.searches': (): StatsSearch[] => [],
  'stats.inquiries': (): StatsInquiries => ({ total: 0, by_page: [], by_topic: [], by_source: [] }),
  'redirects.notFoundList': (): NotFoundPage => ({ rows: [], total: 0 }),
  'subscribers.growth': (input: unknown): SubscriberGrowth => growthOf(input),
};

/** The subscribers by day over a range (its input): `figures` gives each day's confirmed, joined and left. */
export function growthOf(
  input: unknown,
  figures: (index: number) => [number, number, number] = () => [0, 0, 0],
): SubscriberGrowth {
  const { from, to } = input as { from: string; to: string };
  const count = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return {
    days: Array.from({ length: count }, (_, index) => {
      const [confirmed, joined, left] = figures(index);
      return { day: addDays(from, index), confirmed, joined, left };
    }),
  };
}
