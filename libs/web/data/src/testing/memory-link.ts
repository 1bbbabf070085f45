import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@blog/api/trpc';

/**
 * Answers a procedure from memory: a value, a promise (pending until it settles) or a thrown
 * error. `input` is the procedure's input as the component sent it.
 */
export type MemoryAnswer = (input: unknown) => unknown;

/**
 * An error as the server sends it: `trpcError('NOT_FOUND', 404)`; `data` adds to its error data
 * (`{retryAfterSeconds: 600}` for a 429).
 */
export function trpcError(
  code: string,
  httpStatus: number,
  message = code,
  fieldErrors?: Array<{ field: string; message: string }>,
  data: Record<string, unknown> = {},
) {
  return TRPCClientError.from({
    error: { message, code: -32000, data: { code, httpStatus, fieldErrors, ...data } },
  });
}

export interface MemoryLink {
  link: TRPCLink<AppRouter>;
  /** Every call made, in order: `{path, input}`. */
  calls: Array<{ path: string; input: unknown }>;
}

/**
 * A tRPC link for component tests: each procedure path (`posts.home`) is answered by `answers`;
 * an unknown path fails the call, so a test sees every call it did not expect. The paths of
 * `unrecorded` are answered but left out of `calls` (reads of the frame around what is tested).
 */
export function memoryLink(answers: Record<string, MemoryAnswer>, unrecorded: readonly string[] = []): MemoryLink {
  const calls: MemoryLink['calls'] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        let active = true;
        if (!unrecorded.includes(op.path)) calls.push({ path: op.path, input: op.input });
        const answer = answers[op.path];
        Promise.resolve()
          .then(() => {
            if (!answer) throw new Error(`No answer for ${op.path}`);
            return answer(op.input);
          })
          .then(
            (data) => {
              if (!active) return;
              observer.next({ result: { type: 'data', data } });
              observer.complete();
            },
            (error: unknown) => {
              if (active) observer.error(TRPCClientError.from(error as Error));
            },
          );
        return () => {
          active = false;
        };
      });
  return { link, calls };
}
