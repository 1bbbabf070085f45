import { statsBeaconSchema, STATS_BEACON_PATH, STATS_BEACON_SCRIPT_PATH } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

export const beaconApi = describeRoutes(
  'Analytics beacon',
  {
    [`GET ${STATS_BEACON_SCRIPT_PATH}`]: {
      summary: "The public pages' analytics beacon (JavaScript)",
      answers: { 200: { contentType: 'text/javascript', schema: { type: 'string' } } },
      internal: true,
    },
    [`POST ${STATS_BEACON_PATH}`]: {
      summary: 'What the beacon reports: a page moved to, the time a page was seen, a click out',
      description:
        'Sent by `navigator.sendBeacon` as `text/plain` JSON. Answers 204 whether it is counted or not (bots, ' +
        '`Sec-GPC: 1`, `DNT: 1` and the signed-in owner are not). Rate limited per client address.',
      body: { contentType: 'text/plain', schema: statsBeaconSchema },
      answers: { 204: { description: 'Received' } },
      errors: [400, 413, 429],
      internal: true,
    },
  },
  'First-party analytics: no cookie, no address or user agent kept.',
);
