import type request from 'supertest';
import { z } from 'zod';
import { OK, publicServiceSchema, SERVICE_LIMITS, serviceSchema, type ServiceInput } from '@blog/contracts';
import { DomainEvents, type DomainEvent } from '@blog/api/core';
import { ServiceEntity } from '@blog/api/data';
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
import { ServicesModule } from './services.module';
import { ServicesRouter } from './services.router';

/** tRPC over HTTP as the client sends it, under the domain's app-router name. */
const servicesTrpc = trpcHttp<ServicesRouter['router']>('services');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);

const website: ServiceInput = {
  name: 'Thiết kế website',
  summary: 'A site that brings bookings.',
  deliverables: ['Design in Figma', 'Next.js site', 'Two rounds of changes'],
  duration: '4–6 weeks',
  price_vnd: 25_000_000,
  price_usd: 1000,
};

describe('services (REST and tRPC)', () => {
  const t = useTestApp([ServicesModule], {
    trpc: (nest) => ({ services: nest.get(ServicesRouter).router }),
    signIn: true,
  });

  const records = () => t.database.dataSource.getRepository(ServiceEntity);
  let position = 0;
  const create = (name: string, values: Partial<ServiceEntity> = {}) =>
    records().save(records().create({ name, slug: name.toLowerCase(), position: position++, ...values }));
  const heard: DomainEvent[] = [];

  beforeAll(() => t.app.get(DomainEvents).subscribe(async (event) => void heard.push(event)));
  beforeEach(async () => {
    await t.database.dataSource.query('DELETE FROM services');
    heard.length = 0;
  });

  describe('the public reads', () => {
    it('list only the shown services, in order, the same on GET /api/gst-services and tRPC services.list', async () => {
      const second = await create('Second', { position: 5 });
      await create('Hidden', { position: 0, hidden: true });
      const first = await create('First', { position: 1 });

      const rest = await t.anonymous.get('/api/gst-services').expect(200);
      const listed = z.array(publicServiceSchema.strict()).parse(rest.body);
      expect(listed.map(({ id }) => id)).toEqual([first.id, second.id]);
      expect((await servicesTrpc.query(t.anonymous, 'list').expect(200)).body.result.data).toEqual(rest.body);
    });

    it('answer a shown service by its slug; 404 for a hidden or unknown one, on both doors', async () => {
      await create('Shown');
      await create('Hidden', { hidden: true });
      const rest = await t.anonymous.get('/api/gst-services/shown').expect(200);
      expect(publicServiceSchema.strict().parse(rest.body)).toMatchObject({ name: 'Shown', slug: 'shown' });
      expect((await servicesTrpc.query(t.anonymous, 'bySlug', { slug: 'shown' }).expect(200)).body.result.data).toEqual(
        rest.body,
      );
      for (const slug of ['hidden', 'unknown']) {
        expect((await t.anonymous.get(`/api/gst-services/${slug}`).expect(404)).body.message).toBe('Service not found');
        await servicesTrpc.query(t.anonymous, 'bySlug', { slug }).expect(404);
      }
    });
  });

  describe('access: anonymous → 401, signed-in non-admin → 403, admin → 200', () => {
    const doors: Array<[string, (agent: Agent, service: ServiceEntity) => request.Test]> = [
      ['GET /api/services', (agent) => agent.get('/api/services')],
      ['GET /api/services/:id', (agent, s) => agent.get(`/api/services/${s.id}`)],
      ['POST /api/services', (agent) => agent.post('/api/services').send({ name: 'New' })],
      ['PUT /api/services/order', (agent, s) => agent.put('/api/services/order').send({ ids: [s.id] })],
      ['PUT /api/services/:id', (agent, s) => agent.put(`/api/services/${s.id}`).send({ name: 'Renamed' })],
      ['DELETE /api/services/:id', (agent, s) => agent.delete(`/api/services/${s.id}`)],
      ['tRPC services.adminList', (agent) => servicesTrpc.query(agent, 'adminList')],
      ['tRPC services.byId', (agent, s) => servicesTrpc.query(agent, 'byId', { id: s.id })],
      ['tRPC services.create', (agent) => servicesTrpc.mutation(agent, 'create', { name: 'New' })],
      ['tRPC services.reorder', (agent, s) => servicesTrpc.mutation(agent, 'reorder', { ids: [s.id] })],
      ['tRPC services.update', (agent, s) => servicesTrpc.mutation(agent, 'update', { id: s.id, name: 'Renamed' })],
      ['tRPC services.delete', (agent, s) => servicesTrpc.mutation(agent, 'delete', { id: s.id })],
    ];

    it.each(doors)('%s', async (door, call) => {
      const service = await create('Original', { hidden: true });
      const { anonymous, reader } = await expectAdminOnly(door, (agent) => call(agent, service), t);
      // Nothing of a hidden service leaks in a refusal, and nothing changed.
      expect(JSON.stringify([anonymous.body, reader.body])).not.toContain('Original');
      expect(await records().find()).toEqual([service]);

      await call(t.admin, service).expect(200);
    });

    it('takes API tokens by scope: content:read reads hidden ones, content:write writes, neither does the other', async () => {
      const hidden = await create('Hidden', { hidden: true });
      const reader = await apiTokenAgent(t, ['content:read']);
      const writer = await apiTokenAgent(t, ['content:write']);

      expect((await reader.get('/api/services').expect(200)).body.map((s: { id: number }) => s.id)).toEqual([
        hidden.id,
      ]);
      await servicesTrpc.query(reader, 'byId', { id: hidden.id }).expect(200);
      const refused = await reader.post('/api/services').send({ name: 'Scripted' }).expect(403);
      expect(refused.body.message).toBe('This API token lacks the scope content:write');
      await servicesTrpc.mutation(reader, 'delete', { id: hidden.id }).expect(403);

      await writer.get('/api/services').expect(403);
      await writer.post('/api/services').send({ name: 'Scripted' }).expect(200);
      await servicesTrpc.mutation(writer, 'update', { id: hidden.id, name: 'Renamed' }).expect(200);
      expect((await records().findOneByOrFail({ id: hidden.id })).name).toBe('Renamed');
    });
  });

  describe('the admin writes, on both doors', () => {
    it('creates a service with a slug made from its Vietnamese name, at the end of the list, announced', async () => {
      await create('Existing', { position: 7 });
      const rest = await t.admin.post('/api/services').send(website).expect(200);
      expect(serviceSchema.strict().parse(rest.body)).toMatchObject({
        ...website,
        slug: 'thiet-ke-website',
        cover: null,
        hidden: false,
        position: 8,
        version: 1,
      });
      const trpc = await servicesTrpc
        .mutation(t.admin, 'create', { name: 'Tăng tốc WordPress', slug: 'wordpress-speed', cover: 'cover.webp' })
        .expect(200);
      expect(trpc.body.result.data).toMatchObject({ slug: 'wordpress-speed', cover: 'cover.webp', position: 9 });
      expect(heard.map(({ event, data }) => [event, (data as { id: number }).id])).toEqual([
        ['service.created', rest.body.id],
        ['service.created', trpc.body.result.data.id],
      ]);
    });

    it('refuses a taken slug with 409 naming slug, on both doors', async () => {
      const taken = await create('Taken');
      const other = await create('Other');
      const rest = await t.admin.post('/api/services').send({ name: 'Taken' }).expect(409);
      expect(fieldsOf(rest.body.errors)).toEqual(['slug']);
      const trpc = await servicesTrpc.mutation(t.admin, 'update', { id: other.id, name: 'X', slug: taken.slug });
      expect(trpc.status).toBe(409);
      expect(fieldsOf(trpc.body.error.data.fieldErrors)).toEqual(['slug']);
      expect(await records().count()).toBe(2);
    });

    it.each([
      ['on request', { price_vnd: null, price_usd: null }],
      ['from a price in đồng', { price_vnd: 5_000_000, price_usd: null }],
      ['from a price in đồng and in dollars', { price_vnd: 5_000_000, price_usd: 200 }],
      ['free', { price_vnd: 0, price_usd: 0 }],
    ])('stores a price %s', async (_case, price) => {
      const rest = await t.admin
        .post('/api/services')
        .send({ name: 'Priced', ...price })
        .expect(200);
      expect(rest.body).toMatchObject(price);
    });

    it.each([
      ['a blank name', { name: ' ' }, 'name'],
      ['a dollar price on request', { name: 'X', price_usd: 100 }, 'price_usd'],
      ['a negative price', { name: 'X', price_vnd: -1 }, 'price_vnd'],
      ['a price with a fraction', { name: 'X', price_vnd: 1.5 }, 'price_vnd'],
      ['a price as text', { name: 'X', price_vnd: '100' }, 'price_vnd'],
      ['a price beyond the column', { name: 'X', price_vnd: SERVICE_LIMITS.price + 1 }, 'price_vnd'],
      ['a slug that is not one', { name: 'X', slug: 'Not a slug' }, 'slug'],
      ['a name without a letter for the slug', { name: '!!!' }, 'slug'],
      ['a summary too long', { name: 'X', summary: 'x'.repeat(SERVICE_LIMITS.summary + 1) }, 'summary'],
      [
        'too many deliverables',
        { name: 'X', deliverables: Array(SERVICE_LIMITS.deliverables + 1).fill('a') },
        'deliverables',
      ],
      ['a blank deliverable', { name: 'X', deliverables: ['ok', ' '] }, 'deliverables.1'],
      ['a duration too long', { name: 'X', duration: 'x'.repeat(SERVICE_LIMITS.duration + 1) }, 'duration'],
      ['a cover that is not an upload', { name: 'X', cover: 'https://example.com/a.jpg' }, 'cover'],
      ['a shown flag that is not one', { name: 'X', hidden: 'yes' }, 'hidden'],
    ])('answers 400 naming the field for %s, storing nothing', async (_case, body, field) => {
      const rest = await t.admin.post('/api/services').send(body).expect(400);
      expect(fieldsOf(rest.body.errors)).toEqual([field]);
      const trpc = await servicesTrpc.mutation(t.admin, 'create', invalidInput(body)).expect(400);
      expect(fieldsOf(trpc.body.error.data.fieldErrors)).toEqual([field]);
      expect(await records().count()).toBe(0);
    });

    it('keeps an impossible price out of the table itself (CHK_services_price)', async () => {
      const insert = (vnd: number | null, usd: number | null) =>
        t.database.dataSource.query(
          `INSERT INTO services (name, slug, price_vnd, price_usd) VALUES ('X', 'x', $1, $2)`,
          [vnd, usd],
        );
      await expect(insert(null, 100)).rejects.toThrow(/CHK_services_price/);
      await expect(insert(-1, null)).rejects.toThrow(/CHK_services_price_vnd/);
      await expect(insert(1, -1)).rejects.toThrow(/CHK_services_price_usd/);
      expect(await records().count()).toBe(0);
    });

    it('saves over the version named, else 412 / CONFLICT naming who changed it; announces the save', async () => {
      const service = await create('Versioned');
      const read = await t.admin.get(`/api/services/${service.id}`).expect(200);
      expect(read.headers['etag']).toBe('"v1"');

      // Renamed without a slug: its address stays.
      const saved = await t.admin
        .put(`/api/services/${service.id}`)
        .set('If-Match', '"v1"')
        .send({ name: 'Saved' })
        .expect(200);
      expect(saved.body).toMatchObject({ name: 'Saved', slug: 'versioned', version: 2 });

      const stale = await t.admin
        .put(`/api/services/${service.id}`)
        .set('If-Match', '"v1"')
        .send({ name: 'Stale' })
        .expect(412);
      expect(stale.body).toMatchObject({
        current: saved.body,
        changed: { user_name: 'Admin', via: 'rest' },
      });
      const trpc = await servicesTrpc.mutation(t.admin, 'update', { id: service.id, name: 'Stale', version: 1 });
      expect(trpc.body.error.data).toMatchObject({ code: 'CONFLICT', conflict: { current: { version: 2 } } });
      expect((await records().findOneByOrFail({ id: service.id })).name).toBe('Saved');
      expect(heard.map(({ event }) => event)).toEqual(['service.updated']);
    });

    it('answers 404 for an unknown id on reads and writes; deletes and announces it', async () => {
      const service = await create('Doomed');
      expect((await t.admin.delete(`/api/services/${service.id}`).expect(200)).body).toEqual(OK);
      expect(heard).toEqual([{ event: 'service.deleted', data: expect.objectContaining({ id: service.id }) }]);
      expect((await t.admin.get(`/api/services/${service.id}`).expect(404)).body.message).toBe('Service not found');
      await t.admin.put(`/api/services/${service.id}`).send({ name: 'X' }).expect(404);
      await servicesTrpc.mutation(t.admin, 'delete', { id: service.id }).expect(404);
      await servicesTrpc.query(t.admin, 'byId', { id: service.id }).expect(404);
    });
  });

  describe('the order', () => {
    it('stores the order of the full list of ids on both doors; the public list follows it', async () => {
      const [a, b, c] = [await create('A'), await create('B'), await create('C')];
      const rest = await t.admin
        .put('/api/services/order')
        .send({ ids: [c.id, a.id, b.id] })
        .expect(200);
      expect(rest.body.map((s: { id: number; position: number }) => [s.id, s.position])).toEqual([
        [c.id, 0],
        [a.id, 1],
        [b.id, 2],
      ]);
      await servicesTrpc.mutation(t.admin, 'reorder', { ids: [b.id, c.id, a.id] }).expect(200);
      const shown = await t.anonymous.get('/api/gst-services').expect(200);
      expect(shown.body.map((s: { id: number }) => s.id)).toEqual([b.id, c.id, a.id]);
    });

    it.each([
      ['one left out', (ids: number[]) => ids.slice(1)],
      ['an unknown one', (ids: number[]) => [...ids, 999_999]],
      ['one twice', (ids: number[]) => [...ids, ids[0]]],
      ['no list', () => 'all'],
    ])('answers 400 naming ids for %s, changing nothing', async (_case, idsOf) => {
      const [a, b] = [await create('A'), await create('B')];
      const ids = idsOf([b.id, a.id]);
      expect(fieldsOf((await t.admin.put('/api/services/order').send({ ids }).expect(400)).body.errors)).toEqual([
        'ids',
      ]);
      const trpc = await servicesTrpc.mutation(t.admin, 'reorder', invalidInput({ ids })).expect(400);
      expect(fieldsOf(trpc.body.error.data.fieldErrors)).toEqual(['ids']);
      expect((await records().find({ order: { position: 'ASC' } })).map(({ id }) => id)).toEqual([a.id, b.id]);
    });
  });
  it('announces every change of its table to the page cache (content_changed), reorders included', async () => {
    const { tables, stop } = await recordContentChanges(t.database.url);
    try {
      const { body } = await t.admin.post('/api/services').send({ name: 'Announced' }).expect(200);
      await eventually(async () => expect(tables).toEqual(['services']));
      await t.admin
        .put('/api/services/order')
        .send({ ids: [body.id] })
        .expect(200);
      await eventually(async () => expect(tables).toEqual(['services', 'services']));
    } finally {
      await stop();
    }
  });
});
