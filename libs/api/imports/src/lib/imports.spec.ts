import {
  copyFileSync,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ZipFile } from 'yazl';
import { once } from 'node:events';
import { routeShadowedBy, type Import, type ImportReport } from '@blog/contracts';
import { DomainEvents } from '@blog/api/core';
import { JobQueue } from '@blog/api/jobs';
import { RedirectsService } from '@blog/api/redirects';
import {
  createCategory,
  createPost,
  DEMO_ASSETS_DIR,
  eventually,
  expectAdminOnly,
  testJobsModule,
  trpcHttp,
  useTestApp,
  type TestAgent,
} from '@blog/api/testing';
import { RICH_TEXT_MAX_DEPTH } from '@blog/shared/html';
import { GENERATED_PORTFOLIO, writeGeneratedWxr } from '../testing/generated-wxr';
import { ImportsModule } from './imports.module';
import { ImportsRouter } from './imports.router';
import { describeWithFixtures, GHOST_FIXTURE, GHOST_IMAGES_FIXTURE, WORDPRESS_FIXTURE } from '../testing/fixtures';

const WXR = WORDPRESS_FIXTURE;
const GHOST = GHOST_FIXTURE;
const GHOST_IMAGES = GHOST_IMAGES_FIXTURE;
const scratch = mkdtempSync(join(tmpdir(), 'imports-spec-'));

function reportOf(entry: Import): ImportReport {
  if (!entry.report) throw new Error(`Import ${entry.id} has no report (${entry.state}: ${entry.error})`);
  return entry.report;
}

/** A zip of every file under `folder`, named by their paths inside it (as an owner zips `content/images`). */
async function zipOf(folder: string, prefix = ''): Promise<string> {
  const path = join(scratch, `${prefix.replace(/\W/g, '') || 'images'}-${Date.now()}.zip`);
  const zip = new ZipFile();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else zip.addFile(full, `${prefix}${relative(folder, full)}`);
    }
  };
  walk(folder);
  zip.end();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await once(out, 'close');
  return path;
}

