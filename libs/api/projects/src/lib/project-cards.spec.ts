import { z } from 'zod';
import { projectCardSchema, type ProjectInput } from '@blog/contracts';
import { trpcHttp, useTestApp } from '@blog/api/testing';
import { ProjectsModule } from './projects.module';
import { ProjectsRouter } from './projects.router';

const projectsTrpc = trpcHttp<ProjectsRouter['router']>('projects');

describe("projects.cards: the portfolio's cards, without the case study", () => {
  const t = useTestApp([ProjectsModule], {
    trpc: (nest) => ({ projects: nest.get(ProjectsRouter).router }),
    signIn: true,
  });
  const create = async (project: Partial<ProjectInput>) =>
    (
      await t.admin
        .post('/api/admin/projects')
        .send({ year_from: 2024, published_at: 'now', ...project })
        .expect(200)
    ).body.id as number;

  beforeEach(() => t.database.dataSource.query('DELETE FROM projects'));

  it("answers list's projects, in its order and filtered as it is, each with the card's fields only", async () => {
    await create({ title: 'Shop', stack: ['wordpress'], sort_order: 2, problem: '<p>Slow.</p>' });
    await create({ title: 'Homestay', stack: ['react'], sort_order: 1, summary: 'Bookings', featured: true });
    await create({ title: 'Draft', stack: ['react'], published_at: null });

    const cards = await projectsTrpc.query(t.anonymous, 'cards', {}).expect(200);
    const list = await projectsTrpc.query(t.anonymous, 'list', {}).expect(200);
    const parsed = z.array(projectCardSchema.strict()).parse(cards.body.result.data);
    expect(parsed.map((card) => card.title)).toEqual(['Homestay', 'Shop']);
    const fromList = (list.body.result.data as Array<Record<string, unknown>>).map((project) =>
      Object.fromEntries(Object.keys(projectCardSchema.shape).map((key) => [key, project[key]])),
    );
    expect(parsed).toEqual(fromList);

    const react = await projectsTrpc.query(t.anonymous, 'cards', { stack: 'React' }).expect(200);
    expect(react.body.result.data.map((card: { title: string }) => card.title)).toEqual(['Homestay']);
  });
});
