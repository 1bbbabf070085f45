import { z } from 'zod';
import { apiTokenScopes } from '@blog/contracts';
import { SESSION_COOKIE } from '@blog/api/security';
import type { DiscoveredRoute } from './discovered-routes';
import {
  registeredRouteDocs,
  registeredTags,
  type ApiAnswerDoc,
  type ApiRouteDoc,
  type JsonSchema,
} from './route-docs';

export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
} & Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: Array<Record<string, unknown>>;
  requestBody?: Record<string, unknown>;
  responses: Record<string, OpenApiResponse>;
  security: Array<Record<string, string[]>>;
  [key: string]: unknown;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { description?: string; required?: boolean; schema?: JsonSchema }>;
  content?: Record<string, { schema?: JsonSchema }>;
}

const SCHEMA_REF = '#/components/schemas/';

/** The spec's REST error body (`HttpExceptionFilter`, `ApiErrorBody` in the contracts). */
const FIELD_ERROR: JsonSchema = {
  type: 'object',
  required: ['field', 'message'],
  properties: { field: { type: 'string' }, message: { type: 'string' } },
};
const ERROR: JsonSchema = {
  type: 'object',
  description:
    'Every REST error: the status again, its reason, a message, and for bad input which field failed and why. ' +
    'A 412 (a save over a stale version) carries the record as it is now (`current`) and who changed it (`changed`).',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    errors: { type: 'array', items: { $ref: `${SCHEMA_REF}FieldError` } },
    current: {},
    changed: {},
  },
};
/** RFC 9457 problem details, sent instead when the request's `Accept` asks for `application/problem+json`. */
const PROBLEM: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details (opt-in through `Accept: application/problem+json`).',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string' },
    errors: { type: 'array', items: { $ref: `${SCHEMA_REF}FieldError` } },
  },
};

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  301: 'Moved permanently',
  302: 'Found (a redirect)',
  304: 'Not modified: the copy named by `If-None-Match` is still current',
  400: 'Bad input: `errors` names each field and why',
  401: 'Not signed in (no session, or no valid token)',
  403: "Forbidden: not an administrator, a token without the route's scope, or a cross-site write (see `cookieSession`)",
  404: 'Not found',
  409: 'Conflict (a unique name or slug is taken, or the state does not allow it)',
  412: 'Precondition failed: `If-Match` names a version the record no longer has (`current`, `changed` beside)',
  413: 'The body is too large',
  415: 'Unsupported media type',
  429: 'Too many requests: wait `Retry-After` seconds',
  503: 'Unavailable (the database is out): try again after `Retry-After` seconds',
};

const RETRY_AFTER = {
  description: 'Seconds to wait before trying again.',
  required: false,
  schema: { type: 'string' },
};
const ETAG = {
  description: 'The version of this answer, for `If-None-Match` (and `If-Match` on a save).',
  schema: { type: 'string' },
};
const LINK = {
  description: 'RFC 8288 links to the neighbouring pages of a paged list (`rel="next"`, `rel="prev"`).',
  schema: { type: 'string' },
};

