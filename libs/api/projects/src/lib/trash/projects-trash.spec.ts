import type request from 'supertest';
import { z } from 'zod';
import {
  OK,
  RETENTION,
  restoredProjectSchema,
  trashedProjectSchema,
  type ProjectInput,
  type TrashedProject,
} from '@blog/contracts';
import { DomainEvents, type DomainEvent } from '@blog/api/core';
import { ProjectEntity } from '@blog/api/data';
import type { TrashRouter } from '@blog/api/http';
import { expectAdminOnly, trpcHttp, useTestApp, type TestAgent as Agent } from '@blog/api/testing';
import { ProjectsModule } from '../projects.module';
import { ProjectsRouter } from '../projects.router';
import { ProjectsTrashService } from './projects-trash.service';

const trashTrpc = trpcHttp<TrashRouter<TrashedProject>>('projects.trash');
const DAY_MS = 86_400_000;

describe('the trash of projects (REST and tRPC)', () => {
  const t = useTestApp([ProjectsModule], {
    trpc: (nest) => ({ projects: nest.get(ProjectsRouter).router }),
    signIn: true,
  });
  const events: DomainEvent[] = [];
  const records = () => t.database.dataSource.getRepository(ProjectEntity);
  const trashed = async () =>
    z.array(trashedProjectSchema.strict()).parse((await t.admin.get('/api/trash/projects').expect(200)).body);
  const create = async (slug: string, overrides: Partial<ProjectInput> = {}) =>
    (
      await t.admin
        .post('/api/admin/projects')
        .send({ title: slug, slug, year_from: 2024, ...overrides })
        .expect(200)
    ).body.id as number;
  const trash = (id: number) => t.admin.delete(`/api/admin/projects/${id}`).expect(200);

  beforeAll(() => t.app.get(DomainEvents).subscribe(async (event) => void events.push(event)));
  beforeEach(async () => {
    await t.database.dataSource.query('DELETE FROM projects');
    events.length = 0;
  });

  it('is for administrators only, on both doors, changing nothing when refused', async () => {
    const id = await create('access');
    await trash(id);
    const doors: Array<[string, (agent: Agent) => request.Test]> = [
      ['GET /api/trash/projects', (agent) => agent.get('/api/trash/projects')],
      ['POST /api/trash/projects/:id/restore', (agent) => agent.post(`/api/trash/projects/${id}/restore`)],
      ['DELETE /api/trash/projects/:id', (agent) => agent.delete(`/api/trash/projects/${id}`)],
      ['DELETE /api/trash/projects', (agent) => agent.delete('/api/trash/projects')],
      ['tRPC projects.trash.list', (agent) => trashTrpc.query(agent, 'list')],
      ['tRPC projects.trash.restore', (agent) => trashTrpc.mutation(agent, 'restore', { id })],
      ['tRPC projects.trash.deleteForever', (agent) => trashTrpc.mutation(agent, 'deleteForever', { id })],
      [
        'tRPC projects.trash.empty',
        (agent) => trashTrpc.mutation(agent, 'empty').set('Content-Type', 'application/json'),
      ],
    ];
    for (const [door, call] of doors) await expectAdminOnly(door, call, t);
    expect(await records().findOneByOrFail({ id })).toMatchObject({ deleted_at: expect.any(Date) });
  });

  it('lists a trashed project with when it goes for good, the same on both doors', async () => {
    const id = await create('homestay', { title: 'Homestay' });
    await trash(id);
    const [entry] = await trashed();
    expect(entry).toMatchObject({ id, title: 'Homestay', slug: 'homestay' });
    const deletedAt = new Date(entry.deleted_at).getTime();
    expect(Math.abs(deletedAt - Date.now())).toBeLessThan(60_000);
    expect(new Date(entry.purge_at).getTime() - deletedAt).toBe(RETENTION.trashDays * DAY_MS);
    expect((await trashTrpc.query(t.admin, 'list').expect(200)).body.result.data).toEqual([entry]);
  });

  it('restores it as a new version under its slug, public again and announced; 404 once out of the trash', async () => {
    const id = await create('homestay');
    await trash(id);
    const res = await t.admin.post(`/api/trash/projects/${id}/restore`).expect(200);
    expect(restoredProjectSchema.parse(res.body)).toEqual({ status: 200, id, slug: 'homestay', slug_changed: false });
    expect(await records().findOneByOrFail({ id })).toMatchObject({
      deleted_at: null,
      version: 2,
      updated_via: 'restore',
      updated_by: t.adminUser.id,
    });
    await t.anonymous.get('/api/projects/homestay').expect(200);
    expect(events.map((event) => event.event)).toEqual([
      'project.published',
      'project.unpublished',
      'project.published',
    ]);
    await t.admin.post(`/api/trash/projects/${id}/restore`).expect(404);
    expect(await trashed()).toEqual([]);
  });

  it("frees a trashed project's slug; restoring then takes a free one and says so, on tRPC too", async () => {
    const first = await create('homestay');
    await trash(first);
    await create('homestay');
    const res = await trashTrpc.mutation(t.admin, 'restore', { id: first }).expect(200);
    expect(res.body.result.data).toEqual({ status: 200, id: first, slug: 'homestay-2', slug_changed: true });
  });

  it('deletes a trashed project for good, with its revisions, announced as project.deleted; 404 for one not in the trash', async () => {
    const id = await create('doomed');
    await t.admin
      .put(`/api/admin/projects/${id}`)
      .send({ title: 'Doomed', slug: 'doomed', year_from: 2024 })
      .expect(200);
    await t.admin.delete(`/api/trash/projects/${id}`).expect(404);
    await trash(id);
    expect((await t.admin.delete(`/api/trash/projects/${id}`).expect(200)).body).toEqual(OK);
    expect(await records().count()).toBe(0);
    expect(await t.database.dataSource.query('SELECT * FROM revisions WHERE project_id IS NOT NULL')).toEqual([]);
    expect(events.at(-1)).toEqual({
      event: 'project.deleted',
      data: expect.objectContaining({ id, title: 'Doomed' }),
    });
    await trashTrpc.mutation(t.admin, 'deleteForever', { id }).expect(404);
  });

  it('empties the trash, and the purge deletes only the projects trashed longer than the retention', async () => {
    const [old, recent, live] = [await create('old'), await create('recent'), await create('live')];
    await trash(old);
    await trash(recent);
    await t.database.dataSource.query(`UPDATE projects SET deleted_at = $2 WHERE id = $1`, [
      old,
      new Date(Date.now() - (RETENTION.trashDays + 1) * DAY_MS),
    ]);
    expect(await t.app.get(ProjectsTrashService).purgeExpired()).toBe(1);
    expect((await trashed()).map((entry) => entry.id)).toEqual([recent]);
    expect(events.filter((event) => event.event === 'project.deleted')).toEqual([
      { event: 'project.deleted', data: expect.objectContaining({ id: old }) },
    ]);

    const emptied = await trashTrpc.mutation(t.admin, 'empty').set('Content-Type', 'application/json');
    expect(emptied.body.result.data).toEqual({ status: 200, deleted: 1 });
    expect((await records().find()).map(({ id }) => id)).toEqual([live]);
  });
});
