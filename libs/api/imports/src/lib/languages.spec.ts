import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Import, ImportReport } from '@blog/contracts';
import { eventually, testJobsModule, useTestApp } from '@blog/api/testing';
import { describeWithFixtures, multilingualCopy, type MultilingualPlugin } from '../testing/fixtures';
import { ImportsModule } from './imports.module';

const scratch = mkdtempSync(join(tmpdir(), 'imports-languages-'));

/** The site's records of a table the import made, by slug: language and translation group. */
interface Versioned {
  slug: string;
  language: string;
  translation_group: string | null;
}

describe.each(['polylang', 'wpml'] as const)('a WordPress export with %s’s language data', (plugin) => {
  const t = useTestApp([testJobsModule(), ImportsModule], { signIn: true });
  let file: string;

  beforeAll(async () => {
    await t.database.dataSource.query(
      `INSERT INTO general_info (site_name, default_language, languages) VALUES ('Lan', 'en', '{en,vi}')`,
    );
    file = multilingualCopy(scratch, plugin as MultilingualPlugin);
  });

  async function run(): Promise<ImportReport> {
    const started = await t.admin
      .post('/api/imports')
      .field('source', 'wxr')
      .field('dry_run', 'false')
      .attach('file', file);
    expect(started.status).toBe(202);
    let current: Import | undefined;
    await eventually(async () => {
      current = (await t.admin.get(`/api/imports/${started.body.id}`).expect(200)).body as Import;
      expect(['done', 'failed', 'cancelled']).toContain(current.state);
    }, 120_000);
    if (current?.state !== 'done' || !current.report)
      throw new Error(`The import ended ${current?.state}: ${current?.error}`);
    return current.report;
  }

  const posts = async (): Promise<Map<string, Versioned>> =>
    new Map(
      (
        (await t.database.dataSource.query(
          `SELECT slug, language, translation_group FROM posts WHERE slug IN ($1, $2, $3, $4)`,
          ['post-format-standard', 'post-format-gallery', 'post-format-chat', 'post-format-aside'],
        )) as Versioned[]
      ).map((row) => [row.slug, row]),
    );

  describeWithFixtures('imported twice', () => {
    let first: ImportReport;
    let second: ImportReport;
    /** What the site held after the first run: posts, categories, and the groups of each. */
    let afterFirst: unknown;
    const held = () =>
      t.database.dataSource.query(
        `SELECT (SELECT count(*)::int FROM posts) AS posts, (SELECT count(*)::int FROM categories) AS categories,
                (SELECT count(DISTINCT translation_group)::int FROM posts) AS post_groups,
                (SELECT count(DISTINCT translation_group)::int FROM categories) AS category_groups`,
      );

    beforeAll(async () => {
      first = await run();
      afterFirst = await held();
      second = await run();
    }, 300_000);

    it('gives each post its language and links the translations', async () => {
      const found = await posts();
      expect(found.get('post-format-standard')).toMatchObject({ language: 'en' });
      expect(found.get('post-format-gallery')).toMatchObject({ language: 'vi' });
      const group = found.get('post-format-standard')?.translation_group;
      expect(group).toEqual(expect.any(String));
      expect(found.get('post-format-gallery')?.translation_group).toBe(group);
      // Alone in Vietnamese: no group.
      expect(found.get('post-format-chat')).toMatchObject({ language: 'vi', translation_group: null });
    });

    it('imports a language the site does not run in the default one, and counts it in the report', async () => {
      expect((await posts()).get('post-format-aside')).toMatchObject({ language: 'en', translation_group: null });
      expect(first.warnings).toContainEqual({
        item: 'language fr',
        reason: expect.stringMatching(/^1 item in “fr”, a language this site does not run: imported in English/),
      });
    });

    it('puts each post under a category of its language', async () => {
      const rows = (await t.database.dataSource.query(
        `SELECT post.slug, category.slug AS category, category.language FROM posts post
           JOIN categories category ON category.id = post.category_id
          WHERE post.language <> category.language`,
      )) as unknown[];
      expect(rows).toEqual([]);
      const [duLich] = (await t.database.dataSource.query(
        `SELECT language, translation_group FROM categories WHERE slug = 'du-lich'`,
      )) as Versioned[];
      expect(duLich.language).toBe('vi');
      if (plugin === 'polylang') {
        // Polylang pairs the categories: Du lịch is Classic's translation.
        const [classic] = (await t.database.dataSource.query(
          `SELECT translation_group FROM categories WHERE slug = 'classic' AND language = 'en'`,
        )) as Versioned[];
        expect(duLich.translation_group).toEqual(expect.any(String));
        expect(classic.translation_group).toBe(duLich.translation_group);
      }
    });

    it('adds nothing the second time', async () => {
      expect(Object.values(second.created).every((count) => count === 0)).toBe(true);
      expect(second.failed).toEqual([]);
      expect(await held()).toEqual(afterFirst);
    });
  });
});
