import type { INestApplication } from '@nestjs/common';
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { mountTrpcRouter } from './mount-trpc-router';
import { publicProcedure, router } from './trpc';

describe('mountTrpcRouter', () => {
  const server = express();
  mountTrpcRouter(
    { use: server.use.bind(server) } as unknown as INestApplication,
    router({
      echo: publicProcedure.input(z.object({ text: z.string() })).mutation(({ input }) => input),
    }),
  );

  it('answers a request refused before any call (its content type) as JSON, like every other answer', async () => {
    for (const contentType of ['text/plain', 'application/xml']) {
      const res = await request(server)
        .post('/trpc/echo')
        .set('Content-Type', contentType)
        .send('{"text":"a"}')
        .expect(415);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.text).error.data).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', httpStatus: 415 });
    }
    const ok = await request(server).post('/trpc/echo').send({ text: 'a' }).expect(200);
    expect(ok.headers['content-type']).toMatch(/^application\/json/);
    expect(ok.body).toEqual({ result: { data: { text: 'a' } } });
  });
});
