import { autosaveSlotOf } from '@blog/contracts';
import { AboutEntity } from '@blog/api/data';
import { trpcHttp, useTestApp } from '@blog/api/testing';
import { AboutModule } from './about.module';
import { AboutRouter } from './about.router';

const about = trpcHttp<AboutRouter['router']>('about');

describe("an About save clears the saver's autosave of it, on both doors", () => {
  const t = useTestApp([AboutModule], { trpc: (nest) => ({ about: nest.get(AboutRouter).router }), signIn: true });

  /** An autosave row as libs/api/autosaves writes it (a domain never imports another: written here in SQL). */
  const autosave = (slot: string) =>
    t.database.dataSource.query(`INSERT INTO autosaves (user_id, slot, values) VALUES ($1, $2, '{"content": ""}')`, [
      t.adminUser.id,
      slot,
    ]);
  const slots = async () =>
    ((await t.database.dataSource.query(`SELECT slot FROM autosaves`)) as Array<{ slot: string }>).map(
      (row) => row.slot,
    );

  it('PUT /api/about/{id} and tRPC about.update; a refused save leaves it', async () => {
    const record = await t.database.dataSource.getRepository(AboutEntity).save({ content: '<p>About</p>' });
    const slot = autosaveSlotOf.about(record.id);
    await autosave(slot);
    await t.admin.put(`/api/about/${record.id}`).send({ content: '<p>Saved</p>' }).expect(200);
    expect(await slots()).toEqual([]);
    await autosave(slot);
    await t.admin.put(`/api/about/${record.id}`).send({ content: 123 }).expect(400);
    expect(await slots()).toEqual([slot]);
    await about.mutation(t.admin, 'update', { id: record.id, content: '<p>Saved again</p>' }).expect(200);
    expect(await slots()).toEqual([]);
  });
});
