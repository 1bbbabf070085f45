import request from 'supertest';
import { z } from 'zod';
import { contactMessageSchema, inquiryTopicPath, SOURCE_PATH_MAX, type ContactMessageInput } from '@blog/contracts';
import { ContactMessageEntity, ProjectEntity, ServiceEntity } from '@blog/api/data';
import { clearRateLimits, eventually, mailboxOf, testConfig, trpcHttp, useTestApp } from '@blog/api/testing';
import { ContactModule } from './contact.module';
import { ContactRouter } from './contact.router';

const contact = trpcHttp<ContactRouter['router']>('contact');
const VISITOR = { name: 'Lê Thu', email: 'thu@example.com', phone: '', message: 'Xin chào, a site like this?' };
const inbox = (body: unknown) => z.array(contactMessageSchema.strict()).parse(body);

describe('inquiries: a contact message with its topic and source page (REST and tRPC)', () => {
  const t = useTestApp([ContactModule], {
    trpc: (nest) => ({ contact: nest.get(ContactRouter).router }),
    signIn: true,
  });
  const messages = () => t.database.dataSource.getRepository(ContactMessageEntity);
  const post = (body: ContactMessageInput) => request(t.app.getHttpServer()).post('/api/contact').send(body);
  const send = (body: ContactMessageInput) => contact.mutation(t.anonymous, 'send', body);
  const list = async (query = '') => inbox((await t.admin.get(`/api/messages${query}`).expect(200)).body);

  beforeEach(async () => {
    await messages().clear();
    await t.database.dataSource.query('DELETE FROM projects');
    await t.database.dataSource.query('DELETE FROM services');
    await clearRateLimits(t.database);
    // One published project, one draft (no publication time).
    const projects = t.database.dataSource.getRepository(ProjectEntity);
    await projects.save(
      projects.create({
        title: 'Homestay Hà Giang',
        slug: 'homestay-ha-giang',
        year_from: 2024,
        published_at: new Date(),
      }),
    );
    await projects.save(
      projects.create({ title: 'Secret draft', slug: 'secret-draft', year_from: 2024, published_at: null }),
    );
    const services = t.database.dataSource.getRepository(ServiceEntity);
    await services.save(services.create({ name: 'Website speed rescue', slug: 'speed', position: 0 }));
    await services.save(services.create({ name: 'Hidden', slug: 'hidden', position: 1, hidden: true }));
  });

  it('stores the topic with its title as sent and the source page, on both doors; the inbox keeps the title after a rename', async () => {
    await post({ ...VISITOR, project: 'homestay-ha-giang', from: '/portfolio/homestay-ha-giang' }).expect(200);
    await send({ ...VISITOR, service: ' speed ', from: '/services' }).expect(200);
    await post({ ...VISITOR, from: '/' }).expect(200);

    await t.database.dataSource
      .getRepository(ProjectEntity)
      .update({ slug: 'homestay-ha-giang' }, { title: 'Renamed' });
    const rows = await list();
    expect(rows.map(({ topic, source_path }) => ({ topic, source_path }))).toEqual([
      { topic: null, source_path: '/' },
      { topic: { kind: 'service', slug: 'speed', title: 'Website speed rescue' }, source_path: '/services' },
      {
        topic: { kind: 'project', slug: 'homestay-ha-giang', title: 'Homestay Hà Giang' },
        source_path: '/portfolio/homestay-ha-giang',
      },
    ]);
    expect((await contact.query(t.admin, 'list').expect(200)).body.result.data).toEqual(rows);
  });

  it('reads the topic in the language of the page it was sent from: a slug may name one in each language', async () => {
    const projects = t.database.dataSource.getRepository(ProjectEntity);
    await projects.save(
      projects.create({
        title: 'Homestay ở Hà Giang',
        slug: 'homestay-ha-giang',
        language: 'vi',
        year_from: 2024,
        published_at: new Date(),
      }),
    );
    const services = t.database.dataSource.getRepository(ServiceEntity);
    await services.save(
      services.create({ name: 'Cứu tốc độ website', slug: 'speed', language: 'vi', position: 0, hidden: false }),
    );
    await post({ ...VISITOR, project: 'homestay-ha-giang', from: '/vi/portfolio/homestay-ha-giang' }).expect(200);
    await send({ ...VISITOR, service: 'speed', from: '/vi/services' }).expect(200);
    await post({ ...VISITOR, project: 'homestay-ha-giang', from: '/portfolio/homestay-ha-giang' }).expect(200);
    await send({ ...VISITOR, service: 'speed' }).expect(200);

    const rows = await list();
    expect(rows.map(({ topic }) => topic?.title)).toEqual([
      'Website speed rescue',
      'Homestay Hà Giang',
      'Cứu tốc độ website',
      'Homestay ở Hà Giang',
    ]);
    expect(
      rows.map(({ topic, source_path }) => topic && inquiryTopicPath(topic.kind, topic.slug, source_path)),
    ).toEqual([
      '/services#speed',
      '/portfolio/homestay-ha-giang',
      '/vi/services#speed',
      '/vi/portfolio/homestay-ha-giang',
    ]);
  });

  it.each([
    ['an unknown project', { project: 'nowhere' }],
    ['a draft project', { project: 'secret-draft' }],
    ['a blank project', { project: '  ' }],
    ['a hidden service', { service: 'hidden' }],
  ])('ignores %s: the message is stored without a topic', async (_case, topic) => {
    await post({ ...VISITOR, ...topic }).expect(200);
    await send({ ...VISITOR, ...topic }).expect(200);
    expect((await list()).map((row) => row.topic)).toEqual([null, null]);
  });

  it.each([
    ['another site', 'https://evil.example/portfolio', null],
    ['a protocol-relative host', '//evil.example/portfolio', null],
    ['a backslash host', '/\\evil.example', null],
    ['no path', 'portfolio/a', null],
    ['a path too long', `/${'a'.repeat(SOURCE_PATH_MAX)}`, null],
    ['a path with a query and a fragment', '/portfolio/a?utm_source=x#contact', '/portfolio/a'],
  ])('keeps only a path of this site as the source page: %s', async (_case, from, stored) => {
    await post({ ...VISITOR, from }).expect(200);
    await send({ ...VISITOR, from }).expect(200);
    expect((await list()).map((row) => row.source_path)).toEqual([stored, stored]);
  });

  it('refuses a message about a project and a service at once, naming the field (400), on both doors', async () => {
    const both = { ...VISITOR, project: 'homestay-ha-giang', service: 'speed' };
    expect((await post(both).expect(400)).body.errors.map((error: { field: string }) => error.field)).toEqual([
      'service',
    ]);
    const trpc = await send(both).expect(400);
    expect(trpc.body.error.data.fieldErrors.map((error: { field: string }) => error.field)).toEqual(['service']);
    expect(await messages().count()).toBe(0);
  });

  it('filters the inbox by topic, project or service and source page, on both doors', async () => {
    await post({ ...VISITOR, name: 'A', project: 'homestay-ha-giang', from: '/portfolio/homestay-ha-giang' });
    await post({ ...VISITOR, name: 'B', service: 'speed', from: '/services' });
    await post({ ...VISITOR, name: 'C', from: '/' });
    await post({ ...VISITOR, name: 'D', project: 'homestay-ha-giang', from: '/' });
    const names = (rows: Array<{ name: string }>) => rows.map((row) => row.name);

    expect(names(await list())).toEqual(['D', 'C', 'B', 'A']);
    expect(names(await list('?topic=project'))).toEqual(['D', 'A']);
    expect(names(await list('?topic=service&slug=speed'))).toEqual(['B']);
    expect(names(await list('?topic=project&slug=speed'))).toEqual([]);
    expect(names(await list('?topic=none'))).toEqual(['C']);
    expect(names(await list('?from=/'))).toEqual(['D', 'C']);
    expect(names(await list('?topic=project&from=%2F'))).toEqual(['D']);
    const trpc = await contact.query(t.admin, 'list', { topic: 'project', from: '/' }).expect(200);
    expect(names(trpc.body.result.data)).toEqual(['D']);

    const refused = await t.admin.get('/api/messages?slug=speed').expect(400);
    expect(refused.body.errors.map((error: { field: string }) => error.field)).toEqual(['slug']);
    await t.admin.get('/api/messages?topic=post').expect(400);
    await contact.query(t.admin, 'list', { slug: 'speed' }).expect(400);
  });
});

describe('inquiries: the owner’s mail', () => {
  const t = useTestApp([ContactModule], { app: false });

  it('says what the message is about and the page it was sent from', async () => {
    await clearRateLimits(t.database);
    const app = await t.appWith({
      config: testConfig({ SMTP_URL: 'smtp://mail.test:587', CONTACT_NOTIFY_EMAIL: 'owner@example.com' }),
    });
    const services = t.database.dataSource.getRepository(ServiceEntity);
    await t.database.dataSource.query('DELETE FROM services');
    await services.save(services.create({ name: 'Website speed rescue', slug: 'speed', position: 0 }));
    await request(app.getHttpServer())
      .post('/api/contact')
      .send({ ...VISITOR, service: 'speed', from: '/services' })
      .expect(200);
    await eventually(async () => expect(mailboxOf(app).sent).toHaveLength(1));
    expect(mailboxOf(app).sent[0].text).toContain('About the service “Website speed rescue”: /services#speed\n');
    expect(mailboxOf(app).sent[0].text).toContain('Sent from the page /services\n');
  });
});
