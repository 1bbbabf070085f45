import type request from 'supertest';
import { z } from 'zod';
import { TESTIMONIALS_NAME_MAX_LENGTH, testimonialsSchema, OK } from '@blog/contracts';
import { TestimonialsEntity } from '@blog/api/data';
import { expectAdminOnly, invalidInput, trpcHttp, useTestApp, type TestAgent as Agent } from '@blog/api/testing';
import { TestimonialsModule } from './testimonials.module';
import { TestimonialsRouter } from './testimonials.router';

/** tRPC over HTTP as the client sends it, under the domain's app-router name. */
const testimonialsTrpc = trpcHttp<TestimonialsRouter['router']>('testimonials');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);

describe('testimonials (REST and tRPC)', () => {
  const t = useTestApp([TestimonialsModule], {
    trpc: (nest) => ({ testimonials: nest.get(TestimonialsRouter).router }),
    signIn: true,
  });

  const records = () => t.database.dataSource.getRepository(TestimonialsEntity);
  const create = (name: string) => records().save(records().create({ name }));

  beforeEach(async () => {
    await records().clear();
  });

  describe('the public reads', () => {
    it('answers every record in creation order, the same on GET /api/testimonials and tRPC testimonials.list', async () => {
      const first = await create('First');
      const second = await create('Second');

      const rest = await t.anonymous.get('/api/testimonials').expect(200);
      expect(
        z
          .array(testimonialsSchema.strict())
          .parse(rest.body)
          .map(({ id, name }) => ({ id, name })),
      ).toEqual([
        { id: first.id, name: 'First' },
        { id: second.id, name: 'Second' },
      ]);
      expect((await testimonialsTrpc.query(t.anonymous, 'list').expect(200)).body.result.data).toEqual(rest.body);
    });

    it('answers one record on GET /api/testimonials/:id and tRPC testimonials.byId; 404 when unknown, 400 for a bad id', async () => {
      const record = await create('One');
      const rest = await t.anonymous.get(`/api/testimonials/${record.id}`).expect(200);
      expect(testimonialsSchema.strict().parse(rest.body)).toEqual({
        id: record.id,
        name: 'One',
        created_at: record.created_at.toISOString(),
        updated_at: record.updated_at.toISOString(),
      });
      expect(
        (await testimonialsTrpc.query(t.anonymous, 'byId', { id: record.id }).expect(200)).body.result.data,
      ).toEqual(rest.body);

      expect((await t.anonymous.get('/api/testimonials/999999').expect(404)).body).toMatchObject({
        statusCode: 404,
        message: 'Testimonials not found',
      });
      expect((await testimonialsTrpc.query(t.anonymous, 'byId', { id: 999999 }).expect(404)).body.error.data.code).toBe(
        'NOT_FOUND',
      );
      expect(fieldsOf((await t.anonymous.get('/api/testimonials/abc').expect(400)).body.errors)).toEqual(['id']);
      const badId = await testimonialsTrpc.query(t.anonymous, 'byId', invalidInput({ id: 'abc' })).expect(400);
      expect(fieldsOf(badId.body.error.data.fieldErrors)).toEqual(['id']);
    });
  });

  describe('access: anonymous → 401, signed-in non-admin → 403, admin → 200', () => {
    const doors: Array<[string, (agent: Agent, id: number) => request.Test]> = [
      ['POST /api/testimonials', (agent) => agent.post('/api/testimonials').send({ name: 'New' })],
      ['PUT /api/testimonials/:id', (agent, id) => agent.put(`/api/testimonials/${id}`).send({ name: 'Renamed' })],
      ['DELETE /api/testimonials/:id', (agent, id) => agent.delete(`/api/testimonials/${id}`)],
      ['tRPC testimonials.create', (agent) => testimonialsTrpc.mutation(agent, 'create', { name: 'New' })],
      ['tRPC testimonials.update', (agent, id) => testimonialsTrpc.mutation(agent, 'update', { id, name: 'Renamed' })],
      ['tRPC testimonials.delete', (agent, id) => testimonialsTrpc.mutation(agent, 'delete', { id })],
    ];

    it.each(doors)('%s', async (door, call) => {
      const record = await create('Original');

      await expectAdminOnly(door, (agent) => call(agent, record.id), t);
      // Nothing changed for the refused calls.
      expect(await records().find()).toEqual([record]);

      await call(t.admin, record.id).expect(200);
    });
  });

  describe('the admin writes, on both doors', () => {
    it('creates a record from the trimmed name and answers it', async () => {
      const rest = await t.admin.post('/api/testimonials').send({ name: '  Xin chào  ' }).expect(200);
      expect(testimonialsSchema.strict().parse(rest.body)).toMatchObject({ name: 'Xin chào' });
      const trpc = await testimonialsTrpc.mutation(t.admin, 'create', { name: ' Thơ ' }).expect(200);
      expect(testimonialsSchema.strict().parse(trpc.body.result.data)).toMatchObject({ name: 'Thơ' });

      const stored = await records().find({ order: { id: 'ASC' } });
      expect(stored.map(({ id, name }) => ({ id, name }))).toEqual([
        { id: rest.body.id, name: 'Xin chào' },
        { id: trpc.body.result.data.id, name: 'Thơ' },
      ]);
    });

    it.each([
      ['a blank name', { name: '   ' }],
      ['no name', {}],
      ['a name that is not text', { name: 12 }],
      ['a name that is too long', { name: 'x'.repeat(TESTIMONIALS_NAME_MAX_LENGTH + 1) }],
      ['a name with a NUL character', { name: 'a\u0000b' }],
    ])('answers 400 naming name for %s, storing nothing', async (_case, body) => {
      const rest = await t.admin.post('/api/testimonials').send(body).expect(400);
      expect(rest.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(fieldsOf(rest.body.errors)).toEqual(['name']);
      const trpc = await testimonialsTrpc.mutation(t.admin, 'create', invalidInput(body)).expect(400);
      expect(trpc.body.error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
      expect(fieldsOf(trpc.body.error.data.fieldErrors)).toEqual(['name']);

      const record = await create('Kept');
      expect(
        fieldsOf((await t.admin.put(`/api/testimonials/${record.id}`).send(body).expect(400)).body.errors),
      ).toEqual(['name']);
      await testimonialsTrpc.mutation(t.admin, 'update', invalidInput({ ...body, id: record.id })).expect(400);
      expect(await records().find()).toEqual([record]);
    });

    it('renames a record and answers it; 404 for an unknown id', async () => {
      const record = await create('Old');
      const rest = await t.admin.put(`/api/testimonials/${record.id}`).send({ name: ' New ' }).expect(200);
      expect(testimonialsSchema.strict().parse(rest.body)).toMatchObject({ id: record.id, name: 'New' });
      expect(new Date(rest.body.updated_at).getTime()).toBeGreaterThanOrEqual(record.updated_at.getTime());
      const trpc = await testimonialsTrpc.mutation(t.admin, 'update', { id: record.id, name: 'Newer' }).expect(200);
      expect(trpc.body.result.data).toMatchObject({ id: record.id, name: 'Newer' });
      expect(await records().findOneByOrFail({ id: record.id })).toMatchObject({ name: 'Newer' });

      expect((await t.admin.put('/api/testimonials/999999').send({ name: 'X' }).expect(404)).body.message).toBe(
        'Testimonials not found',
      );
      const unknown = await testimonialsTrpc.mutation(t.admin, 'update', { id: 999999, name: 'X' }).expect(404);
      expect(unknown.body.error.data.code).toBe('NOT_FOUND');
    });

    it('deletes a record, answering {status: 200}; 404 for an unknown id', async () => {
      const [first, second] = [await create('First'), await create('Second')];
      expect((await t.admin.delete(`/api/testimonials/${first.id}`).expect(200)).body).toEqual(OK);
      expect(
        (await testimonialsTrpc.mutation(t.admin, 'delete', { id: second.id }).expect(200)).body.result.data,
      ).toEqual(OK);
      expect(await records().count()).toBe(0);

      expect((await t.admin.delete(`/api/testimonials/${first.id}`).expect(404)).body.message).toBe(
        'Testimonials not found',
      );
      const unknown = await testimonialsTrpc.mutation(t.admin, 'delete', { id: first.id }).expect(404);
      expect(unknown.body.error.data.code).toBe('NOT_FOUND');
    });
  });
});
