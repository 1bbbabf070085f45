import { RequestMethod, type Type } from '@nestjs/common';
import {
  GUARDS_METADATA,
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { ModulesContainer } from '@nestjs/core';
import type { z } from 'zod';
import { TOKEN_SCOPE_KEY } from '@blog/api/security';
import { REST_PREFIX, ROOT_GET_PATHS, ZodValidationPipe } from '@blog/api/http';

/** A route as Nest registered it, with what its decorators say. */
export interface DiscoveredRoute {
  method: string;
  /** As the document writes it: `/api/categories/{id}`. */
  path: string;
  /** As Express matches it: `/api/categories/:id`. */
  expressPath: string;
  /** The status Nest answers on success (`@HttpCode`, else 201 for POST, 200 otherwise). */
  status: number;
  guards: string[];
  scope?: string;
  params: Array<{ name: string; schema?: z.ZodType }>;
  query?: z.ZodType;
  queryParams: Array<{ name: string; schema?: z.ZodType }>;
  body?: z.ZodType;
  hasBody: boolean;
  controller: string;
}

const normalise = (path: string) => `/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');

/** Every route of every controller in the app's modules (the same metadata Nest's router reads). */
export function discoverRoutes(modules: ModulesContainer): DiscoveredRoute[] {
  const routes: DiscoveredRoute[] = [];
  const seen = new Set<Type>();
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller || seen.has(controller)) continue;
      seen.add(controller);
      const prefixes = [Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined].flat();
      const classGuards = (Reflect.getMetadata(GUARDS_METADATA, controller) ?? []) as Array<{ name: string }>;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function') continue;
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (requestMethod === undefined || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const method = RequestMethod[requestMethod];
        const guards = [
          ...classGuards,
          ...((Reflect.getMetadata(GUARDS_METADATA, handler) ?? []) as Array<{ name: string }>),
        ];
        const scope = (Reflect.getMetadata(TOKEN_SCOPE_KEY, handler) ??
          Reflect.getMetadata(TOKEN_SCOPE_KEY, controller)) as string | undefined;
        const code = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
          string,
          { data?: string; pipes?: unknown[] }
        >;
        const params: DiscoveredRoute['params'] = [];
        const queryParams: DiscoveredRoute['queryParams'] = [];
        let query: z.ZodType | undefined;
        let body: z.ZodType | undefined;
        let hasBody = false;
        for (const [key, arg] of Object.entries(args)) {
          const type = Number(key.split(':')[0]);
          const schema = (arg.pipes?.find((pipe) => pipe instanceof ZodValidationPipe) as ZodValidationPipe<z.ZodType>)
            ?.schema;
          if (type === RouteParamtypes.BODY) {
            hasBody = true;
            if (!arg.data) body = schema;
          }
          if (type === RouteParamtypes.QUERY) {
            if (arg.data) queryParams.push({ name: arg.data, schema });
            else query = schema;
          }
          if (type === RouteParamtypes.PARAM && arg.data) params.push({ name: arg.data, schema });
        }
        for (const prefix of prefixes) {
          for (const local of [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat()) {
            const path = normalise(`${prefix ?? ''}/${local}`);
            const atRoot = method === 'GET' && ROOT_GET_PATHS.includes(path);
            const expressPath = atRoot ? path : normalise(`/${REST_PREFIX}/${path}`);
            const pathNames = [...expressPath.matchAll(/:(\w+)/g)].map(([, param]) => param);
            routes.push({
              method,
              path: expressPath.replace(/:(\w+)/g, '{$1}'),
              expressPath,
              status: code ?? (method === 'POST' ? 201 : 200),
              guards: guards.map((guard) => guard.name),
              scope,
              params: pathNames.map((param) => params.find((known) => known.name === param) ?? { name: param }),
              query,
              queryParams,
              body,
              hasBody,
              controller: controller.name,
            });
          }
        }
      }
    }
  }
  return routes;
}
