import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { SITE_ARCHIVE_VERSION, type SiteArchive } from '@blog/contracts';
import { createTestDatabase, testJobsModule, useTestApp, type TestDatabase } from '@blog/api/testing';
import { sessionSecretOf } from '@blog/api/security';
import { ExportsModule } from './exports.module';
import { SiteArchiveService, type RestoreOptions } from './site-archive.service';

const work = mkdtempSync(join(tmpdir(), 'site-archive-languages-'));
const GROUP = '6f1c2a4e-8a0b-4c5d-9e2f-1a2b3c4d5e6f';
const CATEGORY_GROUP = '0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70';

/** site.json of the archive at `path`. */
async function siteJsonOf(path: string): Promise<SiteArchive> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName !== 'site.json') return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          zip.close();
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as SiteArchive);
        });
      });
    });
    zip.readEntry();
  });
}

/** A zip holding `json` as its site.json. */
async function archiveOf(json: unknown): Promise<string> {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(json)), 'site.json');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  const path = join(work, `archive-${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(path, Buffer.concat(chunks));
  return path;
}

/** What the languages put in a site: each post's, category's, old slug's and About page's language and group. */
async function languagesOf(database: TestDatabase) {
  const query = (sql: string) => database.dataSource.query(sql) as Promise<unknown[]>;
  return {
    categories: await query('SELECT slug, language, translation_group FROM categories ORDER BY language, slug'),
    posts: await query(
      `SELECT post.slug, post.language, post.translation_group, category.slug AS category
         FROM posts post JOIN categories category ON category.id = post.category_id ORDER BY post.language, post.slug`,
    ),
    history: await query('SELECT slug, language FROM slug_history ORDER BY language, slug'),
    about: await query('SELECT content, language FROM about ORDER BY language'),
    info: await query('SELECT default_language, languages FROM general_info'),
  };
}

describe('the site archive in two languages (version 5)', () => {
  const t = useTestApp([testJobsModule(), ExportsModule]);
  let target: TestDatabase;
  let archive: string;
  const restore = (path: string, options: Partial<RestoreOptions> = {}) =>
    new SiteArchiveService(target.dataSource, 'http://restored.test', sessionSecretOf(t.config)).restore(path, {
      mode: 'skip',
      dryRun: false,
      ...options,
    });

  beforeAll(async () => {
    const q = (sql: string, params: unknown[] = []) => t.database.dataSource.query(sql, params);
    await q(`INSERT INTO general_info (site_name, default_language, languages) VALUES ('Lan', 'en', '{en,vi}')`);
    await q(
      `INSERT INTO categories (id, name, slug, language, translation_group) VALUES
      (11, 'Travel', 'travel', 'en', $1), (12, 'Du lịch', 'du-lich', 'vi', $1)`,
      [CATEGORY_GROUP],
    );
    // The same slug in both languages, one story; a post in Vietnamese alone.
    await q(
      `INSERT INTO posts (id, category_id, title, slug, content, language, translation_group, published_at) VALUES
        (21, 11, 'Hà Giang loop', 'ha-giang', '<p>Four days</p>', 'en', $1, now()),
        (22, 12, 'Vòng cung Hà Giang', 'ha-giang', '<p>Bốn ngày</p>', 'vi', $1, now()),
        (23, 12, 'Tiếng Anh ở sân bay', 'tieng-anh-san-bay', '<p>12 câu</p>', 'vi', NULL, now())`,
      [GROUP],
    );
    await q(`INSERT INTO slug_history (slug, post_id, language) VALUES ('ha-giang-cu', 22, 'vi')`);
    await q(`INSERT INTO about (content, language) VALUES ('<p>About me</p>', 'en'), ('<p>Về mình</p>', 'vi')`);
    archive = join(work, 'site.zip');
    const output = createWriteStream(archive);
    await t.app.get(SiteArchiveService).export(output, { includeMessages: false });
    await finished(output);
    target = await createTestDatabase();
  }, 120_000);
  afterAll(() => target?.drop());

  it('writes each record’s language and translation group, the About per language and the site’s languages', async () => {
    const json = await siteJsonOf(archive);
    expect(json.version).toBe(SITE_ARCHIVE_VERSION);
    expect(json.posts.map(({ slug, language, translation_group }) => ({ slug, language, translation_group }))).toEqual([
      { slug: 'ha-giang', language: 'en', translation_group: GROUP },
      { slug: 'ha-giang', language: 'vi', translation_group: GROUP },
      { slug: 'tieng-anh-san-bay', language: 'vi', translation_group: null },
    ]);
    expect(json.about.map((about) => about.language).sort()).toEqual(['en', 'vi']);
    expect(json.general_info[0]).toMatchObject({ default_language: 'en', languages: ['en', 'vi'] });
    expect(json.slug_history).toEqual([expect.objectContaining({ slug: 'ha-giang-cu', language: 'vi' })]);
  });

  it('restores into an empty site as it was, then twice without adding anything, then beside it as new groups', async () => {
    const report = await restore(archive);
    expect(report.failed).toEqual([]);
    expect(report.created).toMatchObject({ categories: 2, posts: 3, slug_history: 1, about: 2, general_info: 1 });
    const restored = await languagesOf(target);
    expect(restored).toEqual(await languagesOf(t.database));

    const again = await restore(archive);
    expect(again.created).toMatchObject({ categories: 0, posts: 0, about: 0 });
    expect(await languagesOf(target)).toEqual(restored);

    // Kept both: the copies are each other's versions, in a group of their own.
    const both = await restore(archive, { mode: 'keep_both' });
    expect(both.failed).toEqual([]);
    const copies = (await target.dataSource.query(
      `SELECT language, translation_group FROM posts WHERE slug = 'ha-giang-2' ORDER BY language`,
    )) as Array<{ language: string; translation_group: string }>;
    expect(copies.map((copy) => copy.language)).toEqual(['en', 'vi']);
    expect(copies[0].translation_group).toBe(copies[1].translation_group);
    expect(copies[0].translation_group).not.toBe(GROUP);
  });

  it('restores an archive of version 4 as before: everything in the default language, the site’s languages kept', async () => {
    const json = await siteJsonOf(archive);
    const strip = <T extends object>(rows: T[]) =>
      rows.map((row) => {
        const {
          language: _language,
          translation_group: _group,
          ...rest
        } = row as T & {
          language?: string;
          translation_group?: string | null;
        };
        return rest;
      });
    const [info] = strip(json.general_info);
    const {
      default_language: _default,
      languages: _languages,
      ...version4Info
    } = info as typeof info & {
      default_language?: string;
      languages?: string[];
    };
    const fresh = await createTestDatabase();
    try {
      const path = await archiveOf({
        ...json,
        version: 4,
        categories: strip(json.categories).filter((category) => category.id === 11),
        posts: strip(json.posts).filter((post) => post.id === 21),
        slug_history: [],
        about: strip(json.about).slice(0, 1),
        general_info: [version4Info],
      });
      const report = await new SiteArchiveService(fresh.dataSource, 'http://restored.test', 'secret').restore(path, {
        mode: 'skip',
        dryRun: false,
      });
      expect(report.failed).toEqual([]);
      expect(await languagesOf(fresh)).toMatchObject({
        categories: [{ slug: 'travel', language: 'en', translation_group: null }],
        posts: [{ slug: 'ha-giang', language: 'en', translation_group: null }],
        about: [{ language: 'en' }],
        info: [{ default_language: 'en', languages: ['en', 'vi'] }],
      });
    } finally {
      await fresh.drop();
    }
  });

  it('refuses two About pages of one language, naming it', async () => {
    const json = await siteJsonOf(archive);
    const path = await archiveOf({ ...json, about: [json.about[0], json.about[0]] });
    await expect(restore(path, { dryRun: true })).rejects.toThrow(/about\[1\]\.language/);
  });
});

/** What the portfolio's languages put in a site: each project's, service's and testimonial's language and group. */
async function portfolioLanguagesOf(database: TestDatabase) {
  const query = (sql: string) => database.dataSource.query(sql) as Promise<unknown[]>;
  return {
    projects: await query(
      `SELECT project.slug, project.language, project.translation_group,
              ARRAY(SELECT service.slug FROM project_services link JOIN services service ON service.id = link.service_id
                     WHERE link.project_id = project.id) AS services
         FROM projects project ORDER BY project.language, project.slug`,
    ),
    services: await query('SELECT slug, language, translation_group FROM services ORDER BY language, slug'),
    testimonials: await query(
      `SELECT testimonial.name, testimonial.language, testimonial.translation_group, project.slug AS project
         FROM testimonials testimonial LEFT JOIN projects project ON project.id = testimonial.project_id
        ORDER BY testimonial.language, testimonial.name`,
    ),
    history: await query('SELECT slug, language FROM slug_history WHERE project_id IS NOT NULL'),
  };
}

describe('the portfolio in the site archive (version 6)', () => {
  const t = useTestApp([testJobsModule(), ExportsModule]);
  let archive: string;
  const restoreInto = (database: TestDatabase, path: string, options: Partial<RestoreOptions> = {}) =>
    new SiteArchiveService(database.dataSource, 'http://restored.test', 'secret').restore(path, {
      mode: 'skip',
      dryRun: false,
      ...options,
    });

  beforeAll(async () => {
    const q = (sql: string, params: unknown[] = []) => t.database.dataSource.query(sql, params);
    // The same slugs in both languages: one project and one service, each with two versions.
    await q(
      `INSERT INTO services (id, name, slug, language, translation_group) VALUES
        (31, 'Websites', 'websites', 'en', $1), (32, 'Thiết kế website', 'websites', 'vi', $1)`,
      [CATEGORY_GROUP],
    );
    await q(
      `INSERT INTO projects (id, title, slug, year_from, language, translation_group) VALUES
        (41, 'Homestay bookings', 'homestay', 2025, 'en', $1), (42, 'Đặt phòng homestay', 'homestay', 2025, 'vi', $1)`,
      [GROUP],
    );
    await q(`INSERT INTO project_services (project_id, service_id, position) VALUES (41, 31, 1), (42, 32, 1)`);
    await q(
      `INSERT INTO testimonials (name, quote, consented_on, project_id, language) VALUES
        ('Nguyễn Lan', 'Khách đặt phòng trực tiếp nhiều hơn hẳn.', '2026-01-01', 42, 'vi')`,
    );
    await q(`INSERT INTO slug_history (slug, project_id, language) VALUES ('dat-phong', 42, 'vi')`);
    archive = join(work, 'portfolio.zip');
    const output = createWriteStream(archive);
    await t.app.get(SiteArchiveService).export(output, { includeMessages: false });
    await finished(output);
  }, 120_000);

  it('writes and restores each record’s language and group, the same slugs in both languages, then copies as new groups', async () => {
    const json = await siteJsonOf(archive);
    expect(json.version).toBe(6);
    expect(
      (json.projects ?? []).map(({ slug, language, translation_group }) => ({ slug, language, translation_group })),
    ).toEqual([
      { slug: 'homestay', language: 'en', translation_group: GROUP },
      { slug: 'homestay', language: 'vi', translation_group: GROUP },
    ]);
    const target = await createTestDatabase();
    try {
      const report = await restoreInto(target, archive);
      expect(report.failed).toEqual([]);
      expect(report.created).toMatchObject({ projects: 2, services: 2, testimonials: 1, slug_history: 1 });
      expect(await portfolioLanguagesOf(target)).toEqual(await portfolioLanguagesOf(t.database));

      const both = await restoreInto(target, archive, { mode: 'keep_both' });
      expect(both.failed).toEqual([]);
      const copies = (await target.dataSource.query(
        `SELECT language, translation_group FROM projects WHERE slug = 'homestay-2' ORDER BY language`,
      )) as Array<{ language: string; translation_group: string }>;
      expect(copies.map((copy) => copy.language)).toEqual(['en', 'vi']);
      expect(copies[0].translation_group).toBe(copies[1].translation_group);
      expect(copies[0].translation_group).not.toBe(GROUP);
    } finally {
      await target.drop();
    }
  });

  it('restores an archive of version 5 as before: the portfolio in the default language', async () => {
    const json = await siteJsonOf(archive);
    const strip = <T extends object>(rows: T[]) =>
      rows.map((row) => {
        const {
          language: _language,
          translation_group: _group,
          ...rest
        } = row as T & { language?: string; translation_group?: string | null };
        return rest;
      });
    const english = <T extends { id: number }>(rows: T[], ids: number[]) => rows.filter((row) => ids.includes(row.id));
    const path = await archiveOf({
      ...json,
      version: 5,
      projects: strip(english(json.projects ?? [], [41])),
      services: strip(english(json.services ?? [], [31])),
      testimonials: [],
      slug_history: [],
    });
    const fresh = await createTestDatabase();
    try {
      const report = await restoreInto(fresh, path);
      expect(report.failed).toEqual([]);
      expect(await portfolioLanguagesOf(fresh)).toEqual({
        projects: [{ slug: 'homestay', language: 'en', translation_group: null, services: ['websites'] }],
        services: [{ slug: 'websites', language: 'en', translation_group: null }],
        testimonials: [],
        history: [],
      });
    } finally {
      await fresh.drop();
    }
  });
});
