import { z } from 'zod';
import { describeRoutes } from '@blog/api/openapi';

export const healthApi = describeRoutes('Health', {
  'GET /api/health': { summary: 'Live: the process answers', answers: { 200: z.object({ status: z.literal('ok') }) } },
  'GET /api/ready': {
    summary: 'Ready: the database answers and the migrations are done',
    answers: {
      200: z.object({ status: z.literal('ready') }),
      503: {
        description: 'Not ready yet: try again after `Retry-After` seconds',
        schema: z.object({ status: z.literal('not ready'), reason: z.string() }),
        headers: { 'Retry-After': { description: 'Seconds to wait' } },
      },
    },
  },
});
