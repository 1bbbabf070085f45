import { STATS_SOURCE_LABELS, type STATS_EXPORT_LISTS, type StatsRange } from '@blog/contracts';
import { csvFile as csv, type CsvCell as Cell } from '@blog/api/http';
import type { StatsService } from './stats.service';

export type StatsExportList = (typeof STATS_EXPORT_LISTS)[number];

/** The file's name: `stats-pages-2026-11-01-2026-11-30.csv`. */
export const statsCsvFileName = (list: StatsExportList, { from, to }: StatsRange) => `stats-${list}-${from}-${to}.csv`;

/** A list of the range, every row of it (not only the dashboard's first ones), as CSV. */
export async function statsCsv(stats: StatsService, list: StatsExportList, range: StatsRange): Promise<string> {
  switch (list) {
    case 'days': {
      const { days } = await stats.summary(range);
      return csv(
        ['day', 'views', 'visitors'],
        days.map((day) => [day.day, day.views, day.visitors]),
      );
    }
    case 'pages':
      return csv(
        [
          'path',
          'kind',
          'id',
          'title',
          'views',
          'entries',
          'engaged_seconds',
          'outbound',
          'inquiries',
          'conversion_rate',
        ],
        (await stats.pages(range, null)).map((page) => [
          page.path,
          page.kind,
          page.id,
          page.title,
          page.views,
          page.entries,
          page.engaged_seconds,
          page.outbound,
          page.inquiries,
          page.conversion_rate,
        ]),
      );
    case 'sources':
      return csv(
        ['source', 'name', 'entries', 'inquiries', 'conversion_rate'],
        (await stats.sources(range, null)).map((row) => [
          STATS_SOURCE_LABELS[row.source],
          row.name,
          row.entries,
          row.inquiries,
          row.conversion_rate,
        ]),
      );
    case 'searches':
      return csv(
        ['term', 'searches', 'results', 'found_nothing'],
        (await stats.searches(range, null)).map((row) => [row.term, row.searches, row.results, row.found_nothing]),
      );
    case 'inquiries': {
      const { by_page, by_topic, by_source } = await stats.inquiries(range, null);
      return csv(
        ['by', 'value', 'name', 'inquiries'],
        [
          ...by_page.map((row): Cell[] => ['page', row.path, null, row.inquiries]),
          ...by_topic.map((row): Cell[] => ['topic', row.topic_kind, row.topic_title ?? row.topic_slug, row.inquiries]),
          ...by_source.map((row): Cell[] => [
            'source',
            row.source && STATS_SOURCE_LABELS[row.source],
            row.name,
            row.inquiries,
          ]),
        ],
      );
    }
  }
}
