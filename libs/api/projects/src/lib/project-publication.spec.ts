import { DomainEvents, type DomainEvent } from '@blog/api/core';
import { eventually } from '@blog/api/data/testing';
import { testJobsModule, useTestApp } from '@blog/api/testing';
import { ProjectsModule } from './projects.module';

describe('a scheduled project is announced at its time, with no save (the projects.scheduled-publication job)', () => {
  const t = useTestApp([testJobsModule(), ProjectsModule], { signIn: true });
  const events: DomainEvent[] = [];

  beforeAll(() => t.app.get(DomainEvents).subscribe(async (event) => void events.push(event)));

  it('emits project.published once its time has come, not before, a resave queueing no second job', async () => {
    const publishAt = new Date(Date.now() + 2_000).toISOString();
    const body = { title: 'Homestay', slug: 'scheduled', year_from: 2025, published_at: publishAt };
    const id = (await t.admin.post('/api/admin/projects').send(body).expect(200)).body.id as number;
    await t.admin.put(`/api/admin/projects/${id}`).send(body).expect(200);
    expect(events).toEqual([]);

    await eventually(async () => expect(events.map((event) => event.event)).toEqual(['project.published']), 30_000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishAt));
    expect(events[0].data).toMatchObject({ id, published_at: publishAt });
    const [{ queued }] = await t.database.dataSource.query(
      `SELECT count(*)::int AS queued FROM pgboss.job WHERE name = 'projects.scheduled-publication'`,
    );
    expect(queued).toBe(1);
  });
});
