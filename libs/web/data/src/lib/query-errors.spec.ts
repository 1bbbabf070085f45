import { createTRPCClient } from '@trpc/client';
import type { AppRouter } from '@blog/api/trpc';
import { memoryLink, trpcError } from '../testing';
import {
  fieldErrorsOf,
  isClientError,
  isNotFoundError,
  isTooManyRequests,
  retryAfterOf,
  retryUnlessRefused,
} from './query-errors';

describe('query errors', () => {
  it('knows a 404 from the server', () => {
    expect(isNotFoundError(trpcError('NOT_FOUND', 404))).toBe(true);
    expect(isNotFoundError(trpcError('BAD_REQUEST', 400))).toBe(false);
    expect(isNotFoundError(new Error('network down'))).toBe(false);
    expect(isNotFoundError(null)).toBe(false);
  });

  it('retries a failed read once, but never a refusal', () => {
    expect(retryUnlessRefused(0, new Error('network down'))).toBe(true);
    expect(retryUnlessRefused(0, trpcError('INTERNAL_SERVER_ERROR', 500))).toBe(true);
    expect(retryUnlessRefused(1, new Error('network down'))).toBe(false);
    expect(retryUnlessRefused(0, trpcError('NOT_FOUND', 404))).toBe(false);
    expect(retryUnlessRefused(0, trpcError('BAD_REQUEST', 400))).toBe(false);
    expect(isClientError(trpcError('TOO_MANY_REQUESTS', 429))).toBe(true);
  });

  it('reads the field errors of a 400, and nothing from other failures', () => {
    const refused = trpcError('BAD_REQUEST', 400, 'Invalid input', [{ field: 'email', message: 'is invalid' }]);
    expect(fieldErrorsOf(refused)).toEqual([{ field: 'email', message: 'is invalid' }]);
    expect(fieldErrorsOf(trpcError('INTERNAL_SERVER_ERROR', 500))).toEqual([]);
    expect(fieldErrorsOf(new Error('x'))).toEqual([]);
  });

  it('reads how long a 429 asks to wait, and nothing from other failures', () => {
    const limited = trpcError('TOO_MANY_REQUESTS', 429, 'Too many', undefined, { retryAfterSeconds: 540 });
    expect(isTooManyRequests(limited)).toBe(true);
    expect(retryAfterOf(limited)).toBe(540);
    expect(isTooManyRequests(trpcError('TOO_MANY_REQUESTS', 429))).toBe(true);
    expect(retryAfterOf(trpcError('TOO_MANY_REQUESTS', 429))).toBeUndefined();
    expect(isTooManyRequests(trpcError('BAD_REQUEST', 400))).toBe(false);
    expect(retryAfterOf(trpcError('BAD_REQUEST', 400, 'x', undefined, { retryAfterSeconds: 5 }))).toBeUndefined();
    expect(retryAfterOf(new Error('x'))).toBeUndefined();
  });
});

describe('memoryLink', () => {
  it('answers each procedure from memory and records the calls', async () => {
    const { link, calls } = memoryLink({ 'posts.bySlug': (input) => ({ echo: input }) });
    const client = createTRPCClient<AppRouter>({ links: [link] });
    await expect(client.posts.bySlug.query({ slug: 'a' })).resolves.toEqual({ echo: { slug: 'a' } });
    expect(calls).toEqual([{ path: 'posts.bySlug', input: { slug: 'a' } }]);
  });

  it('fails a call it has no answer for, and passes the server errors on', async () => {
    const { link } = memoryLink({
      'posts.bySlug': () => {
        throw trpcError('NOT_FOUND', 404);
      },
    });
    const client = createTRPCClient<AppRouter>({ links: [link] });
    await expect(client.posts.home.query()).rejects.toThrow('No answer for posts.home');
    await expect(client.posts.bySlug.query({ slug: 'x' })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
  });
});