describe('imports (REST and tRPC, run by the job queue on PostgreSQL)', () => {
  const t = useTestApp([testJobsModule(), ImportsModule], {
    trpc: (nest) => ({ imports: nest.get(ImportsRouter).router }),
    signIn: true,
  });
  const imports = trpcHttp<ImportsRouter['router']>('imports');
  const count = async (table: string) =>
    Number(((await t.database.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`)) as [{ n: number }])[0].n);

  function start(agent: TestAgent, source: string, file: string, fields: Record<string, string> = {}, images?: string) {
    let request = agent.post('/api/imports').field('source', source);
    for (const [name, value] of Object.entries({ dry_run: 'false', ...fields })) request = request.field(name, value);
    request = request.attach('file', file);
    return images ? request.attach('images', images) : request;
  }

  async function finished(id: number, timeoutMs = 120_000): Promise<Import> {
    let current: Import | undefined;
    await eventually(async () => {
      const res = await t.admin.get(`/api/imports/${id}`).expect(200);
      current = res.body as Import;
      expect(['done', 'failed', 'cancelled']).toContain(current.state);
    }, timeoutMs);
    if (!current) throw new Error(`Import ${id} was never read`);
    return current;
  }

  async function run(source: string, file: string, fields: Record<string, string> = {}, images?: string) {
    const res = await start(t.admin, source, file, fields, images).expect(202);
    return finished(res.body.id as number);
  }

  const ABOUT_SKIPPED = {
    item: 'page About The Tests',
    reason:
      'redirect from /about/ skipped: from_path: must not be an address of the site itself (/about): a redirect would hide it',
  };

  describeWithFixtures(
    'WordPress (the theme unit test export: 58 posts, 21 pages, 37 attachments on hosts unreachable here)',
    () => {
      let dryRun: Import;

      it('a dry run reports what would be created and the images it cannot have, and writes nothing', async () => {
        dryRun = await run('wxr', WXR, { dry_run: 'true' });
        expect(dryRun.state).toBe('done');
        expect(dryRun.progress.total).toBe(79);
        expect(dryRun.progress.done).toBe(79);
        const report = reportOf(dryRun);
        expect(report.created.posts + report.skipped.posts + report.failed.length).toBe(79);
        expect(report.created.posts).toBeGreaterThan(70);
        expect(report.created.categories).toBeGreaterThan(5);
        expect(report.created.redirects).toBeGreaterThan(79);
        expect(report.missing_images.length).toBeGreaterThan(0);
        for (const image of report.missing_images) {
          expect(image.url).toMatch(/^https?:\/\//);
          expect(image.reason).toMatch(/could not be fetched/);
        }
        expect(report.authors.length).toBeGreaterThan(0);
        // Its page "About The Tests" was at /about/: that is the site's own About page, never redirected.
        expect(report.warnings).toContainEqual(ABOUT_SKIPPED);
        expect(await count('posts')).toBe(0);
        expect(await count('categories')).toBe(0);
        expect(await count('redirects')).toBe(0);
        expect(await count('uploads')).toBe(0);
      });

      it('runs the dry run for real on the same files: posts, pages, categories, statuses, SEO fields and redirects', async () => {
        // An import is no news: no webhook or IndexNow submission per imported post or category.
        const heard: string[] = [];
        t.app.get(DomainEvents).subscribe(async (event) => void heard.push(event.event));
        const res = await t.admin.post(`/api/imports/${dryRun.id}/run`).expect(202);
        const done = await finished(res.body.id as number);
        expect(done.state).toBe('done');
        expect(heard).toEqual([]);
        expect(done.dry_run).toBe(false);
        expect(reportOf(done).created.posts).toBe(reportOf(dryRun).created.posts);
        expect(await count('posts')).toBe(reportOf(done).created.posts);
        const posts = (await t.database.dataSource.query(
          `SELECT p.slug, p.title, p.status, p.published_at, p.content, p.meta_keywords, c.name AS category
           FROM posts p JOIN categories c ON c.id = p.category_id`,
        )) as Array<{
          slug: string;
          title: string;
          status: number;
          published_at: Date | null;
          content: string;
          meta_keywords: string;
          category: string;
        }>;
        const bySlug = new Map(posts.map((post) => [post.slug, post]));
        // A draft has no publication; the scheduled post keeps its date; the password-protected one is hidden.
        expect(bySlug.get('draft')?.published_at).toBeNull();
        expect(bySlug.get('scheduled')?.published_at).toBeInstanceOf(Date);
        expect(bySlug.get('template-password-protected')?.status).toBe(1);
        // Pages go to the pages category.
        expect(posts.filter((post) => post.category === 'Pages')).toHaveLength(21);
        // Gutenberg's comments are gone, and no script came through the rich-text policy.
        for (const post of posts) {
          expect(post.content).not.toMatch(/<!-- \/?wp:/);
          expect(post.content).not.toMatch(/<script/i);
        }
        // Old addresses lead to the new ones.
        const redirects = (await t.database.dataSource.query(`SELECT from_path, to_path FROM redirects`)) as Array<{
          from_path: string;
          to_path: string;
        }>;
        expect(redirects.length).toBe(reportOf(done).created.redirects);
        const postIds = redirects.filter((row) => /^\/\?p=\d+$/.test(row.from_path));
        expect(postIds.length).toBeGreaterThan(50);
        for (const row of postIds) expect(bySlug.has(row.to_path.slice(1))).toBe(true);
        expect(redirects.some((row) => /^\/\d{4}\/\d{2}\/\d{2}\/[^/]+\/?$/.test(row.from_path))).toBe(true);
        expect(redirects.some((row) => row.from_path.startsWith('/category/'))).toBe(true);
        // None takes the place of a route of the site: /about stays the owner's About page.
        await t.app.get(RedirectsService).reload();
        expect(t.app.get(RedirectsService).hasRule('/about/')).toBe(false);
        expect(reportOf(done).warnings).toContainEqual(ABOUT_SKIPPED);
        expect(redirects.filter((row) => routeShadowedBy(row.from_path))).toEqual([]);
      });

      it('brings the posts’ comments: shown and held, threads one level deep, the author’s marked, as plain text', async () => {
        expect(reportOf(dryRun).created.comments).toBe(29);
        const comments = (await t.database.dataSource.query(
          `SELECT c.id, c.parent_id, c.author_name, c.author_email, c.author_url, c.body, c.state, c.by_owner,
                  c.created_at, c.approved_at, c.address_hash, c.writer_token_hash, p.slug
             FROM comments c JOIN posts p ON p.id = c.post_id ORDER BY c.id`,
        )) as Array<Record<string, unknown> & { id: number; parent_id: number | null; slug: string; body: string }>;
        expect(comments).toHaveLength(29);
        expect(comments.filter((row) => row['state'] === 'approved')).toHaveLength(26);
        expect(comments.filter((row) => row['state'] === 'pending')).toHaveLength(3);
        const byBody = (start: string) => comments.find((row) => row.body.startsWith(start));
        const top = byBody('Comment Depth 01');
        expect(top).toMatchObject({ slug: 'template-comments', parent_id: null, author_name: 'John Κώστας Doe Τάδε' });
        // The chain of ten under its top-level comment; every reply's parent is a top-level comment of its post.
        expect(comments.filter((row) => row.parent_id === top?.id)).toHaveLength(9);
        const ids = new Map(comments.map((row) => [row.id, row]));
        for (const row of comments.filter((reply) => reply.parent_id !== null)) {
          expect(ids.get(row.parent_id as number)).toMatchObject({ parent_id: null, slug: row.slug });
        }
        expect(byBody('Author Comment.')).toMatchObject({
          by_owner: true,
          author_url: 'https://wpthemetestdata.wordpress.com/',
          created_at: new Date('2013-03-14T14:56:46Z'),
          approved_at: new Date('2013-03-14T14:56:46Z'),
          address_hash: null,
          writer_token_hash: null,
        });
        expect(byBody('this is test comment')).toMatchObject({ state: 'pending', approved_at: null });
        expect(comments.filter((row) => /<\/?(p|a|strong|h1|br)\b/.test(row.body))).toEqual([]);
      });

      it('is idempotent: the same file again creates nothing new', async () => {
        const before = {
          posts: await count('posts'),
          categories: await count('categories'),
          redirects: await count('redirects'),
        };
        const again = await run('wxr', WXR);
        expect(again.state).toBe('done');
        expect(reportOf(again).created).toEqual({
          categories: 0,
          posts: 0,
          projects: 0,
          testimonials: 0,
          comments: 0,
          images: 0,
          redirects: 0,
        });
        expect(reportOf(again).skipped.posts).toBe(before.posts);
        expect(reportOf(again).skipped.comments).toBe(29);
        expect(await count('comments')).toBe(29);
        expect({
          posts: await count('posts'),
          categories: await count('categories'),
          redirects: await count('redirects'),
        }).toEqual(before);
      });
    },
  );

  describeWithFixtures('Ghost (a real 5.130 export with its images)', () => {
    it('imports posts, pages, tags, feature images and content images from the images zip', async () => {
      const images = await zipOf(GHOST_IMAGES, 'content/images/');
      const done = await run('ghost', GHOST, {}, images);
      expect(done.state).toBe('done');
      const report = reportOf(done);
      expect(report.created.posts).toBe(14);
      expect(report.missing_images).toEqual([]);
      expect(report.created.images).toBeGreaterThanOrEqual(7);
      const rows = (await t.database.dataSource.query(
        `SELECT slug, thumbnail, thumbnail_alt, content, meta_title, meta_description, short_content, published_at, status
           FROM posts WHERE slug IN ('da-lat-mua-hoa-da-quy', 'toi-uu-seo-cho-blog-ca-nhan-nhung-dieu-minh-da-lam')`,
      )) as Array<Record<string, unknown>>;
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(String(row['content'])).not.toContain('__GHOST_URL__');
        expect(String(row['content'])).not.toContain('/content/images/');
      }
      const withImage = rows.find((row) => row['thumbnail']);
      expect(withImage).toBeDefined();
      // The feature image was stored as our own upload.
      const stored = (await t.database.dataSource.query(`SELECT name FROM uploads WHERE name = $1`, [
        withImage?.['thumbnail'],
      ])) as unknown[];
      expect(stored).toHaveLength(1);
      const seo = rows.find((row) => row['slug'] === 'toi-uu-seo-cho-blog-ca-nhan-nhung-dieu-minh-da-lam');
      expect(seo?.['meta_title']).toEqual(expect.stringMatching(/\S/));
      expect(seo?.['meta_description']).toEqual(expect.stringMatching(/\S/));
      expect(seo?.['short_content']).toEqual(expect.stringMatching(/\S/));
      const scheduled = (await t.database.dataSource.query(
        `SELECT published_at FROM posts WHERE published_at > now()`,
      )) as Array<{ published_at: Date }>;
      expect(scheduled.map((row) => row.published_at.toISOString())).toContain('2027-01-01T01:00:00.000Z');
    });

    it('finds every post imported already on a second run, whatever on_conflict says', async () => {
      const done = await run('ghost', GHOST, { on_conflict: 'keep_both' });
      expect(done.state).toBe('done');
      expect(reportOf(done).missing_images).toEqual([]);
      expect(reportOf(done).created.posts).toBe(0);
      expect(reportOf(done).skipped.posts).toBe(14);
    });

    it('leaves a post it imported before in the Trash: neither brought back nor imported twice, and says so', async () => {
      const slug = 'da-lat-mua-hoa-da-quy';
      await t.database.dataSource.query(`UPDATE posts SET deleted_at = now() WHERE slug = $1`, [slug]);
      const postsBefore = await count('posts');
      const done = await run('ghost', GHOST, { on_conflict: 'overwrite' });
      expect(done.state).toBe('done');
      expect(reportOf(done).created.posts).toBe(0);
      expect(reportOf(done).skipped.posts).toBe(14);
      const inTrash = reportOf(done).warnings.filter(
        (warning) => warning.reason === 'skipped: it was imported before and its post is in the Trash',
      );
      expect(inTrash.map((warning) => warning.item.normalize('NFC'))).toEqual(['post Đà Lạt mùa hoa dã quỳ']);
      expect(await count('posts')).toBe(postsBefore);
      const [row] = (await t.database.dataSource.query(`SELECT deleted_at FROM posts WHERE slug = $1`, [
        slug,
      ])) as Array<{
        deleted_at: Date | null;
      }>;
      expect(row.deleted_at).not.toBeNull();
    });

    it('brings the comments of an export that has them to the posts imported before, once, nothing announced', async () => {
      const heard: string[] = [];
      t.app.get(DomainEvents).subscribe(async (event) => void heard.push(event.event));
      const ghost = JSON.parse(readFileSync(GHOST, 'utf8')) as { db: Array<{ data: Record<string, unknown> }> };
      const postId = '6b06598ade83c74cc154ea53';
      const comment = (id: string, fields: Record<string, unknown>) => ({
        id,
        post_id: postId,
        member_id: 'm1',
        parent_id: null,
        status: 'published',
        html: '<p>Pha bao lâu?</p>',
        created_at: '2026-02-01 10:00:00',
        ...fields,
      });
      ghost.db[0].data['members'] = [
        { id: 'm1', name: 'Lan', email: 'lan@example.com' },
        { id: 'm2', name: 'Minh Anh', email: 'minhanh@example.com' },
      ];
      ghost.db[0].data['comments'] = [
        comment('c1', {}),
        comment('c2', { member_id: 'm2', parent_id: 'c1', html: '<p>Năm phút.</p>' }),
        comment('c3', { status: 'hidden' }),
      ];
      const file = join(scratch, 'ghost-with-comments.json');
      writeFileSync(file, JSON.stringify(ghost));
      const done = await run('ghost', file);
      expect(reportOf(done)).toMatchObject({ created: { posts: 0, comments: 2 }, skipped: { posts: 14 } });
      expect(reportOf(done).warnings).toContainEqual({
        item: 'file',
        reason: '1 comment left out: hidden or deleted on Ghost.',
      });
      const thread = async () =>
        (await t.database.dataSource.query(
          `SELECT c.author_name, c.author_email, c.body, c.state, c.by_owner, c.created_at,
                  (SELECT body FROM comments parent WHERE parent.id = c.parent_id) AS parent
             FROM comments c JOIN posts p ON p.id = c.post_id WHERE p.slug = 'pha-ca-phe-phin-dung-cach-co-video'
            ORDER BY c.id`,
        )) as unknown[];
      const rows = await thread();
      expect(rows).toEqual([
        expect.objectContaining({
          author_name: 'Lan',
          author_email: 'lan@example.com',
          body: 'Pha bao lâu?',
          state: 'approved',
          by_owner: false,
          created_at: new Date('2026-02-01T10:00:00Z'),
          parent: null,
        }),
        expect.objectContaining({ author_name: 'Minh Anh', by_owner: true, parent: 'Pha bao lâu?' }),
      ]);
      expect(heard).toEqual([]);
      const again = await run('ghost', file);
      expect(reportOf(again)).toMatchObject({ created: { comments: 0 }, skipped: { comments: 2 } });
      expect(await thread()).toEqual(rows);
    });
  });

  describe('Jetpack Portfolio and Testimonials (WordPress)', () => {
    const wxr = join(scratch, 'portfolio.xml');
    let images: string;
    const { published, draft, testimonial } = GENERATED_PORTFOLIO;
    beforeAll(async () => {
      await writeGeneratedWxr(wxr, { posts: 0, categories: 1, origin: 'https://portfolio.example', portfolio: true });
      const folder = mkdtempSync(join(scratch, 'portfolio-images-'));
      mkdirSync(dirname(join(folder, GENERATED_PORTFOLIO.image)), { recursive: true });
      copyFileSync(join(DEMO_ASSETS_DIR, 'demo-da-lat-in-the-rain.jpg'), join(folder, GENERATED_PORTFOLIO.image));
      images = await zipOf(folder);
    });

    it('imports portfolio items as projects and testimonials, with their images, states, dates and old addresses', async () => {
      const uploads = await count('uploads');
      // The slug is taken in Vietnamese only: free in the default language, where the import writes.
      await t.database.dataSource.query(
        `INSERT INTO projects (title, slug, language, year_from) VALUES ('Bản tiếng Việt', $1, 'vi', 2023)`,
        [published.slug],
      );
      const done = await run('wxr', wxr, {}, images);
      const report = reportOf(done);
      expect(report.failed).toEqual([]);
      expect(report.created).toMatchObject({ posts: 0, projects: 2, testimonials: 1 });
      // The featured image of both, from the images zip, stored once.
      expect(await count('uploads')).toBe(uploads + 1);
      expect(done.progress.total).toBe(3);
      const projects = (await t.database.dataSource.query(
        `SELECT slug, title, summary, stack, cover, cover_alt, approach, year_from, status, published_at, updated_via
           FROM projects WHERE slug IN ($1, $2) AND language = 'en' ORDER BY slug`,
        [published.slug, draft.slug],
      )) as Array<Record<string, unknown>>;
      expect(projects).toEqual([
        {
          slug: published.slug,
          title: published.title,
          summary: published.excerpt,
          // Its type and tags, as the admin stores tags; a Vietnamese one folded.
          stack: ['web-app', 'react', 'next.js', 'thiet-ke-web'],
          cover: expect.stringMatching(/\.jpg$/),
          cover_alt: GENERATED_PORTFOLIO.imageAlt,
          approach: published.content,
          year_from: 2023,
          status: 0,
          published_at: new Date('2023-06-01T08:00:00Z'),
          updated_via: 'import',
        },
        expect.objectContaining({ slug: draft.slug, published_at: null, year_from: 2024 }),
      ]);
      expect(await t.database.dataSource.query(`SELECT title FROM projects WHERE language = 'vi'`)).toEqual([
        { title: 'Bản tiếng Việt' },
      ]);
      const [quoted] = (await t.database.dataSource.query(
        `SELECT name, quote, photo, consented_on::text, hidden FROM testimonials WHERE name = $1`,
        [testimonial.name],
      )) as Array<Record<string, unknown>>;
      // One image, the same upload for the cover and the photo.
      expect(quoted).toEqual({
        name: testimonial.name,
        quote: testimonial.quote,
        photo: projects[0]['cover'],
        consented_on: '2024-02-03',
        hidden: false,
      });
      expect(report.warnings).toContainEqual({
        item: `testimonial ${testimonial.name}`,
        reason:
          'Its consent date is the day the item was written (2024-02-03): check that the person agreed to be quoted.',
      });
      // Its old address leads to its page, as a post's does.
      const [redirect] = await t.database.dataSource.query(
        `SELECT to_path, status_code FROM redirects WHERE from_path = $1`,
        [`/?p=${published.id}`],
      );
      expect(redirect).toEqual({ to_path: `/portfolio/${published.slug}`, status_code: 301 });
    });

    it('is idempotent: the same file again creates no project or testimonial', async () => {
      const before = [await count('projects'), await count('testimonials')];
      const report = reportOf(await run('wxr', wxr, { on_conflict: 'keep_both' }, images));
      expect(report.created).toMatchObject({ projects: 0, testimonials: 0, images: 0 });
      expect(report.skipped).toMatchObject({ projects: 2, testimonials: 1 });
      expect([await count('projects'), await count('testimonials')]).toEqual(before);
    });
  });

  describe('a site archive whose redirects lead off the site or hide its own pages', () => {
    const hostile = [
      ['/login', 'https://evil.example/login'],
      ['/old-1', '//evil.example/x'],
      ['/old-2', '/\\evil'],
      ['/old-3', 'https:evil.example'],
      ['/old-4', 'javascript:alert(1)'],
      ['/about', '/elsewhere'],
    ];

    it('restores the others (normalised) and skips each, reporting its row and why; none is served', async () => {
      const redirects = [...hostile, ['/old-5', '/a//b/../kept']].map(([from_path, to_path]) => ({
        from_path,
        to_path,
        status_code: 302,
        hits: 0,
        last_hit_at: null,
        source: 'manual',
      }));
      const siteJson = {
        format: 'blog-site-archive',
        version: 1,
        exported_at: '2026-11-25T00:00:00.000Z',
        site_url: 'http://x.test',
        categories: [],
        posts: [],
        slug_history: [],
        redirects,
        about: [],
        general_info: [],
        uploads: [],
      };
      const zip = new ZipFile();
      zip.addBuffer(Buffer.from(JSON.stringify(siteJson)), 'site.json');
      zip.end();
      const path = join(scratch, 'hostile-redirects.zip');
      const out = createWriteStream(path);
      zip.outputStream.pipe(out);
      await once(out, 'close');
      await t.database.dataSource.query(`DELETE FROM redirects`);

      const done = await run('archive', path);
      expect(done.state).toBe('done');
      const report = reportOf(done);
      expect(report.created.redirects).toBe(1);
      expect(report.skipped.redirects).toBe(hostile.length);
      const site = 'must not be an address of the site itself';
      const host = 'must be a path on this site, not another host';
      const path_ = 'must be a path on this site, starting with /';
      expect(report.warnings.map((warning) => warning.reason)).toEqual([
        `redirects[0].from_path: ${site} (/login): a redirect would hide it: the redirect from /login is skipped`,
        `redirects[1].to_path: ${host}: the redirect from /old-1 is skipped`,
        `redirects[2].to_path: ${host}: the redirect from /old-2 is skipped`,
        `redirects[3].to_path: ${path_}: the redirect from /old-3 is skipped`,
        `redirects[4].to_path: ${path_}: the redirect from /old-4 is skipped`,
        `redirects[5].from_path: ${site} (/about): a redirect would hide it: the redirect from /about is skipped`,
      ]);
      expect(await t.database.dataSource.query(`SELECT from_path, to_path FROM redirects`)).toEqual([
        { from_path: '/old-5', to_path: '/a/kept' },
      ]);
      const service = t.app.get(RedirectsService);
      await service.reload();
      for (const [from] of hostile) expect(service.hasRule(from)).toBe(false);
      expect(service.resolve('/old-5')).toMatchObject({ to_path: '/a/kept' });
    });
  });

  describe('bad and hostile files: a clear error, nothing changed', () => {
    // Where any good export will do: a small one made here, so that these run on a bare clone too.
    const smallWxr = join(scratch, 'small.xml');
    beforeAll(() => writeGeneratedWxr(smallWxr, { posts: 2, origin: 'https://small.example' }));

    it('refuses a file that is not what the source reads, naming the field (400)', async () => {
      const notXml = join(scratch, 'not.xml');
      writeFileSync(notXml, 'hello');
      const res = await start(t.admin, 'wxr', notXml).expect(400);
      expect(res.body.errors).toEqual([{ field: 'file', message: expect.stringContaining('WordPress export') }]);
      const ghost = await start(t.admin, 'ghost', smallWxr).expect(400);
      expect(ghost.body.errors[0].field).toBe('file');
    });

    it('refuses a request without a file, with a bad source or a bad option (400 naming the field)', async () => {
      const res = await t.admin.post('/api/imports').field('source', 'wxr').expect(400);
      expect(res.body.errors[0].field).toBe('file');
      const source = await start(t.admin, 'blogger', smallWxr).expect(400);
      expect(source.body.errors[0].field).toBe('source');
      const conflict = await start(t.admin, 'wxr', smallWxr, { on_conflict: 'merge' }).expect(400);
      expect(conflict.body.errors[0].field).toBe('on_conflict');
    });

    it('fails an XML file with entity expansion with a clear error, and writes nothing', async () => {
      const bomb = join(scratch, 'bomb.xml');
      writeFileSync(
        bomb,
        `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><rss><channel><title>&b;</title></channel></rss>`,
      );
      const before = await count('posts');
      const done = await run('wxr', bomb);
      expect(done.state).toBe('failed');
      expect(done.error).toMatch(/DOCTYPE|entit/i);
      expect(await count('posts')).toBe(before);
    });

    it('reports a post nested too deeply failed, by its title, and imports the others (WordPress, Ghost)', async () => {
      // 20 000 levels: parsing or sanitising it took seconds, and Ghost's cleaner overflowed the stack.
      const deep = `${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}`;
      const failed = (title: string) => [
        { item: `post ${title}`, reason: `content: nested deeper than ${RICH_TEXT_MAX_DEPTH} elements` },
      ];
      const wxr = join(scratch, 'deep.xml');
      await writeGeneratedWxr(wxr, { posts: 3, origin: 'https://deep.example' });
      writeFileSync(
        wxr,
        readFileSync(wxr, 'utf8')
          .replaceAll('generated-post-', 'deep-wp-')
          .replace('<p>Paragraph 1 of post 2:', `<p>${deep}`),
      );
      const before = await count('posts');
      const dryRun = reportOf(await run('wxr', wxr, { dry_run: 'true' }));
      expect(dryRun.failed).toEqual(failed('Generated post 2'));
      expect(dryRun.created.posts).toBe(2);
      const wordPress = await run('wxr', wxr);
      expect(wordPress.state).toBe('done');
      expect(reportOf(wordPress).failed).toEqual(failed('Generated post 2'));
      expect(reportOf(wordPress).created.posts).toBe(2);

      const ghostPost = (id: string, title: string, html: string) => ({
        id,
        title,
        slug: `deep-ghost-${id}`,
        type: 'post',
        status: 'published',
        visibility: 'public',
        html,
        published_at: '2026-01-02 03:04:05',
        updated_at: '2026-01-03 00:00:00',
      });
      const ghost = join(scratch, 'deep.json');
      writeFileSync(
        ghost,
        JSON.stringify({
          db: [
            {
              meta: { exported_on: 1795578254071, version: '5.130.6' },
              data: { posts: [ghostPost('g1', 'Bài sâu', deep), ghostPost('g2', 'Bài thường', '<p>Xin chào</p>')] },
            },
          ],
        }),
      );
      const fromGhost = await run('ghost', ghost);
      expect(fromGhost.state).toBe('done');
      expect(reportOf(fromGhost).failed).toEqual(failed('Bài sâu'));
      expect(reportOf(fromGhost).created.posts).toBe(1);
      expect(await count('posts')).toBe(before + 3);
    });

    it('fails an images zip with a path outside its folder, and writes nothing', async () => {
      const zip = new ZipFile();
      zip.addBuffer(Buffer.from('x'), 'ok.txt');
      zip.end();
      const path = join(scratch, 'traversal.zip');
      const out = createWriteStream(path);
      zip.outputStream.pipe(out);
      await once(out, 'close');
      // yazl refuses to write `..` itself: patch the name in the central directory and the local header.
      const bytes = readFileSync(path);
      writeFileSync(path, Buffer.from(bytes.toString('latin1').replaceAll('ok.txt', '../x.t'), 'latin1'));
      const before = await count('posts');
      const res = await start(t.admin, 'wxr', smallWxr, {}, path).expect(202);
      const done = await finished(res.body.id as number);
      expect(done.state).toBe('failed');
      expect(done.error).toMatch(/images zip/i);
      expect(await count('posts')).toBe(before);
    });

    it('fails an images zip holding a zip bomb or an entry over the upload limit, and writes nothing', async () => {
      // Made here, small on disk: zeros pack about 1 000 to 1.
      const zipWith = async (name: string, bytes: Buffer) => {
        const zip = new ZipFile();
        zip.addBuffer(Buffer.from('image'), 'wp-content/uploads/2019/05/a.jpg');
        zip.addBuffer(bytes, `wp-content/uploads/2019/05/${name}.jpg`);
        zip.end();
        const path = join(scratch, `${name}.zip`);
        const out = createWriteStream(path);
        zip.outputStream.pipe(out);
        await once(out, 'close');
        return path;
      };
      const bomb = await zipWith('bomb', Buffer.alloc(16 * 1024 * 1024));
      const large = await zipWith('large', Buffer.alloc(51 * 1024 * 1024));
      const before = await count('posts');
      for (const [zip, reason] of [
        [bomb, /bomb\.jpg unpacks to more than 100 times its packed size/],
        [large, /large\.jpg is larger than the upload limit/],
      ] as const) {
        const done = await finished((await start(t.admin, 'wxr', smallWxr, {}, zip).expect(202)).body.id as number);
        expect(done.state).toBe('failed');
        expect(done.error).toMatch(/images zip/i);
        expect(done.error).toMatch(reason);
      }
      expect(await count('posts')).toBe(before);
    });
  });

  it('moves a post or page whose slug is a route of the site aside, its slug there leading to it (Ghost)', async () => {
    const item = (id: string, slug: string, type: string) => ({
      id,
      title: `Old ${slug}`,
      slug,
      type,
      status: 'published',
      visibility: 'public',
      html: '<p>Xin chào</p>',
      published_at: '2026-01-02 03:04:05',
      updated_at: '2026-01-03 00:00:00',
    });
    const file = join(scratch, 'routes.json');
    const posts = [item('r1', 'portfolio', 'post'), item('r2', 'services', 'page')];
    writeFileSync(
      file,
      JSON.stringify({ db: [{ meta: { exported_on: 1795578254071, version: '5.130.6' }, data: { posts } }] }),
    );
    const entry = await run('ghost', file);
    expect(reportOf(entry).created.posts).toBe(2);
    const moved = await t.database.dataSource.query(
      `SELECT p.slug, h.slug AS old_slug FROM posts p JOIN slug_history h ON h.post_id = p.id
        WHERE p.slug IN ('portfolio-post', 'services-page') ORDER BY p.slug`,
    );
    expect(moved).toEqual([
      { slug: 'portfolio-post', old_slug: 'portfolio' },
      { slug: 'services-page', old_slug: 'services' },
    ]);
  });

  describe('long imports', () => {
    const big = join(scratch, 'big.xml');
    beforeAll(() => writeGeneratedWxr(big, { posts: 400, origin: 'https://big.example' }));

    it('can be cancelled: it stops after the post it is on, each post whole', async () => {
      const res = await start(t.admin, 'wxr', big).expect(202);
      const id = res.body.id as number;
      await eventually(async () => {
        const current = (await t.admin.get(`/api/imports/${id}`)).body as Import;
        expect(current.progress.done).toBeGreaterThan(0);
      });
      const cancelled = await imports.mutation(t.admin, 'cancel', { id }).expect(200);
      expect(['running', 'cancelled']).toContain(cancelled.body.result.data.state);
      const done = await finished(id);
      expect(done.state).toBe('cancelled');
      expect(done.progress.done).toBeLessThan(400);
      const written = await t.database.dataSource.query(
        `SELECT count(*)::int AS n FROM posts WHERE slug LIKE 'generated-post-%'`,
      );
      expect(written[0].n).toBe(reportOf(done).created.posts);
    });

    it('resumes on another instance when its instance stops, creating each post once', async () => {
      await t.database.dataSource.query(`DELETE FROM posts WHERE slug LIKE 'generated-post-%'`);
      const res = await start(t.admin, 'wxr', big, { on_conflict: 'skip' }).expect(202);
      const id = res.body.id as number;
      await eventually(async () => {
        const current = (await t.admin.get(`/api/imports/${id}`)).body as Import;
        expect(current.progress.done).toBeGreaterThan(20);
      });
      // A second instance comes up, then the first one's queue stops as at a shutdown (its run is interrupted).
      await t.appWith();
      await t.app.get(JobQueue).onApplicationShutdown();
      await eventually(async () => {
        const rows = (await t.database.dataSource.query(`SELECT state FROM imports WHERE id = $1`, [id])) as Array<{
          state: string;
        }>;
        expect(rows[0]?.state).toBe('done');
      }, 120_000);
      const posts = await t.database.dataSource.query(
        `SELECT count(*)::int AS n, count(DISTINCT slug)::int AS d FROM posts WHERE slug LIKE 'generated-post-%'`,
      );
      expect(posts[0]).toEqual({ n: 400, d: 400 });
    });
  });

  it('is for administrators only, on both doors', async () => {
    await expectAdminOnly('GET /api/imports', (agent) => agent.get('/api/imports'), t);
    await expectAdminOnly('GET /api/imports/{id}', (agent) => agent.get('/api/imports/1'), t);
    await expectAdminOnly('DELETE /api/imports/{id}', (agent) => agent.delete('/api/imports/1'), t);
    // A small file: the guard refuses before the body is read, which a large upload would meet as a closed socket.
    const small = join(scratch, 'small.xml');
    writeFileSync(small, '<?xml version="1.0"?><rss></rss>');
    await expectAdminOnly('POST /api/imports', (agent) => start(agent, 'wxr', small), t);
    await expectAdminOnly('tRPC imports.list', (agent) => imports.query(agent, 'list'), t);
    await expectAdminOnly('tRPC imports.cancel', (agent) => imports.mutation(agent, 'cancel', { id: 1 }), t);
  });
});

describeWithFixtures('an import overwriting a post keeps what it replaced as a revision', () => {
  const t = useTestApp([testJobsModule(), ImportsModule], { signIn: true });

  it('saves over a post of the same slug (on_conflict overwrite) through the import door, keeping its version', async () => {
    const category = await createCategory(t.database, { slug: 'mine', name: 'Mine' });
    const createdHere = new Date('2020-01-01T00:00:00Z');
    const post = await createPost(t.database, category, {
      slug: 'da-lat-mua-hoa-da-quy',
      title: 'My own Đà Lạt',
      content: '<p>Written here first.</p>',
      created_at: createdHere,
    });
    const res = await t.admin
      .post('/api/imports')
      .field('source', 'ghost')
      .field('dry_run', 'false')
      .field('on_conflict', 'overwrite')
      .attach('file', GHOST)
      .expect(202);
    await eventually(async () => {
      const entry = (await t.admin.get(`/api/imports/${res.body.id}`).expect(200)).body as Import;
      expect(entry.state).toBe('done');
      expect(reportOf(entry).overwritten.posts).toBe(1);
    }, 120_000);
    const [row] = await t.database.dataSource.query(`SELECT version, updated_via FROM posts WHERE id = $1`, [post.id]);
    expect(row).toEqual({ version: 2, updated_via: 'import' });
    // Every post takes the source's last change (the export's updated_at); an earlier creation stays.
    const sourceUpdatedAt = new Date('2026-11-25T03:44:10Z');
    const dates = await t.database.dataSource.query(
      `SELECT slug, created_at, updated_at FROM posts WHERE slug IN ($1, 'pha-ca-phe-phin-dung-cach-co-video') ORDER BY id`,
      [post.slug],
    );
    expect(dates).toEqual([
      { slug: post.slug, created_at: createdHere, updated_at: sourceUpdatedAt },
      { slug: 'pha-ca-phe-phin-dung-cach-co-video', created_at: sourceUpdatedAt, updated_at: sourceUpdatedAt },
    ]);
    const revisions = await t.database.dataSource.query(
      `SELECT version, saved_via, fields->>'title' AS title, fields->>'content' AS content FROM revisions WHERE post_id = $1`,
      [post.id],
    );
    expect(revisions).toEqual([
      { version: 1, saved_via: 'rest', title: 'My own Đà Lạt', content: '<p>Written here first.</p>' },
    ]);
  });
});
