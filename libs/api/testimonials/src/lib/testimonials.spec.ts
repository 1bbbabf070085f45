import type request from 'supertest';
import { z } from 'zod';
import {
  OK,
  publicTestimonialSchema,
  TESTIMONIAL_LIMITS,
  testimonialSchema,
  type TestimonialInput,
} from '@blog/contracts';
import { DomainEvents, type DomainEvent } from '@blog/api/core';
import { ProjectEntity, TestimonialEntity } from '@blog/api/data';
import {
  apiTokenAgent,
  eventually,
  expectAdminOnly,
  invalidInput,
  recordContentChanges,
  type TestAgent as Agent,
  trpcHttp,
  useTestApp,
} from '@blog/api/testing';
import { TestimonialsModule } from './testimonials.module';
import { TestimonialsRouter } from './testimonials.router';

/** tRPC over HTTP as the client sends it, under the domain's app-router name. */
const testimonialsTrpc = trpcHttp<TestimonialsRouter['router']>('testimonials');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);

const lan: TestimonialInput = {
  name: 'Nguyễn Thị Lan',
  role: 'Owner',
  company: 'Homestay Hà Giang',
  photo: 'lan.webp',
  quote: 'Bookings doubled in the first season.',
  project_id: 0, // set to a real project before each test
  consented_on: '2026-03-14',
  source_url: 'https://example.com/review',
};

