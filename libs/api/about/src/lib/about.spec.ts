import request from 'supertest';
import { z } from 'zod';
import { aboutSchema, publicAboutSchema } from '@blog/contracts';
import { AboutEntity } from '@blog/api/data';
import { useTestApp } from '@blog/api/testing';
import { AboutModule } from './about.module';
import { AboutRouter } from './about.router';

const PATHS = ['/api/gst-about', '/api/about'];

describe('about (REST and tRPC)', () => {
  const t = useTestApp([AboutModule]);
  const trpc = t.caller(AboutRouter);

  const get = (path: string) => request(t.app.getHttpServer()).get(path);

  it('answers an empty list while no record exists, on every door', async () => {
    for (const path of PATHS) {
      const res = await get(path).expect(200);
      expect(res.body).toEqual([]);
    }
    expect(await trpc.list()).toEqual([]);
    expect(await trpc.publicList()).toEqual([]);
  });

  it('answers the record as exactly [{id, content, version, language}] once it exists, on every door (the public one with its translations)', async () => {
    const content = '<p>Xin chào! I build <strong>websites</strong> &amp; write stories.</p>';
    const saved = await t.database.dataSource.getRepository(AboutEntity).save({ content });

    const expected = [{ id: saved.id, content, version: 1, language: 'en' }];
    const admin = await get('/api/about').expect(200);
    expect(z.array(aboutSchema.strict()).parse(admin.body)).toEqual(expected);
    expect(Object.keys(admin.body[0]).sort()).toEqual(['content', 'id', 'language', 'version']);
    const expectedPublic = [{ ...expected[0], translations: [] }];
    const visitors = await get('/api/gst-about').expect(200);
    expect(z.array(publicAboutSchema.strict()).parse(visitors.body)).toEqual(expectedPublic);
    expect(Object.keys(visitors.body[0]).sort()).toEqual(['content', 'id', 'language', 'translations', 'version']);
    expect(await trpc.list()).toEqual(expected);
    expect(await trpc.publicList()).toEqual(expectedPublic);
  });
});
