import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { describeRoutes, OpenApiService, type ReceivedAnswer } from '@blog/api/openapi';
import { TEST_SESSION_PATH, TEST_SIGN_IN_PATH } from './test-sign-in.controller';

// The test-only sign-in door, described so that the test apps' documents cover every route they serve.
describeRoutes('Test only', {
  [`POST ${TEST_SIGN_IN_PATH}`]: {
    summary: 'Test apps only: sign in without the auth domain',
    answers: { 200: { schema: {} } },
    errors: [401],
  },
  [`GET ${TEST_SESSION_PATH}`]: { summary: 'Test apps only: who the session is', answers: { 200: { schema: {} } } },
});

/** Bodies past this size are not kept (downloads); their status and headers are still checked. */
const KEPT_BODY_BYTES = 2_000_000;

export interface ConformanceRecorder {
  /** Express middleware recording every answer of a Nest route. */
  middleware(req: Request, res: Response, next: NextFunction): void;
  /** Checks what was recorded against the app's OpenAPI document; the answers that do not conform. */
  problems(): string[];
}

/**
 * Every REST answer a test receives is checked against the app's OpenAPI document: its
 * status is listed for the route, its content type declared, its JSON body matches the schema and its
 * conventional headers are declared. `createTestApp` installs it, and `app.close()` fails the spec with
 * the list when any answer did not conform.
 */
export function conformanceRecorder(app: () => INestApplication): ConformanceRecorder {
  const answers: ReceivedAnswer[] = [];
  return {
    middleware(req, res, next) {
      const chunks: Buffer[] = [];
      let size = 0;
      const keep = (chunk: unknown, encoding?: unknown) => {
        if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
        const buffer = Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
        size += buffer.length;
        if (size <= KEPT_BODY_BYTES) chunks.push(buffer);
      };
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => Response;
      res.write = ((...args: unknown[]) => {
        keep(args[0], args[1]);
        return write(...args);
      }) as Response['write'];
      res.end = ((...args: unknown[]) => {
        keep(args[0], args[1]);
        return end(...args);
      }) as Response['end'];
      res.on('finish', () => {
        const route = (req.route as { path?: unknown } | undefined)?.path;
        if (typeof route !== 'string' || req.method === 'HEAD') return;
        answers.push({
          method: req.method,
          route,
          status: res.statusCode,
          headers: res.getHeaders() as ReceivedAnswer['headers'],
          text: size <= KEPT_BODY_BYTES ? Buffer.concat(chunks).toString('utf8') : undefined,
        });
      });
      next();
    },
    problems() {
      if (answers.length === 0) return [];
      const checker = app().get(OpenApiService).answerChecker();
      const problems = new Set<string>();
      for (const answer of answers.splice(0)) {
        const found = checker.problemsOf(answer);
        // A route no domain serves (a spec's own probe controller); the server's routes are all described
        // (apps/api openapi.spec.ts fails otherwise).
        if (found === undefined) continue;
        for (const problem of found) problems.add(`${answer.method} ${answer.route} → ${answer.status}: ${problem}`);
      }
      return [...problems];
    },
  };
}