export const SECURITY_SCHEMES = {
  cookieSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      `The session cookie (\`${SESSION_COOKIE}\`) set by \`POST /api/auth/login\` (and \`/api/auth/second-factor\` when two-factor ` +
      'sign-in is on). A write (POST, PUT, PATCH, DELETE) that carries an `Origin` (or else `Referer`) of another ' +
      'site is refused with 403 (CSRF defence beside `SameSite=Lax`); scripts that send neither header pass.',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API token (Profile → API tokens) as `Authorization: Bearer <token>`: no cookie, no Origin check, works ' +
      'with two-factor sign-in on. Each token carries scopes; a route lists the one it needs ' +
      `(${apiTokenScopes.map((scope) => `\`${scope}\``).join(', ')}) and answers 403 naming it otherwise. ` +
      'Routes that list no scope accept only the session.',
  },
};

/** A zod contract as JSON Schema 2020-12 (what a request may send: `input`; what an answer holds: `output`). */
function jsonSchemaOf(schema: z.ZodType | JsonSchema, io: 'input' | 'output', hoisted: Record<string, JsonSchema>) {
  if (!(schema instanceof z.ZodType)) return schema;
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json['$schema'];
  const defs = json['$defs'] as Record<string, JsonSchema> | undefined;
  if (!defs) return json;
  // Definitions move to components (a document has one root), named apart per use.
  delete json['$defs'];
  const prefix = `Def${Object.keys(hoisted).length}_`;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) =>
          key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
            ? [key, `${SCHEMA_REF}${prefix}${inner.slice('#/$defs/'.length)}`]
            : [key, rewrite(inner)],
        ),
      );
    }
    return value;
  };
  for (const [name, def] of Object.entries(defs)) hoisted[`${prefix}${name}`] = rewrite(def) as JsonSchema;
  return rewrite(json) as JsonSchema;
}

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

function errorResponse(status: number): OpenApiResponse {
  return {
    description: REASONS[status] ?? 'Error',
    ...(status === 429 || status === 503 ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
    ...(status === 412 ? { headers: { ETag: { ...ETAG, description: 'The version the record has now.' } } } : {}),
    content: {
      'application/json': { schema: { $ref: `${SCHEMA_REF}Error` } },
      'application/problem+json': { schema: { $ref: `${SCHEMA_REF}Problem` } },
    },
  };
}

function answerResponse(
  status: number,
  answer: z.ZodType | ApiAnswerDoc,
  route: DiscoveredRoute,
  doc: ApiRouteDoc,
  hoisted: Record<string, JsonSchema>,
): OpenApiResponse {
  const described: ApiAnswerDoc = answer instanceof z.ZodType ? { schema: answer } : answer;
  const headers: NonNullable<OpenApiResponse['headers']> = {};
  if (route.method === 'GET' && status === 200) headers['ETag'] = ETAG;
  if (doc.paged && status === 200) headers['Link'] = LINK;
  for (const [name, header] of Object.entries(described.headers ?? {})) {
    headers[name] = { schema: { type: 'string' }, ...header };
  }
  const types = [described.contentType ?? (described.schema ? 'application/json' : [])].flat();
  return {
    description: described.description ?? REASONS[status] ?? 'Answer',
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(types.length > 0
      ? {
          content: Object.fromEntries(
            types.map((type) => [
              type,
              described.schema
                ? { schema: jsonSchemaOf(described.schema, 'output', hoisted) }
                : isJson(type)
                  ? {}
                  : { schema: { type: 'string' } },
            ]),
          ),
        }
      : {}),
  };
}

/** Query parameters from an object schema (each property its own parameter, as OpenAPI wants). */
function queryParameters(schema: JsonSchema): Array<Record<string, unknown>> {
  const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

const operationIdOf = (route: DiscoveredRoute) =>
  `${route.method.toLowerCase()}${route.path
    .replace(/^\/api/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('')}`;

export const routeKey = (route: Pick<DiscoveredRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** Routes Nest registers that no description covers, and descriptions of no registered route (drift both ways). */
export function driftOf(routes: DiscoveredRoute[], docs: ReadonlyMap<string, unknown> = registeredRouteDocs()) {
  const keys = new Set(routes.map(routeKey));
  return {
    undescribed: routes.map(routeKey).filter((key) => !docs.has(key)),
    unregistered: [...docs.keys()].filter((key) => !keys.has(key)),
  };
}

/**
 * The OpenAPI 3.1 document of the routes Nest registers, described by the domains' tables
 * (`describeRoutes`): what the controllers say (path, method, guards, token scope, status, pipes'
 * schemas) is read from them, the rest from the tables. A registered route without a description is
 * left out here (the drift test names it).
 */
export function buildOpenApiDocument(routes: DiscoveredRoute[], version = '1'): OpenApiDocument {
  const docs = registeredRouteDocs();
  const hoisted: Record<string, JsonSchema> = {};
  const paths: OpenApiDocument['paths'] = {};
  const usedTags = new Set<string>();
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    const described = docs.get(routeKey(route));
    if (!described) continue;
    const { doc, tag } = described;
    usedTags.add(tag);
    const parameters: Array<Record<string, unknown>> = route.params.map(({ name, schema }) => ({
      name,
      in: 'path',
      required: true,
      schema: schema ? jsonSchemaOf(schema, 'input', hoisted) : { type: 'string' },
    }));
    const query = route.query ?? doc.query;
    if (query) parameters.push(...queryParameters(jsonSchemaOf(query, 'input', hoisted)));
    for (const { name, schema } of route.queryParams) {
      parameters.push({
        name,
        in: 'query',
        required: false,
        schema: schema ? jsonSchemaOf(schema, 'input', hoisted) : { type: 'string' },
      });
    }
    if (route.method === 'GET') {
      parameters.push({
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'The `ETag` of a copy already held: 304 without a body when it is still current.',
        schema: { type: 'string' },
      });
    }
    if (doc.ifMatch) {
      parameters.push({
        name: 'If-Match',
        in: 'header',
        required: false,
        description:
          'The `ETag` (`"v<version>"`) of the copy this save was made from: 412 when the record changed since.',
        schema: { type: 'string' },
      });
    }
    const guarded = route.guards.length > 0;
    const errors = new Set<number>(doc.errors ?? []);
    errors.add(503);
    if (route.params.length > 0) errors.add(404);
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
    // Every write's body is parsed before the route (malformed JSON: 400; past the limit: 413; an encoding or
    // charset it cannot read: 415), used or not.
    if (route.params.length > 0 || query || route.queryParams.length > 0 || write || doc.body) errors.add(400);
    if (write || doc.body) errors.add(413).add(415);
    if (guarded) errors.add(401);
    if (route.guards.includes('AdminGuard') || route.scope) errors.add(403);
    if (write) errors.add(403);
    if (doc.ifMatch) errors.add(412);
    const responses: Record<string, OpenApiResponse> = {};
    for (const [status, answer] of Object.entries(doc.answers)) {
      responses[status] = answerResponse(Number(status), answer, route, doc, hoisted);
    }
    // A 304 carries the headers its 200 would (RFC 9110 15.4.5): the ETag, and a paged list's links.
    if (route.method === 'GET' && !responses['304'])
      responses['304'] = { description: REASONS[304], headers: { ETag: ETAG, ...(doc.paged ? { Link: LINK } : {}) } };
    for (const status of [...errors].sort()) responses[String(status)] ??= errorResponse(status);

    const bodySchema = route.body ?? doc.body;
    let requestBody: Record<string, unknown> | undefined;
    if (bodySchema) {
      const body =
        bodySchema instanceof z.ZodType ? { contentType: 'application/json', schema: bodySchema } : bodySchema;
      requestBody = {
        required: body.required ?? true,
        content: { [body.contentType]: body.schema ? { schema: jsonSchemaOf(body.schema, 'input', hoisted) } : {} },
      };
    } else if (route.hasBody) {
      requestBody = { required: false, content: { 'application/json': { schema: { type: 'object' } } } };
    }
    // `{}`: anyone may call a public route; a token with its scope may call it too.
    const bearer = route.scope ? [{ bearerAuth: [route.scope] }] : [];
    const security: OpenApiOperation['security'] = guarded
      ? [{ cookieSession: [] }, ...bearer]
      : bearer.length > 0
        ? [{}, ...bearer]
        : [];
    const operation: OpenApiOperation = {
      operationId: operationIdOf(route),
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      tags: [tag],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
      security,
      ...(route.scope ? { 'x-token-scope': route.scope } : {}),
      ...(doc.internal ? { 'x-internal': true } : {}),
    };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: "Phuong's Blog API",
      version,
      description: [
        'The REST API of the blog, the same services the admin uses. JSON in and out; every error is the one',
        '`Error` shape (or RFC 9457 problem details with `Accept: application/problem+json`).',
        '',
        'Authentication: the session cookie (sign in with `POST /api/auth/login`) or an API token sent as',
        '`Authorization: Bearer <token>` (Profile → API tokens), limited to its scopes:',
        ...apiTokenScopes.map((scope) => `- \`${scope}\``),
        '',
        'Conventions: reads answer an `ETag` and 304 to a matching `If-None-Match`; saves take `If-Match`',
        '(412 when stale); paged lists link their neighbours in `Link`; 429 and 503 say when to retry in `Retry-After`.',
      ].join('\n'),
    },
    servers: [{ url: '/' }],
    tags: [...registeredTags()]
      .filter(([name]) => usedTags.has(name))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, description]) => ({ name, ...(description ? { description } : {}) })),
    paths,
    components: {
      schemas: { Error: ERROR, FieldError: FIELD_ERROR, Problem: PROBLEM, ...hoisted },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
