import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { z } from 'zod';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { ZodValidationPipe } from '@blog/api/http';
import { AnswerChecker } from './conformance';
import { discoverRoutes } from './discovered-routes';
import { buildOpenApiDocument, driftOf } from './openapi-document';
import { describeRoutes } from './route-docs';

const noteSchema = z.object({ title: z.string().min(1) });
const noteIdSchema = z.coerce.number().int().positive();

@Controller('notes')
class NotesController {
  @Get(':id')
  get(@Param('id', new ZodValidationPipe(noteIdSchema, 'id')) id: number) {
    return { id, title: 'a note' };
  }

  @Post()
  @HttpCode(200)
  @UseGuards(AdminGuard)
  @TokenScope('content:write')
  create(@Body(new ZodValidationPipe(noteSchema)) body: z.infer<typeof noteSchema>) {
    return body;
  }

  @Get()
  list() {
    return [];
  }
}

describeRoutes('Notes', {
  'GET /api/notes/{id}': { summary: 'One note', answers: { 200: z.object({ id: z.number(), title: z.string() }) } },
  'POST /api/notes': { summary: 'Create a note', answers: { 200: noteSchema }, errors: [409] },
  'DELETE /api/notes/{id}': { summary: 'A description without a route', answers: { 200: {} } },
});

describe('the OpenAPI document from Nest routes and the domains’ tables', () => {
  let modules: ModulesContainer;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [NotesController] }).compile();
    modules = moduleRef.get(ModulesContainer);
  });

  it('reads paths, status, guards, token scope and the pipes’ schemas from the controller', () => {
    const routes = discoverRoutes(modules);
    const create = routes.find((route) => route.method === 'POST');
    expect(create).toMatchObject({ path: '/api/notes', status: 200, guards: ['AdminGuard'], scope: 'content:write' });
    expect(create?.body).toBe(noteSchema);
    expect(routes.find((route) => route.path === '/api/notes/{id}')?.params[0]?.schema).toBe(noteIdSchema);
  });

  it('names the drift both ways', () => {
    const drift = driftOf(discoverRoutes(modules));
    expect(drift.undescribed).toEqual(['GET /api/notes']);
    expect(drift.unregistered).toEqual(expect.arrayContaining(['DELETE /api/notes/{id}']));
  });

  it('writes security, inferred errors and bodies from the contracts', () => {
    const document = buildOpenApiDocument(discoverRoutes(modules));
    const create = document.paths['/api/notes']?.['post'];
    expect(create?.security).toEqual([{ cookieSession: [] }, { bearerAuth: ['content:write'] }]);
    expect(Object.keys(create?.responses ?? {})).toEqual(['200', '400', '401', '403', '409', '413', '415', '503']);
    expect(create?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', required: ['title'] } } },
    });
    const get = document.paths['/api/notes/{id}']?.['get'];
    expect(get?.security).toEqual([]);
    expect(Object.keys(get?.responses ?? {})).toEqual(['200', '304', '400', '404', '503']);
    expect(document.paths['/api/notes']?.['get']).toBeUndefined();
  });

  it('checks answers: status listed, body matching, conventional headers declared', () => {
    const checker = new AnswerChecker(buildOpenApiDocument(discoverRoutes(modules)));
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
      method: 'GET',
      route: '/api/notes/:id',
      status,
      headers: { ...json, ...headers },
      text: JSON.stringify(body),
    });
    expect(checker.problemsOf(answer(200, { id: 1, title: 'a' }, { etag: '"v1"' }))).toEqual([]);
    expect(checker.problemsOf(answer(404, { statusCode: 404, error: 'Not Found', message: 'No note' }))).toEqual([]);
    expect(checker.problemsOf(answer(409, {}))).toEqual([expect.stringContaining('status 409 is not listed')]);
    expect(checker.problemsOf(answer(200, { id: 'one' }))).toEqual([expect.stringContaining('does not match')]);
    expect(checker.problemsOf(answer(404, { message: 'no shape' }))).toEqual([
      expect.stringContaining('does not match'),
    ]);
    expect(
      checker.problemsOf(answer(404, { statusCode: 404, error: 'Not Found', message: 'x' }, { link: '<x>' })),
    ).toEqual(['header link is sent but not declared']);
    expect(checker.problemsOf({ ...answer(200, {}), route: '/api/elsewhere' })).toBeUndefined();
  });
});
