import { request as httpRequest, Agent, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { ModulesContainer } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import type { z } from 'zod';
import {
  AUTOSAVE_SLOT_PATTERN,
  INVALID_TEXT_ERRORS,
  SITE_FEED_PATHS,
  SLUG_PATTERN,
  UPLOAD_NAME_PATTERN,
} from '@blog/contracts';
import { type AppConfig } from '@blog/api/core';
import { ZodValidationPipe } from '@blog/api/http';
import { OpenApiService } from '@blog/api/openapi';
import { seedFromConfig } from '@blog/api/seed';
import { AppRouterFactory } from '@blog/api/trpc';
import { createTestDatabase, DEMO_ASSETS_DIR, testConfig, type TestDatabase } from '@blog/api/testing';
import { createApp } from './create-app';

/*
 * Hostile input against every door of the assembled server. Routes are discovered from Express's
 * router (REST) and the app router's definition (tRPC), so a new one is covered without a change here;
 * the schemas of their ZodValidationPipes and tRPC inputs give a valid input to start from, and every
 * field, path parameter and query parameter then gets hostile values in turn. Deterministic: the
 * samples come from a seeded PRNG.
 *
 * Asserted: no 5xx at all; every 4xx in the door's JSON error shape; the seeded content intact and
 * nothing polluted. The admin's writes target throw-away rows (`THROW_AWAY_IDS`), never seeded ones.
 */

const SEED = 0x5eed_b10c;
const ADMIN = { email: 'fuzz-admin@example.com', password: 'a long admin password' };
/** Rows the fuzz may change or delete, with ids far from the seeded ones. */
const THROW_AWAY_IDS = {
  category: 900_001,
  post: 900_002,
  user: 900_003,
  message: 900_004,
  trashedPost: 900_005,
} as const;
/** An id no row has: the singletons (About, general info) are only ever addressed by it. */
const NO_SUCH_ID = 2_000_000_000;
/** Which throw-away row an `id` belongs to, by the route's first segment or the procedure's router. */
const ID_OF_DOMAIN: Record<string, number> = {
  categories: THROW_AWAY_IDS.category,
  posts: THROW_AWAY_IDS.post,
  users: THROW_AWAY_IDS.user,
  messages: THROW_AWAY_IDS.message,
  contact: THROW_AWAY_IDS.message,
  trash: THROW_AWAY_IDS.trashedPost,
};

// ---- deterministic sampling -------------------------------------------------------------------

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(SEED);
/** `count` items of `items`, drawn without replacement. */
function sample<T>(items: readonly T[], count: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return picked;
}

// ---- hostile values ---------------------------------------------------------------------------

/** A JSON value as raw JSON text (some cannot be built as JS values: 1e400, deep nesting). */
interface Hostile {
  label: string;
  json: string;
}
const json = (label: string, value: unknown): Hostile => ({ label, json: JSON.stringify(value) });
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Refused by the text rule wherever text goes: tried on every field, always. */
const invalidTexts = (base: string): Hostile[] => [
  json('NUL inside', `${base}\u0000x`),
  json('NUL alone', '\u0000'),
  json('lone high surrogate', `${base}\uD800`),
  json('lone low surrogate', `\uDC00${base}`),
  json('escape control character', `${base}\u001B[31m`),
  json('replacement character', `${base}\uFFFD`),
];

const otherHostileValues: Hostile[] = [
  json('huge string', 'x'.repeat(120_000)),
  json('empty string', ''),
  json('blank string', ' \t\n '),
  json('zero', 0),
  json('negative', -1),
  json('fractional', 1.5),
  json('huge number', 1e308),
  json('int4 overflow', 2 ** 31),
  json('beyond safe integers', 2 ** 53 + 2),
  { label: 'number beyond double (Infinity)', json: '1e400' },
  { label: 'negative beyond double', json: '-1e400' },
  json('true', true),
  json('false', false),
  json('null', null),
  json('empty array', []),
  json('array of a number', [THROW_AWAY_IDS.post]),
  json('array of text', ['a', 'b']),
  json('empty object', {}),
  json('operator object', { $gt: '' }),
  {
    label: 'prototype key object',
    json: '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
  },
  { label: 'deep nesting', json: deepArray(5_000) },
  json('numeric text -1', '-1'),
  json('numeric text 0', '0'),
  json('numeric text 1.5', '1.5'),
  json('numeric text 1e3', '1e3'),
  json('numeric text hex', '0x10'),
  json('numeric text int4 overflow', '2147483648'),
  json('numeric text 400 digits', '9'.repeat(400)),
  json('text NaN', 'NaN'),
  json('text Infinity', 'Infinity'),
  json('html script', '<script>alert(1)</script><img src=x onerror=alert(1)>'),
  json('emoji and accents', 'Hà Giang 🇻🇳 ơ'),
  json('sql quote', "' OR 1=1 --"),
];

/** Path and query parameters (already URL-encoded as they go on the wire). */
const invalidParams = ['%00', 'a%00b', '%ED%A0%80', '%07', '%', 'a%ZZ'];
const otherParams = [
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '2147483648',
  '9'.repeat(400),
  'x'.repeat(8_000),
  'NaN',
  'Infinity',
  '__proto__',
  'constructor',
  '%F0%9F%98%80',
  '..%2F..%2Fetc%2Fpasswd',
  '%C0%80',
  '%FF%FE',
  '%20',
  'true',
];
const hostileQueries = [
  'q=%00',
  'q=%ED%A0%80',
  'q=%',
  'q=a&q=b',
  'q[]=a',
  'q[a][b][c]=1',
  'page=-1',
  'page=1.5',
  'page=%00',
  'page=99999999999999999999',
  '__proto__[polluted]=yes',
  'constructor[prototype][polluted]=yes',
  `q=${'x'.repeat(8_000)}`,
  'input=%7B',
  'batch=1&input=%5B',
];

// ---- valid inputs from the schemas --------------------------------------------------------------

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string }; bag: Record<string, unknown> };
}
const defOf = (schema: unknown) => (schema as ZodInternals)._zod.def;
const bagOf = (schema: unknown) => (schema as ZodInternals)._zod.bag;
/** The schema a wrapper (optional, nullable, default, catch …) holds, or a pipe's input (what it lets through). */
const innerOf = (def: ZodInternals['_zod']['def']): unknown =>
  def['innerType'] ?? (def.type === 'pipe' ? def['in'] : undefined);

