import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { POST_STATUS } from '@blog/contracts';
import { type AppConfig } from '@blog/api/core';
import { hashPassword, verifyPassword } from '@blog/api/security';
import { DEMO_ASSETS_DIR, testConfig, useTestDatabase, type TestDatabase } from '@blog/api/testing';
import {
  AboutEntity,
  CategoryEntity,
  GeneralInfoEntity,
  openDataSource,
  PostEntity,
  ProjectEntity,
  ServiceEntity,
  TestimonialEntity,
  UploadEntity,
  UserEntity,
} from '@blog/api/data';
import { demoGeneralInfo, demoPosts } from './demo-content';
import { demoProjects } from './demo-portfolio';
import { seedDatabase, seedFromConfig, type SeedReport } from './seed';

/** What `npm start` does on a new database, with the demo images of the source tree. */
const seedDemo = (database: TestDatabase, config: AppConfig = testConfig()) =>
  seedFromConfig(database.dataSource, config, { assetsDir: DEMO_ASSETS_DIR });

const DEMO_CATEGORY_SLUGS = ['tieng-anh', 'story', 'poem', 'seo', 'computing-tips', 'wordpress', 'du-lich'];
const HOOK_TIMEOUT = 60_000;
/** Every image the demo content names: thumbnails, project covers, logos and the favicon. */
const DEMO_IMAGES = new Set([
  ...demoPosts.flatMap((post) => (post.thumbnail ? [post.thumbnail] : [])),
  ...demoProjects.map((project) => project.cover),
  demoGeneralInfo.logo_1,
  demoGeneralInfo.logo_2,
  demoGeneralInfo.favicon,
]);

interface Counts {
  users: number;
  categories: number;
  posts: number;
  about: number;
  generalInfo: number;
  projects: number;
  services: number;
  testimonials: number;
  uploads: number;
}

async function countRows(database: TestDatabase): Promise<Counts> {
  const manager = database.dataSource.manager;
  return {
    users: await manager.count(UserEntity),
    categories: await manager.count(CategoryEntity),
    posts: await manager.count(PostEntity),
    about: await manager.count(AboutEntity),
    generalInfo: await manager.count(GeneralInfoEntity),
    projects: await manager.count(ProjectEntity),
    services: await manager.count(ServiceEntity),
    testimonials: await manager.count(TestimonialEntity),
    uploads: await manager.count(UploadEntity),
  };
}

/** Users with their password hash, which the entity leaves out of normal reads. */
function usersWithHash(database: TestDatabase): Promise<UserEntity[]> {
  return database.dataSource
    .getRepository(UserEntity)
    .createQueryBuilder('user')
    .addSelect('user.password_hash')
    .orderBy('user.id')
    .getMany();
}

