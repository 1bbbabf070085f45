import { DomainEvents, type DomainEvent } from '@blog/api/core';
import { ServiceEntity } from '@blog/api/data';
import { createProject, trpcHttp, useTestApp } from '@blog/api/testing';
import { ServicesModule } from './services.module';
import { ServicesRouter } from './services.router';

const servicesTrpc = trpcHttp<ServicesRouter['router']>('services');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);

describe('services in two languages (REST and tRPC)', () => {
  const t = useTestApp([ServicesModule], {
    trpc: (nest) => ({ services: nest.get(ServicesRouter).router }),
    signIn: true,
  });
  const records = () => t.database.dataSource.getRepository(ServiceEntity);
  const create = (slug: string, values: Partial<ServiceEntity> = {}) =>
    records().save(records().create({ name: slug, slug, ...values }));
  const slugsOf = (services: Array<{ slug: string }>) => services.map((service) => service.slug);
  const heard: DomainEvent[] = [];

  beforeAll(() => t.app.get(DomainEvents).subscribe(async (event) => void heard.push(event)));
  afterEach(async () => {
    await t.database.dataSource.query('DELETE FROM projects');
    await t.database.dataSource.query('DELETE FROM services');
    heard.length = 0;
  });

  it('answers one language’s shown services, the same slug in both, and refuses a bad lang naming it', async () => {
    await create('website');
    await create('website', { language: 'vi', name: 'Thiết kế website' });
    await create('cham-soc', { language: 'vi', hidden: true });
    expect(slugsOf((await t.anonymous.get('/api/gst-services').expect(200)).body)).toEqual(['website']);
    const vi = (await servicesTrpc.query(t.anonymous, 'list', { lang: 'vi' }).expect(200)).body.result.data;
    expect(vi).toEqual([expect.objectContaining({ slug: 'website', name: 'Thiết kế website', language: 'vi' })]);
    expect((await t.anonymous.get('/api/gst-services/website?lang=vi').expect(200)).body.name).toBe('Thiết kế website');
    await t.anonymous.get('/api/gst-services/cham-soc?lang=vi').expect(404);
    expect(fieldsOf((await t.anonymous.get('/api/gst-services?lang=fr').expect(400)).body.errors)).toEqual(['lang']);
  });

  it('translates into a linked hidden copy, links, unlinks and filters the admin list', async () => {
    const website = await create('website', { summary: 'A site that brings bookings.', price_vnd: 25_000_000 });
    const made = (await t.admin.post(`/api/services/${website.id}/translations`).send({ language: 'vi' }).expect(201))
      .body;
    expect(made).toMatchObject({
      language: 'vi',
      slug: 'website',
      hidden: true,
      summary: 'A site that brings bookings.',
      price_vnd: 25_000_000,
      translations: [{ id: website.id, language: 'en', title: 'website', slug: 'website', state: 'published' }],
    });
    expect(heard.map(({ event, data }) => [event, (data as { id: number }).id])).toEqual([
      ['service.created', made.id],
    ]);
    const again = await servicesTrpc.mutation(t.admin, 'translate', { id: website.id, language: 'vi' }).expect(409);
    expect(again.body.error.data.fieldErrors).toEqual([expect.objectContaining({ field: 'language' })]);

    const care = await create('care');
    const ids = async (search: string) =>
      (await t.admin.get(`/api/services${search}`).expect(200)).body.map((service: { id: number }) => service.id);
    expect(await ids('?language=vi')).toEqual([made.id]);
    expect(await ids('?missing_translation=true')).toEqual([care.id]);

    const taken = await t.admin.put(`/api/services/${care.id}/translations/${made.id}`).expect(409);
    expect(fieldsOf(taken.body.errors)).toEqual(['translation_id']);
    await servicesTrpc.mutation(t.admin, 'unlinkTranslation', { id: made.id }).expect(200);
    expect((await t.admin.get(`/api/services/${website.id}`).expect(200)).body.translations).toEqual([]);
    expect((await t.admin.put(`/api/services/${care.id}/translations/${made.id}`).expect(200)).body).toMatchObject({
      translations: [expect.objectContaining({ id: made.id, state: 'hidden' })],
    });
  });

  it('keeps a service’s language while projects of its language name it (409 naming language)', async () => {
    const website = await create('website');
    const project = await createProject(t.database, { slug: 'homestay' });
    await t.database.dataSource.query(
      `INSERT INTO project_services (project_id, service_id, position) VALUES ($1, $2, 1)`,
      [project.id, website.id],
    );
    const body = { name: 'Website', language: 'vi' };
    const refused = await t.admin.put(`/api/services/${website.id}`).send(body).expect(409);
    expect(fieldsOf(refused.body.errors)).toEqual(['language']);
    await t.database.dataSource.query('DELETE FROM project_services');
    expect((await t.admin.put(`/api/services/${website.id}`).send(body).expect(200)).body.language).toBe('vi');
  });
});