/**
 * A valid value of `schema`, as far as the schema tells: text is `fuzz {n}` (the same in every field
 * of one input, so that a repeated password matches), slugs and e-mails are made unique by `n`, ids
 * are the throw-away row of the domain.
 */
function validSample(schema: unknown, n: number, idOfDomain: number, key = ''): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def['shape'] as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(shape).map(([name, field]) => [name, validSample(field, n, idOfDomain, name)]),
      );
    }
    case 'string': {
      const bag = bagOf(schema);
      const patterns = [...((bag['patterns'] as Set<RegExp> | undefined) ?? [])].map(String);
      if (bag['format'] === 'email') return `fuzz-${n}@example.com`;
      if (patterns.includes(String(SLUG_PATTERN))) return `fuzz-${n}`;
      if (patterns.includes(String(UPLOAD_NAME_PATTERN))) return `fuzz-${n}.png`;
      if (patterns.includes(String(/^\d+$/))) return String(idOf(key, idOfDomain));
      // An autosave slot of the throw-away post (autosaves never touch the post itself).
      if (patterns.includes(String(AUTOSAVE_SLOT_PATTERN))) return `post:${THROW_AWAY_IDS.post}`;
      return `fuzz ${n} text`.padEnd(Number(bag['minimum'] ?? 0), '.');
    }
    case 'number':
      return idOf(key, idOfDomain);
    case 'boolean':
      return true;
    case 'literal':
      return (def['values'] as unknown[])[0];
    case 'enum':
      return Object.values(def['entries'] as Record<string, unknown>)[0];
    case 'union':
      return validSample((def['options'] as unknown[])[0], n, idOfDomain, key);
    case 'array':
      return [validSample(def['element'], n, idOfDomain, key)];
    case 'record':
      return { [`field${n}`]: validSample(def['valueType'], n, idOfDomain, key) };
    default: {
      const inner = innerOf(def);
      return inner && validSample(inner, n, idOfDomain, key);
    }
  }
}
const idOf = (key: string, idOfDomain: number) => (key === 'category_id' ? THROW_AWAY_IDS.category : idOfDomain);

