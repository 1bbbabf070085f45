import { Injectable, Module } from '@nestjs/common';
import request from 'supertest';
import { z } from 'zod';
import { adminProcedure, publicProcedure, router } from '@blog/api/http';
import { sessionUserOf } from './sign-in';
import { invalidInput, trpcHttp } from './trpc-http';
import { useTestApp } from './use-test-app';

@Injectable()
class EchoRouter {
  readonly router = router({
    echo: publicProcedure.input(z.object({ word: z.string() }).optional()).query(({ input }) => input?.word ?? null),
    shout: adminProcedure.input(z.object({ word: z.string() })).mutation(({ input }) => input.word.toUpperCase()),
  });
}

@Module({ providers: [EchoRouter], exports: [EchoRouter] })
class EchoModule {}

const echo = trpcHttp<EchoRouter['router']>('echo');

describe('useTestApp with { signIn: true } and trpcHttp', () => {
  const t = useTestApp([EchoModule], { trpc: (nest) => ({ echo: nest.get(EchoRouter).router }), signIn: true });
  let readBeforeSetUp: unknown;
  try {
    void t.app;
  } catch (error) {
    readBeforeSetUp = error;
  }

  it('refuses to be read before its beforeAll ran', () => {
    expect(readBeforeSetUp).toEqual(new Error("useTestApp: 'app' was read before its beforeAll ran"));
  });

  it('answers the database, the app and its config, and the three agents of signInAgents', async () => {
    expect(await t.database.dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(t.config.siteUrl).toBe('http://blog.test');
    expect(await sessionUserOf(t.anonymous)).toBeNull();
    expect(await sessionUserOf(t.reader)).toMatchObject({
      id: t.readerUser.id,
      email: 'reader@example.com',
      is_admin: false,
    });
    expect(await sessionUserOf(t.admin)).toMatchObject({
      id: t.adminUser.id,
      email: 'admin@example.com',
      is_admin: true,
    });
  });

  it('calls procedures over HTTP under the router name: queries with and without input, mutations with the session', async () => {
    expect((await echo.query(t.anonymous, 'echo', { word: 'xin chào' }).expect(200)).body.result.data).toBe('xin chào');
    expect((await echo.query(t.anonymous, 'echo').expect(200)).body.result.data).toBeNull();
    expect((await echo.mutation(t.admin, 'shout', { word: 'hi' }).expect(200)).body.result.data).toBe('HI');
    expect((await echo.mutation(t.reader, 'shout', { word: 'hi' }).expect(403)).body.error.data.code).toBe('FORBIDDEN');
  });

  it('sends an invalidInput as it is', async () => {
    const res = await echo.mutation(t.admin, 'shout', invalidInput({ word: 42 })).expect(400);
    expect(res.body.error.data.fieldErrors).toEqual([expect.objectContaining({ field: 'word' })]);
  });

  it('gives a typed caller of a router in the app', async () => {
    expect(await t.caller(EchoRouter).echo({ word: 'một' })).toBe('một');
  });

  it('starts more apps over the same database with appWith', async () => {
    const other = await t.appWith({ trpc: (nest) => ({ echo: nest.get(EchoRouter).router }) });
    expect(other).not.toBe(t.app);
    expect(
      (await echo.query(request.agent(other.getHttpServer()), 'echo', { word: 'hai' }).expect(200)).body.result.data,
    ).toBe('hai');
  });
});

describe('useTestApp without sign-in, and with { app: false }', () => {
  const plain = useTestApp([EchoModule]);
  const bare = useTestApp([EchoModule], { app: false });

  it('says the agents need { signIn: true }', () => {
    expect(() => plain.admin).toThrow("useTestApp: 'admin' was read without { signIn: true }");
  });

  it('makes only the database with { app: false }', async () => {
    expect(() => bare.app).toThrow("useTestApp: 'app' was read with { app: false }");
    expect(bare.database.url).not.toBe(plain.database.url);
  });
});
