import { z } from 'zod';
import { okSchema, userSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

export const usersApi = describeRoutes('Users', {
  'GET /api/users': { summary: 'Every user', answers: { 200: z.array(userSchema) } },
  'GET /api/users/{id}': { summary: 'One user', answers: { 200: userSchema } },
  'POST /api/users': { summary: 'Create a user', answers: { 200: userSchema }, errors: [409, 429] },
  'PUT /api/users/{id}': { summary: 'Save a user', answers: { 200: userSchema }, errors: [409, 429] },
  'DELETE /api/users/{id}': {
    summary: 'Delete a user (never the last administrator, nor oneself)',
    answers: { 200: okSchema },
    errors: [409],
  },
});
