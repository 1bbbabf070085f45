import { randomUUID } from 'node:crypto';
import type { TestimonialInput } from '@blog/contracts';
import { TestimonialEntity } from '@blog/api/data';
import { createProject, trpcHttp, useTestApp } from '@blog/api/testing';
import { TestimonialsModule } from './testimonials.module';
import { TestimonialsRouter } from './testimonials.router';

const testimonialsTrpc = trpcHttp<TestimonialsRouter['router']>('testimonials');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);

const lan: TestimonialInput = {
  name: 'Nguyễn Lan',
  quote: 'Bookings went up the first month.',
  consented_on: '2026-10-01',
};

describe('testimonials in two languages (REST and tRPC)', () => {
  const t = useTestApp([TestimonialsModule], {
    trpc: (nest) => ({ testimonials: nest.get(TestimonialsRouter).router }),
    signIn: true,
  });
  const records = () => t.database.dataSource.getRepository(TestimonialEntity);
  /** Lan's words straight in the table, with `values`. */
  const create = (values: Partial<TestimonialEntity>) =>
    records().save(records().create({ name: lan.name, quote: lan.quote, consented_on: lan.consented_on, ...values }));

  afterEach(async () => {
    await t.database.dataSource.query('DELETE FROM testimonials');
    await t.database.dataSource.query('DELETE FROM projects');
  });

  it('answers one language’s shown testimonials, and keeps a testimonial’s project in its language (400 naming project_id)', async () => {
    const homestay = await createProject(t.database, { slug: 'homestay' });
    const refused = await t.admin
      .post('/api/testimonials')
      .send({ ...lan, language: 'vi', project_id: homestay.id })
      .expect(400);
    expect(fieldsOf(refused.body.errors)).toEqual(['project_id']);
    const vi = (
      await t.admin
        .post('/api/testimonials')
        .send({ ...lan, language: 'vi' })
        .expect(200)
    ).body;
    const en = (
      await t.admin
        .post('/api/testimonials')
        .send({ ...lan, project_id: homestay.id })
        .expect(200)
    ).body;
    const moved = await t.admin
      .put(`/api/testimonials/${en.id}`)
      .send({ ...lan, language: 'vi', project_id: homestay.id })
      .expect(400);
    expect(fieldsOf(moved.body.errors)).toEqual(['project_id']);

    const ids = (list: Array<{ id: number }>) => list.map((testimonial) => testimonial.id);
    expect(ids((await t.anonymous.get('/api/gst-testimonials').expect(200)).body)).toEqual([en.id]);
    expect(
      ids((await testimonialsTrpc.query(t.anonymous, 'list', { lang: 'vi' }).expect(200)).body.result.data),
    ).toEqual([vi.id]);
    expect(ids((await t.admin.get('/api/testimonials?language=vi').expect(200)).body)).toEqual([vi.id]);
  });

  it('translates into a hidden copy about the project’s version, links, unlinks, and refuses two of one language', async () => {
    const group = randomUUID();
    const homestay = await createProject(t.database, { slug: 'homestay', translation_group: group });
    const viHomestay = await createProject(t.database, { slug: 'homestay', language: 'vi', translation_group: group });
    const source = await create({ project_id: homestay.id });

    const made = (await testimonialsTrpc.mutation(t.admin, 'translate', { id: source.id, language: 'vi' }).expect(200))
      .body.result.data;
    expect(made).toMatchObject({
      language: 'vi',
      hidden: true,
      name: lan.name,
      quote: lan.quote,
      project_id: viHomestay.id,
      translations: [{ id: source.id, language: 'en', title: lan.name, slug: '', state: 'published' }],
    });
    const again = await t.admin
      .post(`/api/testimonials/${source.id}/translations`)
      .send({ language: 'vi' })
      .expect(409);
    expect(fieldsOf(again.body.errors)).toEqual(['language']);
    expect(
      (await t.admin.get('/api/testimonials?missing_translation=true').expect(200)).body.map(
        (testimonial: { id: number }) => testimonial.id,
      ),
    ).toEqual([]);

    await t.admin.delete(`/api/testimonials/${made.id}/translations`).expect(200);
    const other = await create({ language: 'vi' });
    const same = await t.admin.put(`/api/testimonials/${made.id}/translations/${other.id}`).expect(409);
    expect(fieldsOf(same.body.errors)).toEqual(['translation_id']);
    expect(
      (await t.admin.put(`/api/testimonials/${source.id}/translations/${other.id}`).expect(200)).body,
    ).toMatchObject({ translations: [expect.objectContaining({ id: other.id })] });
  });
});
