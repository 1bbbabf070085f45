import request from 'supertest';
import { z } from 'zod';
import { aboutSchema } from '@blog/contracts';
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

  it('answers the record as exactly [{id, content, version}] once it exists, on every door', async () => {
    const content = '<p>Xin chào! I build <strong>websites</strong> &amp; write stories.</p>';
    const saved = await t.database.dataSource.getRepository(AboutEntity).save({ content });

    const expected = [{ id: saved.id, content, version: 1 }];
    for (const path of PATHS) {
      const res = await get(path).expect(200);
      expect(z.array(aboutSchema.strict()).parse(res.body)).toEqual(expected);
      expect(Object.keys(res.body[0]).sort()).toEqual(['content', 'id', 'version']);
    }
    expect(await trpc.list()).toEqual(expected);
    expect(await trpc.publicList()).toEqual(expected);
  });
});
