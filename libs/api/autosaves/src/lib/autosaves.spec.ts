import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { z } from 'zod';
import {
  AUTOSAVE,
  AUTOSAVE_PURGE_SCHEDULE,
  AUTOSAVE_VALUES_MAX_CHARS,
  autosaveSchema,
  autosaveSlotOf,
  OK,
} from '@blog/contracts';
import {
  agentSignedInAs,
  createTestUser,
  expectAdminOnly,
  invalidInput,
  testJobsModule,
  trpcHttp,
  useTestApp,
  type TestAgent as Agent,
} from '@blog/api/testing';
import { RICH_TEXT_MAX_DEPTH } from '@blog/shared/html';
import { AutosavesModule } from './autosaves.module';
import { AutosavesRouter } from './autosaves.router';
import { AutosavesService } from './autosaves.service';

const autosavesTrpc = trpcHttp<AutosavesRouter['router']>('autosaves');
const DAY_MS = 86_400_000;
const values = (title: string) => ({
  title,
  content: `<p>${title}</p>`,
  hidden: false,
  category_id: '',
  thumbnail: null,
});

describe('autosaves (REST and tRPC)', () => {
  const t = useTestApp([testJobsModule(), AutosavesModule], {
    trpc: (nest) => ({ autosaves: nest.get(AutosavesRouter).router }),
    signIn: true,
  });
  // Autosaves are of posts that may not exist yet (a new post) or any more: no post is needed.
  const post = { id: 7 };
  let otherAdmin: Agent;

  const put = (agent: Agent, slot: string, body: unknown) => agent.put(`/api/autosaves/${slot}`).send(body as object);
  const rowCount = async (slot: string) =>
    (
      (await t.database.dataSource.query(`SELECT count(*)::int AS n FROM autosaves WHERE slot = $1`, [slot])) as [
        { n: number },
      ]
    )[0].n;

  beforeAll(async () => {
    otherAdmin = await agentSignedInAs(t.app, await createTestUser(t.database, { is_admin: true, name: 'Other' }));
  });

  it('is for administrators only, on both doors', async () => {
    const slot = autosaveSlotOf.post(post.id);
    const doors: Array<[string, (agent: Agent) => request.Test]> = [
      ['PUT /api/autosaves/:slot', (agent) => put(agent, slot, { values: values('x') })],
      ['GET /api/autosaves/:slot', (agent) => agent.get(`/api/autosaves/${slot}`)],
      ['GET /api/autosaves?kind=new-post', (agent) => agent.get('/api/autosaves?kind=new-post')],
      ['DELETE /api/autosaves/:slot', (agent) => agent.delete(`/api/autosaves/${slot}`)],
      ['tRPC autosaves.save', (agent) => autosavesTrpc.mutation(agent, 'save', { slot, values: values('x') })],
      ['tRPC autosaves.get', (agent) => autosavesTrpc.query(agent, 'get', { slot })],
      ['tRPC autosaves.listNewPosts', (agent) => autosavesTrpc.query(agent, 'listNewPosts')],
      ['tRPC autosaves.discard', (agent) => autosavesTrpc.mutation(agent, 'discard', { slot })],
    ];
    for (const [door, call] of doors) await expectAdminOnly(door, call, t);
    expect(await rowCount(slot)).toBe(0);
  });

  it('saves, answers and replaces a slot', async () => {
    const slot = autosaveSlotOf.post(post.id);
    const first = await put(t.admin, slot, { values: values('Hội An by night'), base_version: 3 }).expect(200);
    expect(autosaveSchema.parse(first.body)).toEqual({
      slot,
      values: values('Hội An by night'),
      base_version: 3,
      saved_at: expect.any(String),
    });
    const second = await autosavesTrpc
      .mutation(t.admin, 'save', { slot, values: values('Hội An at dawn') })
      .expect(200);
    expect(second.body.result.data).toMatchObject({ slot, values: values('Hội An at dawn'), base_version: null });
    expect(Date.parse(second.body.result.data.saved_at)).toBeGreaterThanOrEqual(Date.parse(first.body.saved_at));
    expect((await t.admin.get(`/api/autosaves/${slot}`).expect(200)).body.values.title).toBe('Hội An at dawn');
    expect((await autosavesTrpc.query(t.admin, 'get', { slot }).expect(200)).body.result.data.values.title).toBe(
      'Hội An at dawn',
    );
    expect(await rowCount(slot)).toBe(1);
    await t.admin.delete(`/api/autosaves/${slot}`).expect(200, OK);
  });

  it("keeps each administrator's slots apart", async () => {
    const slot = autosaveSlotOf.post(post.id);
    await put(t.admin, slot, { values: values('mine') }).expect(200);
    await otherAdmin.get(`/api/autosaves/${slot}`).expect(404);
    expect((await autosavesTrpc.query(otherAdmin, 'get', { slot }).expect(200)).body.result.data).toBeNull();
    await put(otherAdmin, slot, { values: values('theirs') }).expect(200);
    await otherAdmin.delete(`/api/autosaves/${slot}`).expect(200);
    expect((await t.admin.get(`/api/autosaves/${slot}`).expect(200)).body.values.title).toBe('mine');
    await t.admin.delete(`/api/autosaves/${slot}`).expect(200);
  });

  it('answers 404 for an empty slot and 200 when discarding one', async () => {
    const slot = autosaveSlotOf.about(99);
    const res = await t.admin.get(`/api/autosaves/${slot}`).expect(404);
    expect(res.body).toMatchObject({ statusCode: 404 });
    await t.admin.delete(`/api/autosaves/${slot}`).expect(200, OK);
    expect((await autosavesTrpc.mutation(t.admin, 'discard', { slot }).expect(200)).body.result.data).toEqual(OK);
  });

  it('refuses a bad slot or body with 400 and the field', async () => {
    for (const slot of ['post:0', 'post:abc', 'page:1', 'post:new:not-a-uuid', 'about:', 'post:1:2']) {
      const res = await put(t.admin, encodeURIComponent(slot), { values: values('x') }).expect(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'slot' })]);
      await t.admin.get(`/api/autosaves/${encodeURIComponent(slot)}`).expect(400);
    }
    const badBody = await put(t.admin, 'post:1', { values: { title: { nested: true } } }).expect(400);
    expect(badBody.body.errors[0].field).toMatch(/^values/);
    await put(t.admin, 'post:1', { values: values('x'), base_version: 0 }).expect(400);
    await t.admin.get('/api/autosaves?kind=old-post').expect(400);
    const viaTrpc = await autosavesTrpc
      .mutation(t.admin, 'save', invalidInput({ slot: 'post:x', values: values('x') }))
      .expect(400);
    expect(viaTrpc.body.error.data.fieldErrors).toEqual([expect.objectContaining({ field: 'slot' })]);
  });

  it('refuses values over the size limit with 413, on both doors', async () => {
    const slot = autosaveSlotOf.post(post.id);
    const huge = { content: 'x'.repeat(AUTOSAVE_VALUES_MAX_CHARS) };
    const rest = await put(t.admin, slot, { values: huge }).expect(413);
    expect(rest.body).toMatchObject({ statusCode: 413 });
    const trpc = await autosavesTrpc.mutation(t.admin, 'save', { slot, values: huge }).expect(413);
    expect(trpc.body.error.data).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await rowCount(slot)).toBe(0);
    // What the forms can hold fits: the largest content and short content.
    const largest = { content: 'x'.repeat(1_000_000), short_content: 'y'.repeat(100_000), title: 't'.repeat(300) };
    await put(t.admin, slot, { values: largest }).expect(200);
    await t.admin.delete(`/api/autosaves/${slot}`).expect(200);
  });

  it('refuses HTML nested deeper than the rich-text bound with 400 naming the field, on both doors', async () => {
    const slot = autosaveSlotOf.post(post.id);
    const deep = { title: 'Deep', content: `${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}` };
    const expected = [{ field: 'values.content', message: `nested deeper than ${RICH_TEXT_MAX_DEPTH} elements` }];
    expect((await put(t.admin, slot, { values: deep }).expect(400)).body.errors).toEqual(expected);
    const trpc = await autosavesTrpc.mutation(t.admin, 'save', { slot, values: deep }).expect(400);
    expect(trpc.body.error.data.fieldErrors).toEqual(expected);
    expect(await rowCount(slot)).toBe(0);
  });

  it("lists the user's new posts never submitted, the last saved first", async () => {
    const older = autosaveSlotOf.newPost(randomUUID());
    const newer = autosaveSlotOf.newPost(randomUUID());
    await put(t.admin, older, { values: values('first draft') }).expect(200);
    await put(t.admin, newer, { values: values('second draft') }).expect(200);
    await put(t.admin, autosaveSlotOf.post(post.id), { values: values('not new') }).expect(200);
    await put(otherAdmin, autosaveSlotOf.newPost(randomUUID()), { values: values('theirs') }).expect(200);
    const rest = z.array(autosaveSchema).parse((await t.admin.get('/api/autosaves?kind=new-post').expect(200)).body);
    expect(rest.map((row) => row.slot)).toEqual([newer, older]);
    const trpc = (await autosavesTrpc.query(t.admin, 'listNewPosts').expect(200)).body.result.data as Array<{
      slot: string;
    }>;
    expect(trpc.map((row) => row.slot)).toEqual([newer, older]);
    for (const slot of [older, newer, autosaveSlotOf.post(post.id)]) await t.admin.delete(`/api/autosaves/${slot}`);
  });

  it("keeps a project's autosaves, and lists the user's new projects apart from the new posts", async () => {
    const draft = autosaveSlotOf.newProject(randomUUID());
    const saved = autosaveSlotOf.project(7);
    const newPost = autosaveSlotOf.newPost(randomUUID());
    await put(t.admin, draft, { values: values('new project') }).expect(200);
    await autosavesTrpc
      .mutation(t.admin, 'save', { slot: saved, values: values('project'), base_version: 3 })
      .expect(200);
    await put(t.admin, newPost, { values: values('new post') }).expect(200);
    expect((await t.admin.get(`/api/autosaves/${saved}`).expect(200)).body).toMatchObject({ base_version: 3 });
    const rest = z.array(autosaveSchema).parse((await t.admin.get('/api/autosaves?kind=new-project').expect(200)).body);
    expect(rest.map((row) => row.slot)).toEqual([draft]);
    const trpc = await autosavesTrpc.query(t.admin, 'listNewProjects').expect(200);
    expect(trpc.body.result.data).toEqual(rest);
    await t.admin.get('/api/autosaves?kind=new-page').expect(400);
    for (const slot of [draft, saved, newPost]) await t.admin.delete(`/api/autosaves/${slot}`);
  });

  describe(`the purge after ${AUTOSAVE.keepDays} days`, () => {
    it('is scheduled in the job queue on AUTOSAVE_PURGE_SCHEDULE', async () => {
      const rows = await t.database.dataSource.query(
        `SELECT name, cron, timezone FROM pgboss.schedule WHERE name = 'autosaves.purge'`,
      );
      expect(rows).toEqual([{ name: 'autosaves.purge', cron: AUTOSAVE_PURGE_SCHEDULE, timezone: 'Asia/Ho_Chi_Minh' }]);
    });

    it(`deletes the autosaves saved more than ${AUTOSAVE.keepDays} days ago, of every user`, async () => {
      const old = autosaveSlotOf.post(1001);
      const recent = autosaveSlotOf.post(1002);
      await put(t.admin, old, { values: values('old') }).expect(200);
      await put(otherAdmin, old, { values: values('old too') }).expect(200);
      await put(t.admin, recent, { values: values('recent') }).expect(200);
      const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
      await t.database.dataSource.query(`UPDATE autosaves SET saved_at = $2 WHERE slot = $1`, [
        old,
        new Date(daysAgo(AUTOSAVE.keepDays).getTime() - 60_000),
      ]);
      await t.database.dataSource.query(`UPDATE autosaves SET saved_at = $2 WHERE slot = $1`, [
        recent,
        daysAgo(AUTOSAVE.keepDays - 1),
      ]);
      expect(await t.app.get(AutosavesService).purgeExpired()).toBe(2);
      expect(await rowCount(old)).toBe(0);
      expect(await rowCount(recent)).toBe(1);
      expect(await t.app.get(AutosavesService).purgeExpired()).toBe(0);
    });
  });
});