describe('testimonials (REST and tRPC)', () => {
  const t = useTestApp([TestimonialsModule], {
    trpc: (nest) => ({ testimonials: nest.get(TestimonialsRouter).router }),
    signIn: true,
  });

  const records = () => t.database.dataSource.getRepository(TestimonialEntity);
  let position = 0;
  const create = (name: string, values: Partial<TestimonialEntity> = {}) =>
    records().save(
      records().create({
        name,
        quote: `${name} says so.`,
        consented_on: '2026-01-01',
        position: position++,
        ...values,
      }),
    );
  const heard: DomainEvent[] = [];

  beforeAll(() => t.app.get(DomainEvents).subscribe(async (event) => void heard.push(event)));
  const projects = () => t.database.dataSource.getRepository(ProjectEntity);
  const createProject = async (slug: string) =>
    (await projects().save(projects().create({ title: slug, slug, year_from: 2025 }))).id;
  beforeEach(async () => {
    await records().clear();
    await t.database.dataSource.query('DELETE FROM projects');
    lan.project_id = await createProject('homestay');
    heard.length = 0;
  });

  it('lists only the shown testimonials, in order and without the consent, the same on GET /api/gst-testimonials and tRPC testimonials.list', async () => {
    const second = await create('Second', { position: 5 });
    await create('Hidden', { position: 0, hidden: true });
    const first = await create('First', { position: 1 });

    const rest = await t.anonymous.get('/api/gst-testimonials').expect(200);
    const listed = z.array(publicTestimonialSchema.strict()).parse(rest.body);
    expect(listed.map(({ id }) => id)).toEqual([first.id, second.id]);
    expect(JSON.stringify(rest.body)).not.toContain('consented_on');
    expect((await testimonialsTrpc.query(t.anonymous, 'list').expect(200)).body.result.data).toEqual(rest.body);
  });

  describe('access: anonymous → 401, signed-in non-admin → 403, admin → 200', () => {
    const doors: Array<[string, (agent: Agent, testimonial: TestimonialEntity) => request.Test]> = [
      ['GET /api/testimonials', (agent) => agent.get('/api/testimonials')],
      ['GET /api/testimonials/:id', (agent, r) => agent.get(`/api/testimonials/${r.id}`)],
      ['POST /api/testimonials', (agent) => agent.post('/api/testimonials').send(lan)],
      ['PUT /api/testimonials/order', (agent, r) => agent.put('/api/testimonials/order').send({ ids: [r.id] })],
      ['PUT /api/testimonials/:id', (agent, r) => agent.put(`/api/testimonials/${r.id}`).send(lan)],
      ['DELETE /api/testimonials/:id', (agent, r) => agent.delete(`/api/testimonials/${r.id}`)],
      ['tRPC testimonials.adminList', (agent) => testimonialsTrpc.query(agent, 'adminList')],
      ['tRPC testimonials.byId', (agent, r) => testimonialsTrpc.query(agent, 'byId', { id: r.id })],
      ['tRPC testimonials.create', (agent) => testimonialsTrpc.mutation(agent, 'create', lan)],
      ['tRPC testimonials.reorder', (agent, r) => testimonialsTrpc.mutation(agent, 'reorder', { ids: [r.id] })],
      ['tRPC testimonials.update', (agent, r) => testimonialsTrpc.mutation(agent, 'update', { id: r.id, ...lan })],
      ['tRPC testimonials.delete', (agent, r) => testimonialsTrpc.mutation(agent, 'delete', { id: r.id })],
    ];

    it.each(doors)('%s', async (door, call) => {
      const testimonial = await create('Original', { hidden: true });
      const { anonymous, reader } = await expectAdminOnly(door, (agent) => call(agent, testimonial), t);
      expect(JSON.stringify([anonymous.body, reader.body])).not.toContain('Original');
      expect(await records().find()).toEqual([testimonial]);

      await call(t.admin, testimonial).expect(200);
    });

    it('takes API tokens by scope: content:read reads hidden ones, content:write writes, neither does the other', async () => {
      const hidden = await create('Hidden', { hidden: true });
      const reader = await apiTokenAgent(t, ['content:read']);
      const writer = await apiTokenAgent(t, ['content:write']);

      await reader.get(`/api/testimonials/${hidden.id}`).expect(200);
      await testimonialsTrpc.query(reader, 'adminList').expect(200);
      await reader.post('/api/testimonials').send(lan).expect(403);
      await writer.get('/api/testimonials').expect(403);
      await writer.post('/api/testimonials').send(lan).expect(200);
      await testimonialsTrpc.mutation(writer, 'delete', { id: hidden.id }).expect(200);
      expect((await records().find()).map(({ name }) => name)).toEqual([lan.name]);
    });
  });

  describe('the admin writes, on both doors', () => {
    it('creates a testimonial at the end of the list, with its project and consent, announced', async () => {
      await create('Existing', { position: 4 });
      const rest = await t.admin.post('/api/testimonials').send(lan).expect(200);
      expect(testimonialSchema.strict().parse(rest.body)).toMatchObject({
        ...lan,
        hidden: false,
        position: 5,
        version: 1,
      });
      const trpc = await testimonialsTrpc
        .mutation(t.admin, 'create', { name: 'Tom', quote: 'Fast.', consented_on: '2025-12-01', source_url: '' })
        .expect(200);
      expect(trpc.body.result.data).toMatchObject({ project_id: null, photo: null, source_url: null, position: 6 });
      expect(heard.map(({ event }) => event)).toEqual(['testimonial.created', 'testimonial.created']);
    });

    it.each([
      ['no consent date', { consented_on: undefined }, 'consented_on'],
      ['a consent date that is no day', { consented_on: '2026-02-30' }, 'consented_on'],
      ['a blank name', { name: ' ' }, 'name'],
      ['a blank quote', { quote: '' }, 'quote'],
      ['a quote too long', { quote: 'x'.repeat(TESTIMONIAL_LIMITS.quote + 1) }, 'quote'],
      ['a role too long', { role: 'x'.repeat(TESTIMONIAL_LIMITS.role + 1) }, 'role'],
      ['a source that is not http(s)', { source_url: 'javascript:alert(1)' }, 'source_url'],
      ['a source that is no address', { source_url: 'example.com' }, 'source_url'],
      ['a photo that is not an upload', { photo: '../secret.png' }, 'photo'],
      ['a project id that is not one', { project_id: 'three' }, 'project_id'],
      ['a project that does not exist', { project_id: 2147483647 }, 'project_id'],
    ])('answers 400 naming the field for %s, storing nothing', async (_case, change, field) => {
      const body = { ...lan, ...change };
      const rest = await t.admin.post('/api/testimonials').send(body).expect(400);
      expect(fieldsOf(rest.body.errors)).toEqual([field]);
      const trpc = await testimonialsTrpc.mutation(t.admin, 'create', invalidInput(body)).expect(400);
      expect(fieldsOf(trpc.body.error.data.fieldErrors)).toEqual([field]);
      expect(await records().count()).toBe(0);
    });

    it('saves over the version named, else 412 / CONFLICT naming who changed it; announces the save', async () => {
      const testimonial = await create('Versioned');
      expect((await t.admin.get(`/api/testimonials/${testimonial.id}`).expect(200)).headers['etag']).toBe('"v1"');
      const saved = await t.admin
        .put(`/api/testimonials/${testimonial.id}`)
        .set('If-Match', '"v1"')
        .send(lan)
        .expect(200);
      expect(saved.body).toMatchObject({ ...lan, version: 2 });

      const stale = await t.admin
        .put(`/api/testimonials/${testimonial.id}`)
        .set('If-Match', '"v1"')
        .send({ ...lan, quote: 'Stale' })
        .expect(412);
      expect(stale.body).toMatchObject({ current: saved.body, changed: { user_name: 'Admin', via: 'rest' } });
      const trpc = await testimonialsTrpc.mutation(t.admin, 'update', { id: testimonial.id, ...lan, version: 1 });
      expect(trpc.body.error.data).toMatchObject({ code: 'CONFLICT', conflict: { current: { version: 2 } } });
      expect((await records().findOneByOrFail({ id: testimonial.id })).quote).toBe(lan.quote);
      expect(heard.map(({ event }) => event)).toEqual(['testimonial.updated']);
    });

    it('answers 400 naming project_id when the project named is gone, on an update too', async () => {
      const testimonial = await create('Orphan');
      await t.database.dataSource.query('DELETE FROM projects');
      const rest = await t.admin.put(`/api/testimonials/${testimonial.id}`).send(lan).expect(400);
      expect(fieldsOf(rest.body.errors)).toEqual(['project_id']);
      const trpc = await testimonialsTrpc.mutation(t.admin, 'update', { id: testimonial.id, ...lan }).expect(400);
      expect(fieldsOf(trpc.body.error.data.fieldErrors)).toEqual(['project_id']);
      expect(await records().findOneByOrFail({ id: testimonial.id })).toEqual(testimonial);
    });

    it('keeps a testimonial, about no project, when its project is deleted for good', async () => {
      const projectId = await createProject('gone');
      const testimonial = await create('Kept', { project_id: projectId });
      await projects().delete({ id: projectId });
      expect(await records().findOneByOrFail({ id: testimonial.id })).toMatchObject({
        name: 'Kept',
        project_id: null,
      });
    });

    it('answers 404 for an unknown id on reads and writes; deletes and announces it', async () => {
      const testimonial = await create('Doomed');
      expect(
        (await testimonialsTrpc.mutation(t.admin, 'delete', { id: testimonial.id }).expect(200)).body.result.data,
      ).toEqual(OK);
      expect(heard).toEqual([{ event: 'testimonial.deleted', data: expect.objectContaining({ id: testimonial.id }) }]);
      expect((await t.admin.get(`/api/testimonials/${testimonial.id}`).expect(404)).body.message).toBe(
        'Testimonial not found',
      );
      await t.admin.put(`/api/testimonials/${testimonial.id}`).send(lan).expect(404);
      await t.admin.delete(`/api/testimonials/${testimonial.id}`).expect(404);
      await testimonialsTrpc.query(t.admin, 'byId', { id: testimonial.id }).expect(404);
    });
  });

  it('stores the order of the full list on both doors, the public list following it; 400 naming ids for a partial one', async () => {
    const [a, b, c] = [await create('A'), await create('B'), await create('C')];
    await t.admin
      .put('/api/testimonials/order')
      .send({ ids: [c.id, a.id, b.id] })
      .expect(200);
    const trpc = await testimonialsTrpc.mutation(t.admin, 'reorder', { ids: [b.id, c.id, a.id] }).expect(200);
    expect(trpc.body.result.data.map((r: { id: number }) => r.id)).toEqual([b.id, c.id, a.id]);
    const shown = await t.anonymous.get('/api/gst-testimonials').expect(200);
    expect(shown.body.map((r: { id: number }) => r.id)).toEqual([b.id, c.id, a.id]);

    const partial = await t.admin
      .put('/api/testimonials/order')
      .send({ ids: [a.id, b.id] })
      .expect(400);
    expect(fieldsOf(partial.body.errors)).toEqual(['ids']);
    expect((await records().find({ order: { position: 'ASC' } })).map(({ id }) => id)).toEqual([b.id, c.id, a.id]);
  });
  it('announces every change of its table to the page cache (content_changed), reorders included', async () => {
    const { tables, stop } = await recordContentChanges(t.database.url);
    try {
      const { body } = await t.admin.post('/api/testimonials').send(lan).expect(200);
      await eventually(async () => expect(tables).toEqual(['testimonials']));
      await t.admin
        .put('/api/testimonials/order')
        .send({ ids: [body.id] })
        .expect(200);
      await eventually(async () => expect(tables).toEqual(['testimonials', 'testimonials']));
    } finally {
      await stop();
    }
  });
});
