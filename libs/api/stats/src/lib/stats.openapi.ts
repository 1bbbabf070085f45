import { z } from 'zod';
import {
  STATS_LIST_LIMIT,
  statsInquiriesSchema,
  statsPageSchema,
  statsSearchSchema,
  statsSourceSchema,
  statsSummarySchema,
} from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

const RANGE =
  "`from` and `to` are days (`YYYY-MM-DD`) in the site's time zone, both included, at most a year apart; " +
  "today's figures are live.";
const LIST = `${RANGE} The first ${STATS_LIST_LIMIT} rows; the CSV export has them all.`;

export const statsApi = describeRoutes(
  'Statistics',
  {
    'GET /api/stats/summary': {
      summary: 'Page views and daily visitors per day, beside the period of the same length before',
      description: `${RANGE} A visitor is counted once a day: a day's visitors are never summed into people.`,
      answers: { 200: statsSummarySchema },
    },
    'GET /api/stats/pages': {
      summary: 'The pages by views, with the post or project each shows and its inquiries',
      description: LIST,
      answers: { 200: z.array(statsPageSchema) },
    },
    'GET /api/stats/sources': {
      summary: 'Where visits began, with the inquiries each source brought',
      description: LIST,
      answers: { 200: z.array(statsSourceSchema) },
    },
    'GET /api/stats/searches': {
      summary: 'The terms searched for on the site, those that found nothing marked',
      description: LIST,
      answers: { 200: z.array(statsSearchSchema) },
    },
    'GET /api/stats/inquiries': {
      summary: 'The contact messages by the page they were sent from, their topic and the source of the visit',
      description: LIST,
      answers: { 200: statsInquiriesSchema },
    },
    'GET /api/stats/export.csv': {
      summary: 'One list of the range as CSV (`list`: days, pages, sources, searches or inquiries)',
      description: `${RANGE} Every row; a cell a spreadsheet would take for a formula is prefixed with \`'\`.`,
      answers: {
        200: {
          description: 'The list, one row a line, a header first',
          contentType: 'text/csv',
          schema: { type: 'string' },
          headers: { 'Content-Disposition': { description: 'attachment; filename="stats-<list>-<from>-<to>.csv"' } },
        },
      },
    },
  },
  "The owner's statistics: counted without cookies, kept in the site's own database (token scope `stats:read`).",
);
