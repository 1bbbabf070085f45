import { z } from 'zod';
import { aboutRevisionSchema, aboutSchema, versionConflictSchema } from '@blog/contracts';
import { AboutEntity, RevisionEntity } from '@blog/api/data';
import { trpcHttp, useTestApp } from '@blog/api/testing';
import { AboutModule } from './about.module';
import { AboutRouter } from './about.router';

const aboutTrpc = trpcHttp<AboutRouter['router']>('about');

describe('versions of the About page: ETag, If-Match / 412, tRPC CONFLICT, and the revisions its saves keep', () => {
  const t = useTestApp([AboutModule], { trpc: (nest) => ({ about: nest.get(AboutRouter).router }), signIn: true });
  let about: AboutEntity;

  const revisionRows = () =>
    t.database.dataSource.getRepository(RevisionEntity).find({ where: { about_id: about.id }, order: { id: 'DESC' } });

  beforeAll(async () => {
    about = await t.database.dataSource.getRepository(AboutEntity).save({ content: '<p>Hello</p>' });
  });

  it('answers its version and ETag, saves with If-Match or version, refuses a stale one, keeps revisions', async () => {
    const read = await t.admin.get('/api/about').expect(200);
    expect(read.headers['etag']).toBe('"v1"');
    expect(z.array(aboutSchema.strict()).parse(read.body)).toEqual([
      { id: about.id, content: '<p>Hello</p>', version: 1, language: 'en' },
    ]);
    await t.admin
      .put(`/api/about/${about.id}`)
      .set('If-Match', '"v1"')
      .send({ content: '<p>Hello again</p>' })
      .expect(200);
    const before = await t.database.dataSource.getRepository(AboutEntity).findOneByOrFail({ id: about.id });
    const stale = await t.admin
      .put(`/api/about/${about.id}`)
      .set('If-Match', '"v1"')
      .send({ content: '<p>Stale</p>' })
      .expect(412);
    expect(stale.headers['etag']).toBe('"v2"');
    expect(versionConflictSchema(aboutSchema.strict()).parse(stale.body)).toMatchObject({
      current: { id: about.id, content: '<p>Hello again</p>', version: 2 },
      changed: { via: 'rest', user_name: 'Admin' },
    });
    await t.admin.put(`/api/about/${about.id}`).set('If-Match', 'nonsense').send({ content: '<p>x</p>' }).expect(412);
    const conflict = await aboutTrpc
      .mutation(t.admin, 'update', { id: about.id, version: 1, content: '<p>Stale</p>' })
      .expect(409);
    expect(conflict.body.error.data.code).toBe('CONFLICT');
    expect(conflict.body.error.data.conflict.current).toEqual({
      id: about.id,
      content: '<p>Hello again</p>',
      version: 2,
      language: 'en',
    });
    // Nothing written by the refused saves.
    expect(await t.database.dataSource.getRepository(AboutEntity).findOneByOrFail({ id: about.id })).toEqual(before);
    await aboutTrpc.mutation(t.admin, 'update', { id: about.id, version: 2, content: '<p>Third</p>' }).expect(200);
    // Without If-Match, as the spec's client saves.
    await t.admin.put(`/api/about/${about.id}`).send({ content: '<p>Fourth</p>' }).expect(200);
    // The same content again: no revision of it.
    await t.admin.put(`/api/about/${about.id}`).send({ content: '<p>Fourth</p>' }).expect(200);

    const rows = await revisionRows();
    expect(rows.map((row) => [row.version, row.saved_via, row.fields])).toEqual([
      [3, 'trpc', { content: '<p>Third</p>' }],
      [2, 'rest', { content: '<p>Hello again</p>' }],
      [1, 'rest', { content: '<p>Hello</p>' }],
    ]);
    expect(aboutRevisionSchema.shape.fields.strict().parse(rows[0].fields)).toEqual({ content: '<p>Third</p>' });
    expect(rows[1]).toMatchObject({ saved_by: expect.any(Number), saved_session: expect.any(String) });
  });
});
