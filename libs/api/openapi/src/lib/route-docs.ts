import type { z } from 'zod';

/** A JSON Schema (2020-12) written out, for what no zod contract describes (a form's file, a header). */
export type JsonSchema = Record<string, unknown>;

/** One answer of a route: a zod schema stands for a JSON body; else its content type, schema and headers. */
export interface ApiAnswerDoc {
  description?: string;
  /** The JSON body (zod contract), or the schema of a non-JSON body. */
  schema?: z.ZodType | JsonSchema;
  /** `application/json` unless told (`application/xml`, `text/html`, `application/octet-stream` ...). */
  contentType?: string | string[];
  /** Answer headers beside the conventional ones (ETag, Link, Retry-After are added by the generator). */
  headers?: Record<string, { description: string; required?: boolean; schema?: JsonSchema }>;
}

/** A request body that is not JSON (a multipart form), or JSON described without a pipe. */
export interface ApiBodyDoc {
  contentType: string;
  schema?: z.ZodType | JsonSchema;
  required?: boolean;
}

/**
 * How one route is described, beside its controller. What the controller already says is read from it
 * and never repeated here: the path, method, guards (security), token scope, success status and the
 * schemas of its `ZodValidationPipe`s (path parameters, query, body).
 */
export interface ApiRouteDoc {
  summary: string;
  description?: string;
  /** The success (and redirect) answers by status: a zod schema is a JSON body. */
  answers: Record<number, z.ZodType | ApiAnswerDoc>;
  /**
   * Error statuses beyond those the generator infers: 400 (validated input), 401/403 (a guard),
   * 413 (a body), 503 (the database out). All share the one error shape.
   */
  errors?: number[];
  /** A query or body no pipe validates (the pipe's schema wins when there is one). */
  query?: z.ZodType | JsonSchema;
  body?: z.ZodType | ApiBodyDoc;
  /** `If-Match: "v<version>"` is read (optimistic concurrency): 412 when stale. */
  ifMatch?: boolean;
  /** A paged list: `Link` (rel next/prev) on its answer. */
  paged?: boolean;
  /** Not for outside callers (a door of the admin's own screens); still described. */
  internal?: boolean;
}

/** A domain's routes keyed `METHOD /path` as the document writes them: `'PUT /api/categories/{id}'`. */
export type ApiRouteTable = Record<string, ApiRouteDoc>;

export interface RegisteredRoutes {
  tag: string;
  description?: string;
  routes: ApiRouteTable;
}

const registry = new Map<string, { tag: string; doc: ApiRouteDoc }>();
const tags = new Map<string, string | undefined>();

/**
 * Registers a domain's route descriptions (called once, from its `*.openapi.ts`, exported by the domain's
 * barrel so that loading the domain loads them): the OpenAPI document is built from these and the routes
 * Nest registers, and a test fails when the two disagree.
 */
export function describeRoutes(tag: string, routes: ApiRouteTable, description?: string): RegisteredRoutes {
  tags.set(tag, description);
  for (const [key, doc] of Object.entries(routes)) {
    const known = registry.get(key);
    if (known && known.doc !== doc) throw new Error(`OpenAPI: ${key} is described twice (${known.tag}, ${tag})`);
    registry.set(key, { tag, doc });
  }
  return { tag, description, routes };
}

/** Every description registered so far, by `METHOD /path`. */
export function registeredRouteDocs(): ReadonlyMap<string, { tag: string; doc: ApiRouteDoc }> {
  return registry;
}

export function registeredTags(): ReadonlyMap<string, string | undefined> {
  return tags;
}

/** The public reads' `?lang=`, as every route taking it describes it. */
export const LANG_QUERY_DESCRIPTION =
  "`?lang=`: the language to read (`en`, `vi`), else the site's default; 404 naming `lang` for a language " +
  'the site does not run.';
