import { Controller, Get, HttpException, Module, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import request from 'supertest';
import { etagOf } from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import { TokenScope } from '@blog/api/security';
import { PROBLEM_JSON } from '@blog/api/http';
import { testConfig } from './test-app';
import { useTestApp } from './use-test-app';

const ALLOWED_ORIGIN = 'https://app.example';

@Controller('conventions')
class ConventionsController {
  @TokenScope('content:read')
  @Get('list')
  list() {
    return [{ id: 1, title: 'One' }];
  }

  @TokenScope('content:read')
  @Get('record')
  record(@Res({ passthrough: true }) res: Response) {
    res.setHeader('ETag', etagOf(3));
    return { id: 1, version: 3 };
  }

  @Post('invalid')
  invalid(): never {
    throw DomainError.invalid([{ field: 'title', message: 'is required' }]);
  }

  @Get('busy')
  busy(): never {
    // A 429 raised without a Retry-After of its own (not through the RateLimiter).
    throw new HttpException('Slow down', 429);
  }
}

@Module({ controllers: [ConventionsController] })
class ConventionsModule {}

describe('REST conventions outside callers expect', () => {
  const t = useTestApp([ConventionsModule], {
    config: () => testConfig({ CORS_ORIGINS: `${ALLOWED_ORIGIN}, http://localhost:5173` }),
  });
  const server = () => t.app.getHttpServer();

  describe('ETag and If-None-Match', () => {
    it('tags a GET answer with a weak hash of its body, and answers 304 without a body when it matches', async () => {
      const first = await request(server()).get('/api/conventions/list').expect(200);
      const etag = first.headers['etag'];
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await request(server()).get('/api/conventions/list').set('If-None-Match', etag).expect(304);
      expect(again.text ?? '').toBe('');
      await request(server()).get('/api/conventions/list').set('If-None-Match', 'W/"other"').expect(200);
    });

    it('keeps the version ETag of a record ("v<n>", the If-Match of its next save) and honours it too', async () => {
      const res = await request(server()).get('/api/conventions/record').expect(200);
      expect(res.headers['etag']).toBe('"v3"');
      await request(server()).get('/api/conventions/record').set('If-None-Match', '"v3"').expect(304);
    });
  });

  describe('problem details (RFC 9457)', () => {
    it('keeps the spec error shape by default', async () => {
      const res = await request(server()).post('/api/conventions/invalid').expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', errors: [{ field: 'title' }] });
    });

    it('answers application/problem+json with type, title, status, detail and the field errors when Accept prefers it', async () => {
      const res = await request(server())
        .post('/api/conventions/invalid')
        .set('Accept', `${PROBLEM_JSON}, application/json;q=0.5`)
        .expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(res.text)).toEqual({
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'Invalid input (title: is required)',
        instance: '/api/conventions/invalid',
        errors: [{ field: 'title', message: 'is required' }],
      });
    });

    it('also shapes the refusals of the middleware before the routes (a cross-site write)', async () => {
      const res = await request(server())
        .post('/api/conventions/invalid')
        .set('Origin', 'https://evil.example')
        .set('Accept', PROBLEM_JSON)
        .expect(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(res.text)).toMatchObject({ status: 403, title: 'Forbidden' });
    });
  });

  it('sends Retry-After (seconds) on every 429', async () => {
    const res = await request(server()).get('/api/conventions/busy').expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  describe('CORS', () => {
    it('is closed by default: no CORS headers, no preflight answered', async () => {
      const closed = await t.appWith({ config: testConfig() });
      const res = await request(closed.getHttpServer())
        .get('/api/conventions/list')
        .set('Origin', ALLOWED_ORIGIN)
        .expect(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await request(closed.getHttpServer())
        .options('/api/conventions/list')
        .set('Origin', ALLOWED_ORIGIN)
        .set('Access-Control-Request-Method', 'GET');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('answers the named origins (and their preflights) without credentials, exposing ETag, Link and Retry-After', async () => {
      const preflight = await request(server())
        .options('/api/conventions/list')
        .set('Origin', ALLOWED_ORIGIN)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization, content-type')
        .expect(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
      expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/);
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

      const res = await request(server()).get('/api/conventions/list').set('Origin', ALLOWED_ORIGIN).expect(200);
      expect(res.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
      expect(res.headers['access-control-expose-headers']).toEqual(expect.stringContaining('ETag'));
      expect(res.headers['access-control-expose-headers']).toEqual(expect.stringContaining('Link'));
      expect(res.headers['vary']).toMatch(/Origin/);
    });

    it('refuses other origins: no CORS headers, no preflight', async () => {
      const res = await request(server())
        .get('/api/conventions/list')
        .set('Origin', 'https://other.example')
        .expect(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await request(server())
        .options('/api/conventions/list')
        .set('Origin', 'https://other.example')
        .set('Access-Control-Request-Method', 'POST');
      expect(preflight.status).not.toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});