/** The fields of an object schema (through optional/default/pipe wrappers), or none. */
function fieldsOf(schema: unknown): string[] {
  let def = defOf(schema);
  while (def.type !== 'object') {
    const inner = innerOf(def);
    if (!inner) return [];
    def = defOf(inner);
  }
  return Object.keys(def['shape'] as object);
}

/** Every string schema an input can reach, by its path (a pipe's output only sees what its input let through). */
function textSchemasOf(schema: unknown, path: string): Array<{ path: string; schema: z.ZodType }> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return [{ path, schema: schema as z.ZodType }];
    case 'object':
      return Object.entries(def['shape'] as Record<string, unknown>).flatMap(([name, field]) =>
        textSchemasOf(field, `${path}.${name}`),
      );
    case 'union':
      return (def['options'] as unknown[]).flatMap((option) => textSchemasOf(option, path));
    case 'array':
      return textSchemasOf(def['element'], `${path}[]`);
    default: {
      const inner = innerOf(def);
      return inner ? textSchemasOf(inner, path) : [];
    }
  }
}

/** JSON of `base` with `field` replaced by the raw JSON `value`. */
function withField(base: unknown, field: string, value: string): string {
  const marker = 'fuzz-marker-4b1d';
  const object = { ...(base as object), [field]: marker };
  return JSON.stringify(object).replace(`"${marker}"`, () => value);
}

// ---- the doors ----------------------------------------------------------------------------------

interface RestTarget {
  door: 'rest';
  method: string;
  path: string;
  domain: string;
  params: Record<string, z.ZodType | undefined>;
  query?: z.ZodType;
  body?: z.ZodType;
}
interface TrpcTarget {
  door: 'trpc';
  path: string;
  domain: string;
  type: 'query' | 'mutation';
  input?: z.ZodType;
}
type Target = RestTarget | TrpcTarget;

interface SentRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}
interface Case {
  target: Target;
  label: string;
  request: SentRequest;
}

