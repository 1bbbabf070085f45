import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { z } from 'zod';
import { changeAuthorSchema, revisionSummarySchema } from '@blog/contracts';
import { CategoriesModule } from '@blog/api/categories';
import { PostsModule } from '@blog/api/posts';
import { RevisionsModule } from '@blog/api/revisions';
import { createCategory, createPost, testJobsModule, useTestApp } from '@blog/api/testing';
import { ExportsModule } from './exports.module';
import { SiteArchiveService } from './site-archive.service';

const HOOK_TIMEOUT = 120_000;
const refusedSave = z.object({ statusCode: z.literal(412), changed: changeAuthorSchema });

/** A restore writes every record through its domain's writer: what an admin's save sets, a restore sets too. */
describe("a restore writes each record as the admin's saves do", () => {
  const t = useTestApp([testJobsModule(), PostsModule, CategoriesModule, RevisionsModule, ExportsModule], {
    signIn: true,
  });
  let archive: string;
  const restore = (mode: 'overwrite' | 'keep_both') =>
    t.app.get(SiteArchiveService).restore(archive, { mode, dryRun: false });

  beforeAll(async () => {
    const category = await createCategory(t.database, { name: 'Travel', slug: 'travel' });
    await createPost(t.database, category, { slug: 'ha-giang', title: 'Hà Giang', content: '<p>Đi Hà Giang</p>' });
    archive = join(mkdtempSync(join(tmpdir(), 'restore-write-path-')), 'site.zip');
    const output = createWriteStream(archive);
    await t.app.get(SiteArchiveService).export(output, { includeMessages: false });
    await finished(output);
  }, HOOK_TIMEOUT);

  it('a category it overwrites gets a version of its own, by the door restore: a save over the one before is refused', async () => {
    const [{ id }] = (await t.database.dataSource.query(`SELECT id FROM categories WHERE slug = 'travel'`)) as Array<{
      id: number;
    }>;
    const read = await t.admin.get(`/api/categories/${id}`).expect(200);
    expect((await restore('overwrite')).overwritten.categories).toBe(1);
    const stale = await t.admin
      .put(`/api/categories/${id}`)
      .set('If-Match', read.headers['etag'] as string)
      .send({ name: 'Stale', slug: 'travel' })
      .expect(412);
    expect(refusedSave.parse(stale.body).changed).toMatchObject({ via: 'restore', user_id: null, session: null });
  });

  it('a post it creates is version 1 by the door restore, as the History panel shows once the admin saves over it', async () => {
    const report = await restore('keep_both');
    expect(report.items).toContainEqual({
      kind: 'post',
      slug: 'ha-giang',
      action: 'keep_both',
      restored_as: 'ha-giang-2',
    });
    const [{ id, category_id }] = (await t.database.dataSource.query(
      `SELECT id, category_id FROM posts WHERE slug = 'ha-giang-2'`,
    )) as Array<{ id: number; category_id: number }>;
    await t.admin
      .put(`/api/posts/${id}`)
      .send({
        category_id,
        title: 'Hà Giang, again',
        slug: 'ha-giang-2',
        content: '<p>Đi Hà Giang</p>',
        short_content: '',
        thumbnail: null,
        meta_title: '',
        meta_description: '',
        meta_keywords: '',
        status: 0,
      })
      .expect(200);
    const history = z
      .array(revisionSummarySchema)
      .parse((await t.admin.get(`/api/posts/${id}/revisions`).expect(200)).body);
    expect(history.map(({ version, saved }) => ({ version, via: saved.via }))).toEqual([
      { version: 1, via: 'restore' },
    ]);
  });
});
