import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { AppConfig } from '@blog/api/core';
import { driftOf, OpenApiService, registeredRouteDocs, routeKey } from '@blog/api/openapi';
import {
  createTestDatabase,
  TEST_SESSION_PATH,
  TEST_SIGN_IN_PATH,
  testConfig,
  type TestDatabase,
} from '@blog/api/testing';
import { createApp } from './create-app';

/** The checkout's root (not @nx/devkit's `workspaceRoot`, whose native binding shows as an open handle). */
const workspaceRoot = join(__dirname, '../../../..');

/** The test-only door is described by @blog/api/testing, which this spec loads; the server never serves it. */
const TEST_ONLY = new Set([`POST ${TEST_SIGN_IN_PATH}`, `GET ${TEST_SESSION_PATH}`]);

describe('the OpenAPI document of the whole server', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let app: NestExpressApplication;

  beforeAll(async () => {
    database = await createTestDatabase();
    config = testConfig();
    app = await createApp(config, database.url, { logger: false });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('describes every route Nest registers, and no route it does not (drift)', () => {
    const routes = app.get(OpenApiService).routes();
    const docs = new Map([...registeredRouteDocs()].filter(([key]) => !TEST_ONLY.has(key)));
    expect(driftOf(routes, docs)).toEqual({ undescribed: [], unregistered: [] });
    expect(routes.length).toBeGreaterThan(90);
  });

  it('sees every route Express answers (none is registered around Nest)', () => {
    const express = app.getHttpAdapter().getInstance() as {
      router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
    };
    const discovered = new Set(
      app
        .get(OpenApiService)
        .routes()
        .map((route) => `${route.method} ${route.expressPath}`),
    );
    const served = express.router.stack.flatMap((layer) =>
      layer.route && typeof layer.route.path === 'string' && !/[*{]/.test(layer.route.path)
        ? Object.keys(layer.route.methods)
            .filter((method) => !['_all', 'head'].includes(method))
            .map((method) => `${method.toUpperCase()} ${layer.route?.path}`)
        : [],
    );
    expect(served.filter((route) => !discovered.has(route))).toEqual([]);
  });

  it('serves a valid OpenAPI 3.1 document, the same on every read, naming no secret', async () => {
    const res = await request(app.getHttpServer()).get('/api/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths).length).toBeGreaterThan(60);
    expect(res.text).not.toContain(database.url);
    expect((await request(app.getHttpServer()).get('/api/openapi.json')).text).toBe(res.text);
    // The validator is an ES module: it runs in a process of its own.
    const validate = () =>
      execFileSync(process.execPath, [join(workspaceRoot, 'tools/openapi/validate-document.mjs')], {
        input: res.text,
        encoding: 'utf8',
      });
    expect(validate).not.toThrow();
  });

  it('matches the committed document and generated client types (`npm run openapi` writes them)', () => {
    const clientDir = join(workspaceRoot, 'libs/shared/api-client');
    const committed = JSON.parse(readFileSync(join(clientDir, 'openapi.json'), 'utf8'));
    expect(committed).toEqual(app.get(OpenApiService).document());
    // The types as openapi-typescript (then Prettier) writes them from the committed document.
    const out = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'schema.d.ts');
    const bin = (name: string) => join(workspaceRoot, 'node_modules/.bin', name);
    execFileSync(bin('openapi-typescript'), [join(clientDir, 'openapi.json'), '-o', out], { stdio: 'ignore' });
    const schemaFile = join(clientDir, 'src/lib/schema.d.ts');
    const generated = execFileSync(bin('prettier'), ['--stdin-filepath', schemaFile], {
      input: readFileSync(out, 'utf8'),
      encoding: 'utf8',
    });
    expect(generated).toBe(readFileSync(schemaFile, 'utf8'));
  });

  it('describes security: the session cookie, bearer tokens with the scope of each route', () => {
    const document = app.get(OpenApiService).document();
    expect(Object.keys(document.components.securitySchemes)).toEqual(['cookieSession', 'bearerAuth']);
    const create = document.paths['/api/posts']?.['post'];
    expect(create?.security[0]).toEqual({ cookieSession: [] });
    // A public read: anyone, or a token with its scope.
    expect(document.paths['/api/homeData']?.['get']?.security).toEqual([{}, { bearerAuth: ['content:read'] }]);
    expect(document.paths['/api/openapi.json']?.['get']?.security).toEqual([]);
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const scope = operation['x-token-scope'];
        if (scope)
          expect([path, method, operation.security]).toEqual([
            path,
            method,
            expect.arrayContaining([{ bearerAuth: [scope] }]),
          ]);
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) >= 400 && method !== 'get' && path !== '/api/ready') {
            expect(response.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
          }
        }
      }
    }
    expect(routeKey({ method: 'PUT', path: '/api/categories/{id}' })).toBe('PUT /api/categories/{id}');
    const operationIds = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.operationId),
    );
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it('is browsable at /api/docs from our own origin, under a policy with no inline script', async () => {
    const res = await request(app.getHttpServer()).get('/api/docs').expect(200);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/unsafe-inline'[^;]*;?\s*$|script-src[^;]*unsafe/);
    expect(policy).toContain("connect-src 'self'");
    expect(res.text).not.toMatch(/<script>|<script [^>]*>[^<]/);
    expect(res.text).not.toMatch(/https?:\/\//);
    const assets = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const url of assets) {
      expect(url.startsWith('/api/docs/')).toBe(true);
      await request(app.getHttpServer()).get(url).expect(200);
    }
    const start = await request(app.getHttpServer()).get('/api/docs/start.js').expect(200);
    expect(start.text).toContain('validatorUrl: null');
    await request(app.getHttpServer()).get('/api/docs/index.html').expect(404);
    await request(app.getHttpServer()).get('/api/docs/..%2Fpackage.json').expect(404);
  });
});