describe('seedDatabase', () => {
  describe('the demo site on an empty database, without ADMIN_PASSWORD', () => {
    const database = useTestDatabase();
    let config: AppConfig;
    let report: SeedReport;

    beforeAll(async () => {
      config = testConfig();
      report = await seedDemo(database, config);
    }, HOOK_TIMEOUT);

    it('reports the administrator and the demo content as created, with a generated password', () => {
      expect(report.adminCreated).toBe(true);
      expect(report.demoCreated).toBe(true);
      expect(report.generatedPassword).toEqual(expect.any(String));
      expect(report.generatedPassword?.length).toBeGreaterThanOrEqual(12);
    });

    it('creates one administrator whose argon2id hash verifies against the generated password', async () => {
      const users = await usersWithHash(database);
      expect(users).toHaveLength(1);
      const [admin] = users;
      expect(admin.is_admin).toBe(true);
      expect(admin.email).toBe(config.admin.email);
      expect(admin.email).toBe('admin@example.com');
      expect(admin.password_hash.startsWith('$argon2id$')).toBe(true);
      expect(admin.password_hash).not.toContain(report.generatedPassword as string);
      expect(await verifyPassword(admin.password_hash, report.generatedPassword as string)).toBe(true);
      expect(await verifyPassword(admin.password_hash, `${report.generatedPassword}x`)).toBe(false);
    });

    it('creates the seven demo categories', async () => {
      const categories = await database.dataSource.getRepository(CategoryEntity).find({ order: { id: 'ASC' } });
      expect(categories.map((category) => category.slug).sort()).toEqual([...DEMO_CATEGORY_SLUGS].sort());
      for (const category of categories) expect(category.name.trim()).not.toBe('');
    });

    it('creates at least 14 visible posts over every category, and exactly one hidden post', async () => {
      const posts = await database.dataSource.getRepository(PostEntity).find({ relations: { category: true } });
      const visible = posts.filter((post) => post.status === POST_STATUS.visible);
      const hidden = posts.filter((post) => post.status === POST_STATUS.hidden);
      expect(visible.length).toBeGreaterThanOrEqual(14);
      expect(hidden).toHaveLength(1);
      expect(visible.length + hidden.length).toBe(posts.length);
      const visibleCategories = new Set(visible.map((post) => post.category?.slug));
      expect([...visibleCategories].sort()).toEqual([...DEMO_CATEGORY_SLUGS].sort());
      expect(new Set(posts.map((post) => post.slug)).size).toBe(posts.length);
      for (const post of posts) {
        expect(post.title.trim()).not.toBe('');
        expect(post.content.trim()).not.toBe('');
      }
    });

    it('writes two stories in both languages, linked, in paired categories, and one post in Vietnamese alone', async () => {
      const rows = (await database.dataSource.query(
        `SELECT post.slug, post.language, post.translation_group AS "group", post.status,
                category.slug AS category, category.language AS category_language,
                category.translation_group AS category_group
           FROM posts post JOIN categories category ON category.id = post.category_id ORDER BY post.id`,
      )) as Array<{
        slug: string;
        language: string;
        group: string | null;
        status: number;
        category: string;
        category_language: string;
        category_group: string | null;
      }>;
      expect(rows.filter((row) => row.language !== row.category_language)).toEqual([]);
      const groups = new Map<string | null, string[]>();
      for (const row of rows.filter((row) => row.group !== null)) {
        groups.set(row.group, [...(groups.get(row.group) ?? []), `${row.language}:${row.slug}`]);
      }
      expect([...groups.values()].sort()).toEqual([
        ['en:a-slow-week-in-hoi-an', 'vi:mot-tuan-cham-rai-o-hoi-an'],
        ['en:ha-giang-buckwheat-season-mountain-loop', 'vi:ha-giang-mua-tam-giac-mach'],
      ]);
      const vietnameseAlone = rows.filter((row) => row.language === 'vi' && row.group === null);
      expect(vietnameseAlone).toEqual([expect.objectContaining({ status: POST_STATUS.visible, category: 'du-lich' })]);
      // Story and Du lịch are each other's translation.
      const [story, duLich] = ['story', 'du-lich'].map((slug) => rows.find((row) => row.category === slug));
      expect(duLich?.category_group).toEqual(expect.any(String));
      expect(story?.category_group).toBe(duLich?.category_group);
      // The Vietnamese is written with its diacritics.
      const titles = demoPosts.filter((post) => post.language === 'vi').map((post) => post.title);
      for (const title of titles) expect(title).toMatch(/[ăâđêôơưàáảãạèéẻẽẹìíỉĩịòóỏõọùúủũụỳýỷỹỵ]/i);
    });

    it('creates one About per language and one General info record', async () => {
      const counts = await countRows(database);
      expect(counts.about).toBe(2);
      expect(counts.generalInfo).toBe(1);
      const abouts = await database.dataSource.getRepository(AboutEntity).find({ order: { language: 'ASC' } });
      expect(abouts.map((about) => about.language)).toEqual(['en', 'vi']);
      for (const about of abouts) expect(about.content.trim()).not.toBe('');
      expect(abouts[1].content).toContain('lập trình viên web tự do');
      const [info] = await database.dataSource.getRepository(GeneralInfoEntity).find();
      expect(info.logo_1).toEqual(expect.any(String));
    });

    it('creates the demo portfolio: four published case studies, three services, three testimonials and the availability', async () => {
      const projects = await database.dataSource
        .getRepository(ProjectEntity)
        .find({ where: { language: 'en' }, order: { sort_order: 'ASC' } });
      expect(projects.map((project) => project.slug)).toEqual([
        'may-homestay-booking-site',
        'english-speaking-practice-app',
        'wordpress-speed-rescue-coffee-roaster',
        'hoi-an-tailor-online-shop',
      ]);
      for (const project of projects) {
        expect(project).toMatchObject({ status: POST_STATUS.visible, updated_via: 'rest' });
        expect(project.published_at?.getTime()).toBeLessThan(Date.now());
        for (const section of [project.problem, project.approach, project.outcome]) expect(section).toMatch(/^<p>/);
        expect(project.results.length).toBeGreaterThanOrEqual(2);
        expect(project.stack.length).toBeGreaterThanOrEqual(3);
        expect(project.client_name).not.toBe('');
        expect(project.cover).toMatch(/^demo-project-.+\.jpg$/);
      }
      expect(projects.find((project) => project.slug.startsWith('wordpress'))?.results).toContainEqual({
        label: 'Page load',
        value: '4.1 s → 0.9 s',
      });
      // The home page's "Selected work" row shows the featured ones.
      expect(projects.filter((project) => project.featured)).toHaveLength(3);

      const services = await database.dataSource
        .getRepository(ServiceEntity)
        .find({ where: { language: 'en' }, order: { position: 'ASC' } });
      expect(services).toHaveLength(3);
      expect(services.map((service) => [service.price_vnd, service.hidden])).toEqual([
        [15_000_000, false],
        [5_000_000, false],
        // On request.
        [null, false],
      ]);
      for (const service of services) {
        expect(service.deliverables.length).toBeGreaterThanOrEqual(3);
        expect(service.duration).not.toBe('');
      }
      // Each project names the services it used, and each service has a project: the portfolio's filter shows something.
      const links = (await database.dataSource.query(
        `SELECT p.slug AS project, array_agg(s.slug ORDER BY l.position) AS services
           FROM project_services l JOIN projects p ON p.id = l.project_id JOIN services s ON s.id = l.service_id
          GROUP BY p.slug`,
      )) as Array<{ project: string; services: string[] }>;
      expect(Object.fromEntries(links.map((link) => [link.project, link.services]))).toEqual(
        Object.fromEntries(demoProjects.map((project) => [project.slug, project.services])),
      );
      for (const service of services) expect(links.some((link) => link.services.includes(service.slug))).toBe(true);

      const testimonials = await database.dataSource
        .getRepository(TestimonialEntity)
        .find({ where: { language: 'en' }, order: { position: 'ASC' } });
      expect(testimonials.map((testimonial) => testimonial.project_id)).toEqual(projects.slice(0, 3).map((p) => p.id));
      for (const testimonial of testimonials) expect(testimonial.consented_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      const [info] = await database.dataSource.getRepository(GeneralInfoEntity).find();
      expect(info).toMatchObject({ availability: 'available', availability_note: demoGeneralInfo.availability_note });
    });

    it('creates the portfolio in Vietnamese too: the Mây Homestay case study and the services linked to their English versions, and a testimonial', async () => {
      const rows = (await database.dataSource.query(
        `SELECT 'project' AS kind, vi.slug, en.slug AS english FROM projects vi
           JOIN projects en ON en.translation_group = vi.translation_group AND en.language = 'en'
          WHERE vi.language = 'vi'
         UNION ALL
         SELECT 'service', vi.slug, en.slug FROM services vi
           JOIN services en ON en.translation_group = vi.translation_group AND en.language = 'en'
          WHERE vi.language = 'vi'
         ORDER BY 1, 2`,
      )) as Array<{ kind: string; slug: string; english: string }>;
      expect(rows.map((row) => [row.kind, row.slug, row.english])).toEqual([
        ['project', 'trang-dat-phong-may-homestay', 'may-homestay-booking-site'],
        ['service', 'cuu-toc-do-va-bao-mat-wordpress', 'wordpress-speed-and-security-rescue'],
        ['service', 'phat-trien-ung-dung-web', 'web-app-development'],
        ['service', 'website-cho-doanh-nghiep-nho', 'website-for-a-small-business'],
      ]);
      // The Vietnamese project names the Vietnamese services, its testimonial is about it, all of them shown.
      const [links] = (await database.dataSource.query(
        `SELECT bool_and(service.language = 'vi' AND NOT service.hidden) AS ok FROM project_services link
           JOIN projects project ON project.id = link.project_id JOIN services service ON service.id = link.service_id
          WHERE project.language = 'vi'`,
      )) as Array<{ ok: boolean }>;
      expect(links.ok).toBe(true);
      const [testimonial] = await database.dataSource
        .getRepository(TestimonialEntity)
        .find({ where: { language: 'vi' } });
      const project = await database.dataSource.getRepository(ProjectEntity).findOneByOrFail({ language: 'vi' });
      expect(testimonial).toMatchObject({ project_id: project.id, hidden: false });
      expect(testimonial.quote).toMatch(/[ăâđêôơưàáảãạèéẻẽẹìíỉĩịòóỏõọùúủũụỳýỷỹỵ]/i);
      expect(project.published_at?.getTime()).toBeLessThan(Date.now());
    });

    it('stores every thumbnail, cover and logo it refers to as an upload (in PostgreSQL), decoded and encoded again', async () => {
      const posts = await database.dataSource.getRepository(PostEntity).find();
      const projects = await database.dataSource.getRepository(ProjectEntity).find();
      const [info] = await database.dataSource.getRepository(GeneralInfoEntity).find();
      const files = [
        ...posts.map((post) => post.thumbnail),
        ...projects.map((project) => project.cover),
        info.logo_1,
        info.logo_2,
        info.favicon,
      ].filter((name): name is string => !!name);
      expect(files.length).toBeGreaterThan(3);
      const uploads = await database.dataSource
        .getRepository(UploadEntity)
        .createQueryBuilder('upload')
        .addSelect('upload.content')
        .getMany();
      expect(uploads.map((upload) => upload.name).sort()).toEqual([...new Set(files)].sort());
      for (const upload of uploads) {
        const asset = await sharp(readFileSync(join(DEMO_ASSETS_DIR, upload.name))).metadata();
        const stored = await sharp(upload.content).metadata();
        expect(stored).toMatchObject({ format: asset.format, width: asset.width, height: asset.height });
        expect(stored.exif).toBeUndefined();
        expect(upload).toMatchObject({
          width: asset.width,
          height: asset.height,
          byte_size: upload.content.length,
          content_type: `image/${asset.format}`,
        });
      }
      // Nothing is written to UPLOAD_DIR any more.
      expect(existsSync(config.uploadDir)).toBe(false);
    });

    describe('run a second time', () => {
      let before: Counts;
      let second: SeedReport;
      let edited: PostEntity;

      beforeAll(async () => {
        const posts = database.dataSource.getRepository(PostEntity);
        edited = await posts.findOneOrFail({ where: {}, order: { id: 'ASC' } });
        await posts.update({ id: edited.id }, { title: 'Edited by the admin', content: '<p>Edited</p>' });
        const about = database.dataSource.getRepository(AboutEntity);
        const record = await about.findOneByOrFail({ language: 'en' });
        await about.update({ id: record.id }, { content: '<p>My own about page</p>' });
        before = await countRows(database);
        second = await seedDemo(database, config);
      }, HOOK_TIMEOUT);

      it('creates nothing and reports so (no upload stored twice)', async () => {
        expect(second).toEqual({ adminCreated: false, demoCreated: false });
        expect(second.generatedPassword).toBeUndefined();
        expect(await countRows(database)).toEqual(before);
      });

      it('does not overwrite an edited post or About record', async () => {
        const post = await database.dataSource.getRepository(PostEntity).findOneByOrFail({ id: edited.id });
        expect(post.title).toBe('Edited by the admin');
        expect(post.content).toBe('<p>Edited</p>');
        const about = await database.dataSource.getRepository(AboutEntity).findOneByOrFail({ language: 'en' });
        expect(about.content).toBe('<p>My own about page</p>');
      });
    });
  });

  describe('with ADMIN_EMAIL and ADMIN_PASSWORD set', () => {
    const email = 'Owner@Example.com';
    const password = 'correct horse battery staple';
    const database = useTestDatabase();
    let report: SeedReport;

    beforeAll(async () => {
      report = await seedDemo(database, testConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: password }));
    }, HOOK_TIMEOUT);

    it('creates that administrator and generates no password', async () => {
      expect(report.adminCreated).toBe(true);
      expect(report.generatedPassword).toBeUndefined();
      const users = await usersWithHash(database);
      expect(users).toHaveLength(1);
      expect(users[0]).toMatchObject({ email: email.toLowerCase(), is_admin: true });
      expect(users[0].password_hash.startsWith('$argon2id$')).toBe(true);
      expect(users[0].password_hash).not.toContain(password);
      expect(await verifyPassword(users[0].password_hash, password)).toBe(true);
    });
  });

  describe('with demo off', () => {
    const database = useTestDatabase();
    let config: AppConfig;
    let report: SeedReport;

    beforeAll(async () => {
      config = testConfig({ ADMIN_PASSWORD: 'a long enough password' });
      report = await seedDatabase(database.dataSource, {
        admin: config.admin,
        demo: false,
        assetsDir: DEMO_ASSETS_DIR,
        hashPassword,
        log: () => undefined,
      });
    }, HOOK_TIMEOUT);

    it('creates only the administrator', async () => {
      expect(report).toEqual({ adminCreated: true, demoCreated: false });
      expect(await countRows(database)).toEqual({
        users: 1,
        categories: 0,
        posts: 0,
        about: 0,
        generalInfo: 0,
        projects: 0,
        services: 0,
        testimonials: 0,
        uploads: 0,
      });
      const [admin] = await usersWithHash(database);
      expect(admin.is_admin).toBe(true);
      expect(await verifyPassword(admin.password_hash, 'a long enough password')).toBe(true);
    });
  });

  describe('on a database that already has a user', () => {
    const database = useTestDatabase();
    let existing: UserEntity;
    let report: SeedReport;

    beforeAll(async () => {
      existing = await database.dataSource.getRepository(UserEntity).save({
        email: 'someone@example.com',
        name: 'Someone',
        password_hash: await hashPassword('someone-password'),
        is_admin: false,
      });
      report = await seedDemo(database);
    }, HOOK_TIMEOUT);

    it('creates no administrator and generates no password', async () => {
      expect(report.adminCreated).toBe(false);
      expect(report.generatedPassword).toBeUndefined();
      const users = await usersWithHash(database);
      expect(users).toHaveLength(1);
      expect(users[0]).toMatchObject({ id: existing.id, email: 'someone@example.com', is_admin: false });
      expect(await database.dataSource.getRepository(UserEntity).countBy({ is_admin: true })).toBe(0);
    });

    it('still seeds the demo content on the otherwise empty site', async () => {
      expect(report.demoCreated).toBe(true);
      expect((await countRows(database)).categories).toBe(DEMO_CATEGORY_SLUGS.length);
    });
  });

  describe('by two instances starting together on an empty database', () => {
    const database = useTestDatabase();
    let reports: SeedReport[];

    beforeAll(async () => {
      // Each instance has its own connections; they share the database, uploads included.
      const other = await openDataSource(database.url);
      const config = testConfig();
      try {
        reports = await Promise.all([
          seedDemo(database, config),
          seedFromConfig(other, config, { assetsDir: DEMO_ASSETS_DIR }),
        ]);
      } finally {
        await other.destroy();
      }
    }, HOOK_TIMEOUT);

    it('seeds once: one administrator and one demo site, without an error', async () => {
      expect(reports.filter((report) => report.adminCreated)).toHaveLength(1);
      expect(reports.filter((report) => report.demoCreated)).toHaveLength(1);
      expect(reports.filter((report) => report.generatedPassword)).toHaveLength(1);
      const counts = await countRows(database);
      expect(counts).toMatchObject({
        users: 1,
        categories: DEMO_CATEGORY_SLUGS.length,
        about: 2,
        generalInfo: 1,
        uploads: DEMO_IMAGES.size,
      });
    });
  });
});