const normalise = (path: string) => `/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');

/** The schemas of each Nest route's ZodValidationPipes, by `METHOD /path`. */
function nestRouteSchemas(
  app: NestExpressApplication,
): Map<string, Omit<RestTarget, 'door' | 'method' | 'path' | 'domain'>> {
  const feeds = new Set<string>(Object.values(SITE_FEED_PATHS));
  const routes = new Map<string, Omit<RestTarget, 'door' | 'method' | 'path' | 'domain'>>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const prefix = Reflect.getMetadata(PATH_METADATA, controller) as string;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const local = normalise(`${prefix}/${Reflect.getMetadata(PATH_METADATA, handler) as string}`);
        const path = feeds.has(local) ? local : normalise(`/api/${local}`);
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
          string,
          { data?: string; pipes?: unknown[] }
        >;
        const entry: Omit<RestTarget, 'door' | 'method' | 'path' | 'domain'> = { params: {} };
        for (const [key, arg] of Object.entries(args)) {
          const type = Number(key.split(':')[0]);
          const schema = arg.pipes?.find((pipe) => pipe instanceof ZodValidationPipe)?.schema as z.ZodType | undefined;
          if (type === RouteParamtypes.BODY) entry.body = schema;
          if (type === RouteParamtypes.QUERY) entry.query = schema;
          if (type === RouteParamtypes.PARAM && arg.data) entry.params[arg.data] = schema;
        }
        routes.set(`${method} ${path}`, entry);
      }
    }
  }
  return routes;
}

/** Every route Express answers (`METHOD path`), with what Nest knows of its inputs. */
function restTargets(app: NestExpressApplication): RestTarget[] {
  const express = app.getHttpAdapter().getInstance() as {
    router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
  };
  const schemas = nestRouteSchemas(app);
  const targets: RestTarget[] = [];
  for (const layer of express.router.stack) {
    // Middleware mounted on a pattern (`/api{/*splat}`) is not a route of its own.
    if (!layer.route || typeof layer.route.path !== 'string' || /[*{]/.test(layer.route.path)) continue;
    for (const method of Object.keys(layer.route.methods).filter((name) => !['_all', 'head'].includes(name))) {
      const path = layer.route.path;
      const known = schemas.get(`${method.toUpperCase()} ${normalise(path)}`);
      const params = Object.fromEntries([...path.matchAll(/:(\w+)/g)].map(([, name]) => [name, known?.params[name]]));
      const domain = path.split('/').filter(Boolean)[1] ?? '';
      targets.push({ door: 'rest', method: method.toUpperCase(), path, domain, ...known, params });
    }
  }
  return targets;
}

function trpcTargets(router: AnyTRPCRouter): TrpcTarget[] {
  return Object.entries(router._def.procedures as Record<string, AnyTRPCProcedure>).map(([path, procedure]) => ({
    door: 'trpc',
    path,
    domain: path.split('.')[0],
    type: procedure._def.type as 'query' | 'mutation',
    input: procedure._def.inputs[0] as z.ZodType | undefined,
  }));
}

// ---- cases --------------------------------------------------------------------------------------

let sequence = 0;
const JSON_TYPE = { 'Content-Type': 'application/json' };

/** Hostile whole bodies, for any request that may carry one. */
function bodyCases(method: string, path: string, validBody: string): Array<Omit<Case, 'target'>> {
  const send = (label: string, headers: Record<string, string>, body?: string | Buffer) => ({
    label,
    request: { method, path, headers, body },
  });
  const boundary = 'fuzzboundary';
  const multipart = [
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n\u0000\u0001junk\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="other\u0000"\r\n\r\n\uD800\r\n`,
    `--${boundary}--\r\n`,
  ].join('');
  return [
    send('malformed JSON', JSON_TYPE, '{"a":'),
    send('JSON with a trailing comma', JSON_TYPE, '{"a":1,}'),
    send('JSON: a bare string', JSON_TYPE, '"\\u0000"'),
    send('JSON: null', JSON_TYPE, 'null'),
    send('JSON: a number', JSON_TYPE, '1e400'),
    send('JSON: an array of the valid body', JSON_TYPE, `[${validBody}]`),
    send(
      'JSON: prototype keys',
      JSON_TYPE,
      validBody.replace(/^\{/, '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},'),
    ),
    send('JSON: deep nesting', JSON_TYPE, deepArray(20_000)),
    send('JSON: NUL byte in the raw body', JSON_TYPE, Buffer.from(`${validBody.slice(0, -1)},"x\u0000":1}`)),
    send(
      'JSON: invalid UTF-8 bytes',
      JSON_TYPE,
      Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80, 0xff]), Buffer.from('"}')]),
    ),
    send('JSON declared in UTF-16', { 'Content-Type': 'application/json; charset=utf-16' }, validBody),
    send('JSON declared in an unknown charset', { 'Content-Type': 'application/json; charset=fuzz-8' }, validBody),
    send('gzip that is not', { ...JSON_TYPE, 'Content-Encoding': 'gzip' }, 'not gzip at all'),
    send('gzipped JSON', { ...JSON_TYPE, 'Content-Encoding': 'gzip' }, gzipSync(validBody)),
    send('unknown content encoding', { ...JSON_TYPE, 'Content-Encoding': 'fuzz' }, validBody),
    send('text/plain JSON', { 'Content-Type': 'text/plain' }, validBody),
    send('XML', { 'Content-Type': 'application/xml' }, '<?xml version="1.0"?><a>&lt;</a>'),
    send('no content type', {}, validBody),
    send('an empty body declared JSON', JSON_TYPE, ''),
    send(
      'form with prototype keys',
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      '__proto__[polluted]=yes&constructor[prototype][polluted]=yes&a[b][c][d][e][f][g][h][i][j][k]=1',
    ),
    send(
      'form with NUL',
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      'name=%00&email=a%00%40b&content=%ED%A0%80',
    ),
    send('multipart without a boundary', { 'Content-Type': 'multipart/form-data' }, 'junk'),
    send(
      'multipart, malformed',
      { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      `--${boundary}\r\njunk`,
    ),
    send(
      'multipart with hostile names and bytes',
      { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      multipart,
    ),
  ];
}

function restCases(target: RestTarget, caller: Caller): Case[] {
  const cases: Array<Omit<Case, 'target'>> = [];
  const idOfDomain = ID_OF_DOMAIN[target.domain] ?? NO_SUCH_ID;
  sequence += 1;
  const paramBase = (name: string) => {
    const schema = target.params[name];
    const value = schema ? validSample(schema, sequence, idOfDomain, name) : 'fuzz';
    return encodeURIComponent(String(value ?? 'fuzz'));
  };
  const pathWith = (overrides: Record<string, string> = {}) =>
    target.path.replace(/:(\w+)/g, (_, name: string) => overrides[name] ?? paramBase(name));
  const basePath = pathWith();
  const bodyBase = target.body ? validSample(target.body, sequence, idOfDomain) : undefined;
  const validBody = JSON.stringify(bodyBase ?? {});
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(target.method);
  const admin = caller === 'admin';

  cases.push({
    label: 'the valid input',
    request: { method: target.method, path: basePath, headers: JSON_TYPE, body: hasBody ? validBody : undefined },
  });
  for (const name of Object.keys(target.params)) {
    for (const value of admin
      ? [...invalidParams, ...sample(otherParams, 4)]
      : sample([...invalidParams, ...otherParams], 4)) {
      cases.push({
        label: `path parameter ${name} = ${value.slice(0, 40)}`,
        request: { method: target.method, path: pathWith({ [name]: value }) },
      });
    }
  }
  if (target.method === 'GET') {
    for (const query of sample(hostileQueries, target.query ? hostileQueries.length : 2)) {
      cases.push({ label: `query ${query.slice(0, 40)}`, request: { method: 'GET', path: `${basePath}?${query}` } });
    }
  }
  if (hasBody) {
    const fields = target.body ? fieldsOf(target.body) : [];
    for (const field of fields) {
      const base = String((bodyBase as Record<string, unknown>)[field] ?? 'fuzz');
      const values = admin
        ? [...invalidTexts(base), ...sample(otherHostileValues, 3)]
        : sample([...invalidTexts(base), ...otherHostileValues], 3);
      for (const value of values) {
        cases.push({
          label: `body field ${field}: ${value.label}`,
          request: {
            method: target.method,
            path: basePath,
            headers: JSON_TYPE,
            body: withField(bodyBase, field, value.json),
          },
        });
      }
    }
    cases.push(...sample(bodyCases(target.method, basePath, validBody), admin ? 8 : 4));
  }
  cases.push({
    label: 'cross-site origin',
    request: { method: target.method, path: basePath, headers: { Origin: 'null' } },
  });
  return cases.map((entry) => ({ ...entry, target }));
}

function trpcCases(target: TrpcTarget, caller: Caller): Case[] {
  const cases: Array<Omit<Case, 'target'>> = [];
  const path = `/trpc/${target.path}`;
  sequence += 1;
  const base = target.input
    ? validSample(target.input, sequence, ID_OF_DOMAIN[target.domain] ?? NO_SUCH_ID)
    : undefined;
  const admin = caller === 'admin';
  const call = (label: string, input: string | undefined): Omit<Case, 'target'> =>
    target.type === 'query'
      ? {
          label,
          request: { method: 'GET', path: input === undefined ? path : `${path}?input=${encodeURIComponent(input)}` },
        }
      : { label, request: { method: 'POST', path, headers: JSON_TYPE, body: input ?? '' } };
  const validInput = base === undefined ? undefined : JSON.stringify(base);

  cases.push(call('the valid input', validInput));
  for (const field of target.input ? fieldsOf(target.input) : []) {
    const fieldBase = String((base as Record<string, unknown>)[field] ?? 'fuzz');
    const values = admin
      ? [...invalidTexts(fieldBase), ...sample(otherHostileValues, 3)]
      : sample([...invalidTexts(fieldBase), ...otherHostileValues], 3);
    for (const value of values) {
      // A query's input rides in the URL: keep it under the server's header size limit.
      if (target.type === 'query' && value.json.length > 6_000) continue;
      cases.push(call(`input field ${field}: ${value.label}`, withField(base, field, value.json)));
    }
  }
  const wholeInputs: Hostile[] = [
    ...invalidTexts('fuzz'),
    json('a number', 1),
    json('an array', [base ?? 1]),
    json('null', null),
    {
      label: 'prototype keys',
      json: '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
    },
    { label: 'deep nesting', json: deepArray(target.type === 'query' ? 1_000 : 20_000) },
  ];
  for (const value of sample(wholeInputs, admin ? 4 : 2)) cases.push(call(`input: ${value.label}`, value.json));
  cases.push(call('malformed JSON input', '{"a":'));
  cases.push({
    label: 'the other HTTP method',
    request:
      target.type === 'query'
        ? { method: 'POST', path, headers: JSON_TYPE, body: validInput ?? '' }
        : { method: 'GET', path },
  });
  cases.push({
    label: 'a batch with a hostile call',
    request: {
      method: target.type === 'query' ? 'GET' : 'POST',
      path: `/trpc/${target.path},${target.path}?batch=1${target.type === 'query' ? `&input=${encodeURIComponent(`{"0":${validInput ?? 'null'},"1":"\\u0000"}`)}` : ''}`,
      headers: JSON_TYPE,
      body: target.type === 'query' ? undefined : `{"0":${validInput ?? 'null'},"1":"\\u0000"}`,
    },
  });
  if (target.type === 'mutation') {
    cases.push(...sample(bodyCases('POST', path, validInput ?? '{}'), admin ? 6 : 3));
  }
  return cases.map((entry) => ({ ...entry, target }));
}

// ---- sending and checking -----------------------------------------------------------------------

type Caller = 'admin' | 'anonymous';
interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

function send(port: number, agent: Agent, request: SentRequest, cookie?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...request.headers };
    if (cookie) headers['Cookie'] = cookie;
    if (request.body !== undefined) headers['Content-Length'] = Buffer.byteLength(request.body);
    const req = httpRequest(
      { host: '127.0.0.1', port, agent, method: request.method, path: request.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

/**
 * Why an answer is wrong, or undefined. `page`: the document describes this answer as a page for people
 * (a mail link's, opened in a browser), which the document's checker verifies instead of the JSON error shape.
 */
function problemWith(target: Target, answer: Answer, page = false): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status < 400 || page) return undefined;
  if (!String(answer.headers['content-type']).startsWith('application/json')) {
    return `answered ${answer.status} as ${answer.headers['content-type']}, not JSON`;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `answered ${answer.status} with a body that is not JSON`;
  }
  const errors = [body].flat() as Array<Record<string, unknown>>;
  for (const error of errors) {
    if (target.door === 'rest') {
      const fieldErrors = error['errors'];
      const fine =
        error['statusCode'] === answer.status &&
        typeof error['error'] === 'string' &&
        typeof error['message'] === 'string' &&
        (fieldErrors === undefined ||
          (Array.isArray(fieldErrors) &&
            fieldErrors.every((entry) => typeof entry?.field === 'string' && typeof entry?.message === 'string')));
      if (!fine) return `answered ${answer.status} without the REST error shape`;
    } else {
      // A batch answers each call apart: those that succeeded carry a result.
      if ('result' in error) continue;
      const trpcError = error['error'] as {
        message?: unknown;
        code?: unknown;
        data?: { code?: unknown; httpStatus?: unknown };
      };
      const fine =
        typeof trpcError?.message === 'string' &&
        typeof trpcError.code === 'number' &&
        typeof trpcError.data?.code === 'string' &&
        typeof trpcError.data?.httpStatus === 'number' &&
        trpcError.data.httpStatus >= 400 &&
        trpcError.data.httpStatus < 500;
      if (!fine) return `answered ${answer.status} without the tRPC error shape`;
    }
  }
  return undefined;
}

/** Runs `work` over `items` with at most `concurrency` at a time. */
async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

// ---- the test -----------------------------------------------------------------------------------

describe('hostile input on every door (fuzz)', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let app: NestExpressApplication;
  let port: number;
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const serverErrors: string[] = [];

  const SEEDED_TABLES = ['categories', 'posts', 'about', 'general_info', 'users'] as const;
  const seededRows = () =>
    Promise.all(
      SEEDED_TABLES.map((table) =>
        database.dataSource.query(`SELECT * FROM ${table} WHERE id < $1 ORDER BY id`, [
          Math.min(...Object.values(THROW_AWAY_IDS)),
        ]),
      ),
    );

  /** The throw-away rows, (re)made before each target: an earlier one may have changed or deleted them. */
  async function ensureThrowAwayRows(): Promise<void> {
    const ids = THROW_AWAY_IDS;
    const sql = (statement: string, parameters: unknown[]) =>
      database.dataSource.query(`${statement} ON CONFLICT DO NOTHING`, parameters);
    await sql(`INSERT INTO categories (id, name, slug) VALUES ($1, 'Throw-away', 'throw-away-category')`, [
      ids.category,
    ]);
    await sql(`INSERT INTO posts (id, category_id, title, slug) VALUES ($1, $2, 'Throw-away', 'throw-away-post')`, [
      ids.post,
      ids.category,
    ]);
    // In the trash again, should an earlier target have restored it.
    await database.dataSource.query(
      `INSERT INTO posts (id, category_id, title, slug, deleted_at) VALUES ($1, $2, 'Throw-away', 'throw-away-trashed', now())
       ON CONFLICT (id) DO UPDATE SET deleted_at = now()`,
      [ids.trashedPost, ids.category],
    );
    await sql(
      `INSERT INTO users (id, email, name, password_hash) VALUES ($1, 'throw-away@example.com', 'Throw-away', 'x')`,
      [ids.user],
    );
    await sql(
      `INSERT INTO contact_messages (id, name, email, message) VALUES ($1, 'Throw-away', 'throw-away@example.com', 'Throw-away')`,
      [ids.message],
    );
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    config = testConfig({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await seedFromConfig(database.dataSource, config, { assetsDir: DEMO_ASSETS_DIR });
    const logger = {
      log: () => undefined,
      warn: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
      error: (message: unknown, ...rest: unknown[]) =>
        void serverErrors.push([message, ...rest].map(String).join(' ').slice(0, 500)),
    };
    app = await createApp(config, database.url, { logger });
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
  }, 60_000);

  afterAll(async () => {
    agent.destroy();
    await app?.close();
    await database?.drop();
  });

  it('takes the text of every input of every route and procedure through the one text rule', () => {
    const inputs = [
      ...restTargets(app).flatMap((target) => [
        ...Object.entries(target.params).map(([name, schema]) => ({
          name: `${target.method} ${target.path} :${name}`,
          schema,
        })),
        { name: `${target.method} ${target.path} query`, schema: target.query },
        { name: `${target.method} ${target.path} body`, schema: target.body },
      ]),
      ...trpcTargets(app.get(AppRouterFactory).create()).map((target) => ({
        name: `trpc ${target.path}`,
        schema: target.input,
      })),
    ];
    const texts = inputs.flatMap(({ name, schema }) => (schema ? textSchemasOf(schema, name) : []));
    expect(texts.length).toBeGreaterThan(50);
    const outsideTheRule = texts
      .filter(({ schema }) => schema.safeParse('a\u0000b').error?.issues[0]?.message !== INVALID_TEXT_ERRORS.nul)
      .map(({ path }) => path);
    expect(outsideTheRule).toEqual([]);
  });

  it('answers every route and procedure, anonymous and as admin, with no 5xx, the JSON error shape and only the answers the OpenAPI document lists; nothing stored is lost', async () => {
    const before = await seededRows();
    const router = app.get(AppRouterFactory).create();
    const targets: Target[] = [...restTargets(app), ...trpcTargets(router)];
    // Sanity: discovery found both doors, and the routes this suite knows to exist.
    expect(targets.filter((target) => target.door === 'rest').length).toBeGreaterThan(30);
    expect(targets.filter((target) => target.door === 'trpc').length).toBeGreaterThan(30);
    expect(targets).toEqual(
      expect.arrayContaining([expect.objectContaining({ door: 'rest', method: 'PUT', path: '/api/posts/:id' })]),
    );

    // Sign in as admin through the real login (before the anonymous fuzz spends the address's sign-in attempts).
    const login = await send(port, agent, {
      method: 'POST',
      path: '/api/auth/login',
      headers: JSON_TYPE,
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const adminCookie = [login.headers['set-cookie'] ?? []]
      .flat()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');

    // Signing out (or changing one's own access) last, so that the admin stays signed in for the rest.
    const endsSession = (target: Target) => /logout/i.test(target.path);
    const ordered = [...targets.filter((target) => !endsSession(target)), ...targets.filter(endsSession)];

    // The REST targets are the document's operations, one for one (their inputs come from the same pipes' schemas).
    const openApi = app.get(OpenApiService);
    const checker = openApi.answerChecker();
    const operations = Object.entries(openApi.document().paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const answersAPage = (target: RestTarget, status: number) => {
      const path = target.path.replace(/:(\w+)/g, '{$1}');
      const operation = openApi.document().paths[path]?.[target.method.toLowerCase() as 'get'];
      return Boolean(operation?.responses?.[status]?.content?.['text/html']);
    };
    const restRoutes = targets.flatMap((target) =>
      target.door === 'rest' ? [`${target.method} ${target.path.replace(/:(\w+)/g, '{$1}')}`] : [],
    );
    expect([...new Set(restRoutes)].sort()).toEqual(operations.sort());

    const problems: string[] = [];
    let sent = 0;
    const started = Date.now();
    for (const caller of ['admin', 'anonymous'] as const) {
      for (const target of ordered) {
        await ensureThrowAwayRows();
        const cases = target.door === 'rest' ? restCases(target, caller) : trpcCases(target, caller);
        await inParallel(cases, 4, async (entry) => {
          const name = target.door === 'rest' ? `${target.method} ${target.path}` : `trpc ${target.path}`;
          sent += 1;
          try {
            const answer = await send(port, agent, entry.request, caller === 'admin' ? adminCookie : undefined);
            const problem = problemWith(target, answer, target.door === 'rest' && answersAPage(target, answer.status));
            if (problem) problems.push(`${caller} ${name} (${entry.label}): ${problem}: ${answer.text.slice(0, 300)}`);
            // Only answers the OpenAPI document lists for the route, as it describes them.
            if (target.door === 'rest') {
              const { status, headers, text } = answer;
              const found = checker.problemsOf({ method: target.method, route: target.path, status, headers, text });
              for (const undocumented of found ?? ['the route is not in the OpenAPI document']) {
                problems.push(`${caller} ${name} (${entry.label}) → ${status}: ${undocumented}: ${text.slice(0, 200)}`);
              }
            }
          } catch (error) {
            problems.push(`${caller} ${name} (${entry.label}): no answer: ${(error as Error).message}`);
          }
        });
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(`fuzz: ${sent} requests to ${targets.length} routes and procedures in ${seconds.toFixed(1)} s`);

    // Nothing seeded changed (the admin's name included: the profile fuzz never passes the current password).
    const after = await seededRows();
    const changedRows = SEEDED_TABLES.flatMap((table, index) =>
      (before[index] as Array<Record<string, unknown>>).flatMap((row) => {
        const now = (after[index] as Array<Record<string, unknown>>).find((candidate) => candidate['id'] === row['id']);
        if (!now) return [`${table} #${row['id']}: deleted`];
        const columns = Object.keys(row).filter(
          (column) => JSON.stringify(row[column]) !== JSON.stringify(now[column]),
        );
        return columns.length
          ? [
              `${table} #${row['id']}: ${columns.map((column) => `${column} ${JSON.stringify(now[column]).slice(0, 80)}`).join(', ')}`,
            ]
          : [];
      }),
    );
    // Nothing leaked into the prototypes of this process (the server runs in it).
    const polluted = Object.keys(Object.prototype);
    expect({ problems, serverErrors, changedRows, polluted }).toEqual({
      problems: [],
      serverErrors: [],
      changedRows: [],
      polluted: [],
    });
    expect(sent).toBeGreaterThan(2_000);
  }, 240_000);
});
