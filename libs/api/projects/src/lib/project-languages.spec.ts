import { randomUUID } from 'node:crypto';
import { POST_STATUS, type Language, type ProjectInput } from '@blog/contracts';
import { ServiceEntity } from '@blog/api/data';
import { createCategory, createPost, createProject, invalidInput, trpcHttp, useTestApp } from '@blog/api/testing';
import { ProjectsModule } from './projects.module';
import { ProjectsRouter } from './projects.router';

const projectsTrpc = trpcHttp<ProjectsRouter['router']>('projects');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);
const HOUR = 60 * 60 * 1000;

describe('projects in two languages (REST and tRPC)', () => {
  const t = useTestApp([ProjectsModule], {
    trpc: (nest) => ({ projects: nest.get(ProjectsRouter).router }),
    signIn: true,
  });
  const query = (sql: string, params: unknown[] = []) => t.database.dataSource.query(sql, params);
  const get = (path: string) => t.anonymous.get(path);
  const slugsOf = (projects: Array<{ slug: string }>) => projects.map((project) => project.slug);
  const input = (changes: Partial<ProjectInput> = {}): ProjectInput => ({
    title: 'Homestay Hà Giang',
    year_from: 2024,
    ...changes,
  });
  /** A service straight in its table, in `language` and `group`; answers its id. */
  const service = async (slug: string, language: Language = 'en', group: string | null = null) => {
    const services = t.database.dataSource.getRepository(ServiceEntity);
    return (await services.save(services.create({ name: slug, slug, language, translation_group: group }))).id;
  };
  /** A pair of published versions of one project, linked through the door. */
  const pair = async (slug: string) => {
    const en = await createProject(t.database, { slug, title: `${slug} in English` });
    const vi = await createProject(t.database, { slug, title: `${slug} bằng tiếng Việt`, language: 'vi' });
    await projectsTrpc.mutation(t.admin, 'linkTranslation', { id: en.id, translation_id: vi.id }).expect(200);
    return { en, vi };
  };

  afterEach(async () => {
    await query(`DELETE FROM testimonials`);
    await query(`DELETE FROM projects`);
    await query(`DELETE FROM services`);
    await query(`DELETE FROM posts`);
    await query(`DELETE FROM general_info`);
  });

  it('answers the default language without lang and one language with it, the same slug at two addresses', async () => {
    const { en, vi } = await pair('homestay');
    await createProject(t.database, { slug: 'vi-only', language: 'vi', stack: ['react'] });

    expect(slugsOf((await get('/api/projects').expect(200)).body)).toEqual(['homestay']);
    expect(slugsOf((await get('/api/projects?lang=vi').expect(200)).body)).toEqual(
      expect.arrayContaining(['homestay', 'vi-only']),
    );
    const cards = (await projectsTrpc.query(t.anonymous, 'cards', { lang: 'vi', stack: 'react' }).expect(200)).body;
    expect(cards.result.data).toEqual([expect.objectContaining({ slug: 'vi-only', language: 'vi' })]);

    expect((await get('/api/projects/homestay').expect(200)).body).toMatchObject({
      id: en.id,
      language: 'en',
      translations: [{ id: vi.id, language: 'vi', slug: 'homestay', title: vi.title, path: '/vi/portfolio/homestay' }],
    });
    const viDetail = await projectsTrpc.query(t.anonymous, 'bySlug', { slug: 'homestay', lang: 'vi' }).expect(200);
    expect(viDetail.body.result.data).toMatchObject({
      id: vi.id,
      translations: [{ id: en.id, language: 'en', path: '/portfolio/homestay' }],
    });
    await get('/api/projects/vi-only').expect(404);

    const found = (path: string) => get(path).then((answer) => answer.body.map((card: { id: number }) => card.id));
    expect(await found('/api/searchProjects/homestay')).toEqual([en.id]);
    expect(await found('/api/searchProjects/homestay?lang=vi')).toEqual([vi.id]);
  });

  it('refuses a lang that is no language (400) and one the site does not run (404), naming lang', async () => {
    for (const path of ['/api/projects?lang=fr', '/api/projects/x?lang=EN', '/api/searchProjects/x?lang=']) {
      expect(fieldsOf((await get(path).expect(400)).body.errors)).toEqual(['lang']);
    }
    expect(
      (await projectsTrpc.query(t.anonymous, 'list', invalidInput({ lang: 'fr' })).expect(400)).body.error.data
        .fieldErrors,
    ).toEqual([expect.objectContaining({ field: 'lang' })]);
    await query(`INSERT INTO general_info (languages) VALUES ('{en}')`);
    expect(fieldsOf((await get('/api/projects?lang=vi').expect(404)).body.errors)).toEqual(['lang']);
    const refused = await t.admin
      .post('/api/admin/projects')
      .send(input({ language: 'vi' }))
      .expect(400);
    expect(fieldsOf(refused.body.errors)).toEqual(['language']);
  });

  it('drops a translation from the public answers at once when it is hidden, scheduled, a draft or trashed', async () => {
    const { en, vi } = await pair('homestay');
    const shown = async () => (await get('/api/projects/homestay').expect(200)).body.translations.length;
    const admin = async () => (await t.admin.get(`/api/admin/projects/${en.id}`).expect(200)).body.translations;
    expect(await shown()).toBe(1);
    for (const [change, state] of [
      [`status = ${POST_STATUS.hidden}`, 'hidden'],
      [`published_at = now() + interval '${HOUR} milliseconds'`, 'scheduled'],
      ['published_at = NULL', 'draft'],
      ['deleted_at = now()', 'trash'],
    ] as const) {
      await query(`UPDATE projects SET ${change} WHERE id = $1`, [vi.id]);
      expect(await shown()).toBe(0);
      expect(await admin()).toEqual([{ id: vi.id, language: 'vi', title: vi.title, slug: 'homestay', state }]);
      await query(
        `UPDATE projects SET status = ${POST_STATUS.visible}, published_at = now(), deleted_at = NULL WHERE id = $1`,
        [vi.id],
      );
      expect(await shown()).toBe(1);
    }
  });

  it('keeps a project’s services in its language (400 naming service_ids), and its language while testimonials point at it', async () => {
    const web = await service('web');
    const thietKe = await service('thiet-ke', 'vi');
    const refused = await t.admin
      .post('/api/admin/projects')
      .send(input({ language: 'vi', service_ids: [web] }))
      .expect(400);
    expect(fieldsOf(refused.body.errors)).toEqual(['service_ids']);
    const { id } = (
      await t.admin
        .post('/api/admin/projects')
        .send(input({ service_ids: [web] }))
        .expect(200)
    ).body;
    expect((await t.admin.get(`/api/admin/projects/${id}`).expect(200)).body.language).toBe('en');
    // Changing its language takes the services of the new one.
    const moved = await t.admin
      .put(`/api/admin/projects/${id}`)
      .send(input({ language: 'vi', service_ids: [web] }))
      .expect(400);
    expect(fieldsOf(moved.body.errors)).toEqual(['service_ids']);
    await query(
      `INSERT INTO testimonials (name, quote, consented_on, project_id) VALUES ('Lan', 'Good', '2026-01-01', $1)`,
      [id],
    );
    const held = await t.admin
      .put(`/api/admin/projects/${id}`)
      .send(input({ language: 'vi', service_ids: [thietKe] }))
      .expect(409);
    expect(fieldsOf(held.body.errors)).toEqual(['language']);
    await query(`DELETE FROM testimonials`);
    await t.admin
      .put(`/api/admin/projects/${id}`)
      .send(input({ language: 'vi', service_ids: [thietKe] }))
      .expect(200);
  });

  it('keeps old slugs per language: a renamed Vietnamese project leads from its old /vi/ address only', async () => {
    const { id } = (
      await t.admin
        .post('/api/admin/projects')
        .send(input({ slug: 'cu', language: 'vi' }))
        .expect(200)
    ).body;
    await t.admin
      .put(`/api/admin/projects/${id}`)
      .send(input({ slug: 'moi' }))
      .expect(200);
    const lead = { slug: 'moi', language: 'vi', path: '/vi/portfolio/moi' };
    expect((await get('/api/projects/cu/redirect?lang=vi').expect(200)).body).toEqual(lead);
    expect(
      (await projectsTrpc.query(t.anonymous, 'redirect', { slug: 'cu', lang: 'vi' }).expect(200)).body.result.data,
    ).toEqual(lead);
    await get('/api/projects/cu/redirect').expect(404);
    // A change of language leaves the old language's address behind too.
    await t.admin
      .put(`/api/admin/projects/${id}`)
      .send(input({ slug: 'moi', language: 'en' }))
      .expect(200);
    expect((await get('/api/projects/moi/redirect?lang=vi').expect(200)).body).toEqual({
      slug: 'moi',
      language: 'en',
      path: '/portfolio/moi',
    });
  });

  it('translates a project into a linked draft: same slug unless taken, services and posts in that language', async () => {
    const group = randomUUID();
    const web = await service('web', 'en', group);
    const thietKe = await service('thiet-ke', 'vi', group);
    const care = await service('care');
    const travel = await createCategory(t.database, { slug: 'travel' });
    const duLich = await createCategory(t.database, { slug: 'du-lich', language: 'vi' });
    const story = await createPost(t.database, travel, { slug: 'story' });
    const chuyen = await createPost(t.database, duLich, { slug: 'chuyen', language: 'vi' });
    const lone = await createPost(t.database, travel, { slug: 'lone' });
    await query(`UPDATE posts SET translation_group = $1 WHERE id = ANY($2)`, [randomUUID(), [story.id, chuyen.id]]);
    const { id } = (
      await t.admin
        .post('/api/admin/projects')
        .send(
          input({
            slug: 'homestay',
            service_ids: [care, web],
            related_post_ids: [story.id, lone.id],
            stack: ['react'],
          }),
        )
        .expect(200)
    ).body;
    await createProject(t.database, { slug: 'homestay', language: 'vi', status: POST_STATUS.hidden });

    const made = (await t.admin.post(`/api/admin/projects/${id}/translations`).send({ language: 'vi' }).expect(201))
      .body;
    expect(made).toMatchObject({
      language: 'vi',
      slug: 'homestay-2',
      title: 'Homestay Hà Giang',
      stack: ['react'],
      published_at: null,
      service_ids: [thietKe],
      related_post_ids: [chuyen.id, lone.id],
      translations: [expect.objectContaining({ id, language: 'en', state: 'published' })],
    });
    expect((await t.admin.get(`/api/admin/projects/${id}`).expect(200)).body.translations).toEqual([
      { id: made.id, language: 'vi', title: 'Homestay Hà Giang', slug: 'homestay-2', state: 'draft' },
    ]);

    const again = await projectsTrpc.mutation(t.admin, 'translate', { id, language: 'vi' }).expect(409);
    expect(again.body.error.data.fieldErrors).toEqual([expect.objectContaining({ field: 'language' })]);
    const own = await t.admin.post(`/api/admin/projects/${id}/translations`).send({ language: 'en' }).expect(400);
    expect(fieldsOf(own.body.errors)).toEqual(['language']);
  });

  it('links and unlinks two projects, refusing two of one language (409 naming translation_id)', async () => {
    const { en, vi } = await pair('homestay');
    const other = await createProject(t.database, { slug: 'other', language: 'vi' });
    const taken = await t.admin.put(`/api/admin/projects/${en.id}/translations/${other.id}`).expect(409);
    expect(fieldsOf(taken.body.errors)).toEqual(['translation_id']);
    const same = await projectsTrpc
      .mutation(t.admin, 'linkTranslation', { id: vi.id, translation_id: other.id })
      .expect(409);
    expect(same.body.error.data.fieldErrors).toEqual([expect.objectContaining({ field: 'translation_id' })]);

    expect((await t.admin.delete(`/api/admin/projects/${vi.id}/translations`).expect(200)).body.translations).toEqual(
      [],
    );
    expect((await get('/api/projects/homestay').expect(200)).body.translations).toEqual([]);
    await projectsTrpc.mutation(t.admin, 'linkTranslation', { id: en.id, translation_id: other.id }).expect(200);
    expect((await get('/api/projects/homestay').expect(200)).body.translations).toEqual([
      expect.objectContaining({ id: other.id, path: '/vi/portfolio/other' }),
    ]);
  });

  it('filters the admin list by language and by a missing translation', async () => {
    const { en, vi } = await pair('homestay');
    const alone = await createProject(t.database, { slug: 'alone' });
    const ids = async (search: string) =>
      (await t.admin.get(`/api/admin/projects${search}`).expect(200)).body.map((project: { id: number }) => project.id);
    expect(await ids('?language=vi')).toEqual([vi.id]);
    expect(await ids('?missing_translation=true')).toEqual([alone.id]);
    const listed = await projectsTrpc.query(t.admin, 'adminList', { language: 'en' }).expect(200);
    expect(listed.body.result.data.map((project: { id: number }) => project.id).sort()).toEqual(
      [en.id, alone.id].sort(),
    );
  });

  it('brings a trashed project back unlinked when its language’s place was taken meanwhile', async () => {
    const { en, vi } = await pair('homestay');
    await t.admin.delete(`/api/admin/projects/${vi.id}`).expect(200);
    const made = (await t.admin.post(`/api/admin/projects/${en.id}/translations`).send({ language: 'vi' }).expect(201))
      .body;
    await t.admin.post(`/api/trash/projects/${vi.id}/restore`).expect(200);
    const [restored] = await query(`SELECT translation_group FROM projects WHERE id = $1`, [vi.id]);
    expect(restored.translation_group).toBeNull();
    expect((await t.admin.get(`/api/admin/projects/${en.id}`).expect(200)).body.translations).toEqual([
      expect.objectContaining({ id: made.id }),
    ]);
  });
});
