import { Logger } from '@nestjs/common';
import request from 'supertest';
import { RICH_TEXT_MAX_DEPTH } from '@blog/shared/html';
import { AboutEntity } from '@blog/api/data';
import { expectAdminOnly, invalidInput, trpcHttp, useTestApp, type TestAgent as Agent } from '@blog/api/testing';
import { AboutModule } from './about.module';
import { AboutRouter } from './about.router';

const about = trpcHttp<AboutRouter['router']>('about');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);

const HOSTILE =
  '<p onclick="steal()">Xin chào<script>alert(1)</script></p>' +
  '<img src="https://example.com/me.jpg" onerror="alert(2)">' +
  '<a href="javascript:alert(3)">me</a>' +
  '<span style="color: rgb(0, 102, 204); display: none">blue</span>';

function expectClean(html: string) {
  for (const bad of ['<script', 'alert(', 'onclick', 'onerror', 'javascript:', 'display']) {
    expect(html.toLowerCase()).not.toContain(bad);
  }
}

describe('about: the admin writes (REST and tRPC)', () => {
  const t = useTestApp([AboutModule], { trpc: (nest) => ({ about: nest.get(AboutRouter).router }), signIn: true });

  const records = () => t.database.dataSource.getRepository(AboutEntity);

  beforeEach(async () => {
    await t.database.dataSource.query('DELETE FROM about');
  });

  describe('access: anonymous → 401, signed-in non-admin → 403, admin → 200', () => {
    const doors: Array<[string, (agent: Agent, id: number) => request.Test]> = [
      ['POST /api/about', (agent) => agent.post('/api/about').send({ content: '<p>New</p>' })],
      ['PUT /api/about/:id', (agent, id) => agent.put(`/api/about/${id}`).send({ content: '<p>New</p>' })],
      ['tRPC about.create', (agent) => about.mutation(agent, 'create', { content: '<p>New</p>' })],
      ['tRPC about.update', (agent, id) => about.mutation(agent, 'update', { id, content: '<p>New</p>' })],
    ];

    it.each(doors)('%s', async (door, call) => {
      // Creating needs an empty table; updating needs the record.
      const id =
        door.includes('create') || door.startsWith('POST') ? 0 : (await records().save({ content: '<p>Old</p>' })).id;
      const snapshot = async () => (await records().find()).map(({ id: key, content }) => ({ key, content }));
      const before = await snapshot();

      await expectAdminOnly(door, (agent) => call(agent, id), t);
      expect(await snapshot()).toEqual(before);

      await call(t.admin, id).expect(200);
      expect((await records().find()).map((record) => record.content)).toEqual(['<p>New</p>']);
    });
  });

  it('creates the record with sanitised content and answers 200 {status: 200, id}; a second create is 409', async () => {
    const res = await t.admin.post('/api/about').send({ content: HOSTILE }).expect(200);
    expect(res.body).toEqual({ status: 200, id: expect.any(Number) });
    const stored = await records().findOneByOrFail({ id: res.body.id });
    expectClean(stored.content);
    expect(stored.content).toContain('<p>Xin chào</p>');
    expect(stored.content).toContain('<span style="color:rgb(0, 102, 204)">blue</span>');

    const again = await t.admin.post('/api/about').send({ content: '<p>Second</p>' }).expect(409);
    expect(again.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    expect(again.body.message).toContain(`PUT /api/about/${res.body.id}`);
    const viaTrpc = await about.mutation(t.admin, 'create', { content: '<p>Second</p>' }).expect(409);
    expect(viaTrpc.body.error.data.code).toBe('CONFLICT');
    expect(await records().count()).toBe(1);
  });

  it('lets only one of two racing creates in (the singleton index), the other gets 409', async () => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const results = await Promise.all(
        [1, 2, 3].map(() => t.admin.post('/api/about').send({ content: '<p>Race</p>' })),
      );
      expect(results.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    } finally {
      log.mockRestore();
    }
    expect(await records().count()).toBe(1);
  });

  it('updates the record with sanitised content, on both doors', async () => {
    const { id } = await records().save({ content: '<p>Old</p>' });
    expect((await t.admin.put(`/api/about/${id}`).send({ content: HOSTILE }).expect(200)).body).toEqual({
      status: 200,
      id,
    });
    expectClean((await records().findOneByOrFail({ id })).content);

    const viaTrpc = await about.mutation(t.admin, 'update', { id, content: `<h2>About</h2>${HOSTILE}` }).expect(200);
    expect(viaTrpc.body.result.data).toEqual({ status: 200, id });
    const stored = await records().findOneByOrFail({ id });
    expectClean(stored.content);
    expect(stored.content.startsWith('<h2>About</h2>')).toBe(true);
    // What the editor reads again, and what the public page reads (its images loaded lazily).
    expect((await request(t.app.getHttpServer()).get('/api/about').expect(200)).body).toEqual([
      { id, content: stored.content, version: stored.version, language: 'en' },
    ]);
    const image = '<img src="https://example.com/me.jpg" />';
    expect(stored.content).toContain(image);
    expect((await request(t.app.getHttpServer()).get('/api/gst-about').expect(200)).body).toEqual([
      {
        id,
        content: stored.content.replace(
          image,
          '<img src="https://example.com/me.jpg" loading="lazy" decoding="async">',
        ),
        version: stored.version,
        language: 'en',
        translations: [],
      },
    ]);
  });

  it('answers 404 for an unknown id and 400 for a bad id or content, on both doors', async () => {
    expect((await t.admin.put('/api/about/999999').send({ content: '<p>x</p>' }).expect(404)).body).toMatchObject({
      message: 'About record not found',
    });
    expect(
      (await about.mutation(t.admin, 'update', { id: 999999, content: 'x' }).expect(404)).body.error.data.code,
    ).toBe('NOT_FOUND');
    expect(fieldsOf((await t.admin.put('/api/about/zero').send({ content: 'x' }).expect(400)).body.errors)).toEqual([
      'id',
    ]);
    expect(fieldsOf((await t.admin.post('/api/about').send({}).expect(400)).body.errors)).toEqual(['content']);
    expect(fieldsOf((await t.admin.post('/api/about').send({ content: 42 }).expect(400)).body.errors)).toEqual([
      'content',
    ]);
    expect(
      fieldsOf(
        (await about.mutation(t.admin, 'create', invalidInput({ content: null })).expect(400)).body.error.data
          .fieldErrors,
      ),
    ).toEqual(['content']);
    expect(await records().count()).toBe(0);
  });

  it('refuses HTML nested deeper than the rich-text bound with 400 naming content, on both doors', async () => {
    const deep = `${'<blockquote>'.repeat(20_000)}x${'</blockquote>'.repeat(20_000)}`;
    const refused = [{ field: 'content', message: `nested deeper than ${RICH_TEXT_MAX_DEPTH} elements` }];
    expect((await t.admin.post('/api/about').send({ content: deep }).expect(400)).body.errors).toEqual(refused);
    const { id } = (await t.admin.post('/api/about').send({ content: '<p>Xin chào</p>' }).expect(200)).body;
    const trpc = await about.mutation(t.admin, 'update', { id, content: deep }).expect(400);
    expect(trpc.body.error.data.fieldErrors).toEqual(refused);
    expect((await records().findOneByOrFail({ id })).content).toBe('<p>Xin chào</p>');
  });
});
