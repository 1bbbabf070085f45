import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import {
  COMMENT_SETTINGS_DEFAULTS,
  SITE_ARCHIVE_VERSION,
  SITE_IDENTITY_DEFAULTS,
  siteArchiveSchema,
  type SiteArchive,
} from '@blog/contracts';
import {
  createTestDatabase,
  DEMO_ASSETS_DIR,
  expectAdminOnly,
  useTestApp,
  type TestDatabase,
  testJobsModule,
} from '@blog/api/testing';
import { sessionSecretOf } from '@blog/api/security';
import { SubscriptionLinks } from '@blog/api/subscriptions';
import { imageFromFile, UploadStore } from '@blog/api/upload-storage';
import { ExportsModule } from './exports.module';
import { SiteArchiveError } from './site-archive.error';
import { SiteArchiveService, type RestoreOptions } from './site-archive.service';

const HOOK_TIMEOUT = 120_000;
const work = mkdtempSync(join(tmpdir(), 'site-archive-'));
const IMAGE = 'demo-rain-over-sai-gon.jpg';
/** A project's gallery image and a testimonial's photo. */
const PHOTO = 'demo-da-lat-in-the-rain.jpg';

/** The archive's entries by name, read whole (test archives are small). */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      }),
    );
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

/** An entry that must be there. */
function entryOf(entries: Map<string, Buffer>, name: string): Buffer {
  const entry = entries.get(name);
  if (!entry) throw new Error(`no ${name} in the archive`);
  return entry;
}

/** A zip of these entries (names may be patched afterwards, as yazl refuses hostile ones). */
async function zipOf(
  entries: Array<[string, Buffer | string, { compress?: boolean }?]>,
  patch: Array<[string, string]> = [],
): Promise<string> {
  const zip = new ZipFile();
  for (const [name, bytes, options] of entries) zip.addBuffer(Buffer.from(bytes), name, options);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  let bytes = Buffer.concat(chunks);
  for (const [from, to] of patch) {
    expect(from.length).toBe(to.length);
    bytes = Buffer.from(bytes.toString('latin1').split(from).join(to), 'latin1');
  }
  const path = join(work, `archive-${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(path, bytes);
  return path;
}

async function exportToFile(service: SiteArchiveService, includeMessages = false): Promise<string> {
  const path = join(work, `export-${Math.random().toString(36).slice(2)}.zip`);
  const output = createWriteStream(path);
  await service.export(output, { includeMessages });
  await finished(output);
  return path;
}

async function siteJsonOf(path: string): Promise<SiteArchive> {
  return siteArchiveSchema.parse(JSON.parse(entryOf(await unzip(readFileSync(path)), 'site.json').toString('utf8')));
}

/** Every row of the content tables, without ids: what a restore may change. */
async function snapshot(database: TestDatabase) {
  const query = (sql: string) => database.dataSource.query(sql) as Promise<unknown[]>;
  return {
    categories: await query(
      'SELECT name, slug, description, subscribable, created_at, updated_at FROM categories ORDER BY slug',
    ),
    posts: await query(
      'SELECT slug, title, content, status, published_at, comments_open, created_at, updated_at FROM posts ORDER BY slug',
    ),
    comments: await query(
      `SELECT p.slug, pr.slug AS project, parent.body AS parent, c.author_name, c.author_email, c.author_url, c.body,
              c.state, c.by_owner, c.notify_replies, c.created_at, c.approved_at, c.updated_at
         FROM comments c LEFT JOIN posts p ON p.id = c.post_id LEFT JOIN projects pr ON pr.id = c.project_id
         LEFT JOIN comments parent ON parent.id = c.parent_id
        ORDER BY c.created_at`,
    ),
    history: await query('SELECT slug, created_at FROM slug_history ORDER BY slug'),
    projects: await query(
      `SELECT title, slug, client_name, client_url, year_from, year_to, role, team_size, stack, live_url, source_url,
              summary, cover, cover_alt, gallery, problem, approach, outcome, results, featured, sort_order, meta_title,
              meta_description, comments_open, status, published_at, created_at, updated_at,
              (SELECT array_agg(post.slug) FROM posts post WHERE post.id = ANY(project.related_post_ids)) AS related,
              (SELECT array_agg(h.slug) FROM slug_history h WHERE h.project_id = project.id) AS old_slugs,
              (SELECT array_agg(s.slug ORDER BY l.position) FROM project_services l JOIN services s ON s.id = l.service_id
                WHERE l.project_id = project.id) AS services
         FROM projects project ORDER BY slug`,
    ),
    services: await query(
      `SELECT name, slug, summary, deliverables, duration, price_vnd, price_usd, cover, position, hidden, created_at,
              updated_at FROM services ORDER BY slug`,
    ),
    testimonials: await query(
      `SELECT t.name, t.role, t.company, t.photo, t.quote, t.consented_on::text, t.source_url, t.position, t.hidden,
              t.created_at, t.updated_at, p.slug AS project
         FROM testimonials t LEFT JOIN projects p ON p.id = t.project_id ORDER BY t.name, t.id`,
    ),
    about: await query('SELECT content FROM about'),
    info: await query(
      `SELECT email, logo_1, site_name, site_description, hero_greeting, hero_title, hero_text, hero_image,
              author_name, copyright_holder, availability, booked_until::text, availability_note, sender_name,
              sender_address, comments_enabled, comments_close_after_days, comments_max_links, comments_block_list,
              comments_spam_threshold FROM general_info`,
    ),
    messages: await query(
      `SELECT email, message, topic_kind, topic_slug, topic_title, source_path, visit_source, visit_source_name
       FROM contact_messages ORDER BY id`,
    ),
    uploads: await query('SELECT name, sha256(content) AS hash FROM uploads ORDER BY name'),
  };
}

async function seedSite(database: TestDatabase): Promise<void> {
  const q = (sql: string, params: unknown[] = []) => database.dataSource.query(sql, params);
  await q(`INSERT INTO categories (id, name, slug, description, subscribable, created_at, updated_at) VALUES
    (11, 'Travel', 'travel', 'Slow trips.', true, '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'),
    (12, 'Poems', 'poem', '', false, '2026-01-03T00:00:00Z', '2026-01-04T00:00:00Z')`);
  await q(
    `INSERT INTO posts (id, category_id, title, slug, content, short_content, thumbnail, thumbnail_alt, meta_title,
       status, published_at, color, price, created_at, updated_at) VALUES
     (21, 11, 'Hà Giang', 'ha-giang', '<p>Đi Hà Giang</p>', '<p>Ngắn</p>', $1, 'Mountains', 'Meta', 0,
       '2026-02-01T08:00:00Z', 'red', '10', '2026-01-10T00:00:00Z', '2026-02-01T08:00:00Z'),
     (22, 12, 'Draft poem', 'draft-poem', '<p>Not yet</p>', '', NULL, '', '', 0, NULL, NULL, NULL,
       '2026-01-11T00:00:00Z', '2026-01-12T00:00:00Z'),
     (23, 12, 'Hidden poem', 'hidden-poem', '<p>Hidden</p>', '', NULL, '', '', 1, '2026-01-05T00:00:00Z', NULL, NULL,
       '2026-01-05T00:00:00Z', '2026-01-05T00:00:00Z')`,
    [IMAGE],
  );
  // The portfolio: a published project with every field, a hidden draft, a service and a client's words.
  await q(
    `INSERT INTO projects (id, title, slug, client_name, client_url, year_from, year_to, role, team_size, stack,
       live_url, source_url, summary, cover, cover_alt, gallery, problem, approach, outcome, results,
       related_post_ids, featured, sort_order, meta_title, meta_description, status, published_at, created_at,
       updated_at) VALUES
     (31, 'Đặt phòng homestay', 'homestay-booking', 'Nhà Gỗ Đà Lạt', 'https://nhago.example', 2024, 2025,
       'Lead developer', 2, '{react,nestjs}', 'https://book.nhago.example', NULL, 'Bookings without Zalo.', $1,
       'The booking page', $2, '<p>The problem</p>', '<p>The approach</p>', '<p>The outcome</p>', $3, '{21}', true,
       1, 'Homestay', 'A booking site', 0, '2026-03-01T09:00:00Z', '2026-02-01T00:00:00Z', '2026-03-01T09:00:00Z'),
     (32, 'Shop draft', 'shop-draft', '', NULL, 2026, NULL, '', NULL, '{}', NULL, 'https://git.example/shop', '',
       NULL, '', '[]', '', '', '', '[]', '{}', false, 0, '', '', 1, NULL, '2026-04-01T00:00:00Z',
       '2026-04-02T00:00:00Z')`,
    [
      IMAGE,
      JSON.stringify([{ image: PHOTO, alt: 'The calendar' }]),
      JSON.stringify([{ label: 'Page load', value: '4.1 s → 0.9 s' }]),
    ],
  );
  await q(`INSERT INTO slug_history (slug, project_id) VALUES ('homestay-old', 31)`);
  await q(
    `INSERT INTO services (id, name, slug, summary, deliverables, duration, price_vnd, price_usd, cover, position,
       hidden, created_at, updated_at) VALUES
     (41, 'Website rescue', 'website-rescue', 'Fast again.', '{Audit,Fixes}', '2 weeks', 5000000, 200, $1, 0, false,
       '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')`,
    [IMAGE],
  );
  await q(`INSERT INTO project_services (project_id, service_id, position) VALUES (31, 41, 1)`);
  await q(
    `INSERT INTO testimonials (id, name, role, company, photo, quote, project_id, consented_on, source_url, position,
       hidden, created_at, updated_at) VALUES
     (51, 'Chị Hoa', 'Owner', 'Nhà Gỗ', $1, 'Bookings doubled.', 31, '2026-03-05', 'https://example.com/hoa', 0, false,
       '2026-03-05T00:00:00Z', '2026-03-06T00:00:00Z')`,
    [PHOTO],
  );
  await q(
    `SELECT setval('categories_id_seq', 100), setval('posts_id_seq', 100), setval('projects_id_seq', 100),
            setval('services_id_seq', 100), setval('testimonials_id_seq', 100)`,
  );
  await q(`INSERT INTO slug_history (slug, post_id) VALUES ('ha-giang-old', 21)`);
  // Readers' comments: a question that asked for replies, the owner's answer, one held; the draft closed.
  await q(`UPDATE posts SET comments_open = false WHERE id = 22`);
  await q(
    `INSERT INTO comments (id, post_id, parent_id, author_name, author_email, author_url, body, state, by_owner,
       notify_replies, spam_score, address_hash, user_agent, writer_token_hash, created_at, approved_at, updated_at)
     VALUES
     (61, 21, NULL, 'Minh', 'minh@example.com', 'https://minh.example', E'Đường có khó đi không?\nCảm ơn!',
       'approved', false, true, 10, 'address-hash-xyz', 'Firefox', 'writer-token-hash-xyz', '2026-02-02T00:00:00Z',
       '2026-02-03T00:00:00Z', '2026-02-03T00:00:00Z'),
     (62, 21, 61, 'Lan', 'me@example.com', NULL, 'Không khó.', 'approved', true, false, 0, NULL, '', NULL,
       '2026-02-04T00:00:00Z', '2026-02-04T00:00:00Z', '2026-02-04T00:00:00Z'),
     (63, 21, NULL, 'Khách', 'khach@example.com', NULL, 'Chờ duyệt', 'pending', false, false, 30, NULL, '', NULL,
       '2026-02-05T00:00:00Z', NULL, '2026-02-05T00:00:00Z')`,
  );
  // And under the project: a question and the owner's answer; the draft project closed.
  await q(`UPDATE projects SET comments_open = false WHERE id = 32`);
  await q(
    `INSERT INTO comments (id, project_id, parent_id, author_name, author_email, body, state, by_owner, created_at,
       approved_at, updated_at)
     VALUES
     (64, 31, NULL, 'Hoa', 'hoa@example.com', 'Bao lâu thì xong?', 'approved', false, '2026-03-02T00:00:00Z',
       '2026-03-02T00:00:00Z', '2026-03-02T00:00:00Z'),
     (65, 31, 64, 'Lan', 'me@example.com', 'Hai tuần.', 'approved', true, '2026-03-03T00:00:00Z',
       '2026-03-03T00:00:00Z', '2026-03-03T00:00:00Z')`,
  );
  await q(`SELECT setval('comments_id_seq', 100)`);
  await q(`INSERT INTO slug_history (slug, category_id) VALUES ('travels', 11)`);
  await q(`INSERT INTO about (content) VALUES ('<p>About me</p>')`);
  await q(
    `INSERT INTO general_info (email, logo_1, facebook_url, site_name, site_description, hero_greeting, hero_title,
       hero_text, hero_image, author_name, copyright_holder, availability, booked_until, availability_note,
       sender_name, sender_address, comments_enabled, comments_close_after_days, comments_max_links,
       comments_block_list, comments_spam_threshold)
     VALUES ('me@example.com', $1, 'https://facebook.com/me', 'Nhật ký của Lan', 'Thơ và chuyện đi đường', '',
       'Xin chào', 'Viết ở Đà Lạt', $1, 'Lan', 'Trần Thị Lan', 'booked', '2026-12-15', 'Free again in January',
       'Lan viết', 'lan@example.com', false, 30, 1, E'casino\nvay tiền', 70)`,
    [IMAGE],
  );
  // An inquiry: what it is about, the page it came from and where the visit came from.
  await q(
    `INSERT INTO contact_messages (name, email, phone, message, topic_kind, topic_slug, topic_title, source_path,
       visit_source, visit_source_name)
     VALUES ('Lan', 'lan@example.com', '', 'Xin chào', 'project', 'homestay-booking', 'Đặt phòng homestay',
       '/portfolio/homestay-booking', 'facebook', 'l.facebook.com')`,
  );
  for (const image of [IMAGE, PHOTO]) {
    await new UploadStore(database.dataSource).insertIfAbsent(
      await imageFromFile(image, readFileSync(join(DEMO_ASSETS_DIR, image))),
    );
  }
  // An audio clip (a lesson's recording): no pixel size, restored byte for byte like the images.
  await new UploadStore(database.dataSource).insertAudio(AUDIO, readFileSync(AUDIO_FILE), 'audio/mpeg');
  // What must never leave: a second account, a session, a reset token and a preview token.
  await q(
    `INSERT INTO users (email, name, password_hash, is_admin) VALUES ('secret-user@example.com', 'S', 'argon2-HASH-xyz', false)`,
  );
  await q(
    `INSERT INTO sessions (sid, sess, expire) VALUES ('session-id-xyz', '{"secret":"cookie-xyz"}', now() + interval '1 day')`,
  );
}

const PNG_BYTES = readFileSync(join(DEMO_ASSETS_DIR, 'favicon.png'));
const AUDIO = '0b6f6c3e-5b1d-4c2a-9e8f-0a1b2c3d4e5f.mp3';
const AUDIO_FILE = join(__dirname, '../../../uploads/src/lib/fixtures/silence.mp3');

const AVAILABILITY_KEYS = ['availability', 'booked_until', 'availability_note'];
const SENDER_KEYS = ['sender_name', 'sender_address'];

describe('the site archive', () => {
  const t = useTestApp([testJobsModule(), ExportsModule], { signIn: true });
  let target: TestDatabase;
  const service = () => t.app.get(SiteArchiveService);
  // A restore on the same server (its secret keys the suppressions' hashes).
  const secret = () => sessionSecretOf(t.config);
  const into = () => new SiteArchiveService(target.dataSource, 'http://restored.test', secret());
  const restore = (path: string, options: Partial<RestoreOptions> = {}) =>
    into().restore(path, { mode: 'skip', dryRun: false, ...options });

  beforeAll(async () => {
    await seedSite(t.database);
    target = await createTestDatabase();
  }, HOOK_TIMEOUT);
  afterAll(() => target?.drop());

  describe('GET /api/export', () => {
    it('is for administrators only, never stored', async () => {
      await expectAdminOnly('GET /api/export', (agent) => agent.get('/api/export'), t);
    });

    it('streams the zip as an attachment named by the day, without the messages unless asked', async () => {
      const res = await t.admin
        .get('/api/export')
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="site-\d{4}-\d{2}-\d{2}\.zip"$/);
      expect(res.headers['cache-control']).toBe('no-store');
      const entries = await unzip(res.body as Buffer);
      expect([...entries.keys()].sort()).toEqual(
        ['site.json', `uploads/${AUDIO}`, `uploads/${IMAGE}`, `uploads/${PHOTO}`].sort(),
      );
      const site = siteArchiveSchema.parse(JSON.parse(entryOf(entries, 'site.json').toString('utf8')));
      expect(site.contact_messages).toBeUndefined();
      expect(site.posts.map((post) => post.slug).sort()).toEqual(['draft-poem', 'ha-giang', 'hidden-poem']);
      // Byte for byte, as stored.
      const [{ content }] = await t.database.dataSource.query('SELECT content FROM uploads WHERE name = $1', [IMAGE]);
      expect(entryOf(entries, `uploads/${IMAGE}`).equals(content)).toBe(true);
      expect(site.uploads).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: IMAGE, content_type: 'image/jpeg', byte_size: content.length }),
          expect.objectContaining({ name: AUDIO, content_type: 'audio/mpeg', width: null, height: null }),
        ]),
      );
      expect(entryOf(entries, `uploads/${AUDIO}`).equals(readFileSync(AUDIO_FILE))).toBe(true);

      const withMessages = await t.admin
        .get('/api/export?include_messages=true')
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        });
      const site2 = JSON.parse(entryOf(await unzip(withMessages.body as Buffer), 'site.json').toString('utf8'));
      expect(site2.contact_messages).toEqual([
        expect.objectContaining({ email: 'lan@example.com', message: 'Xin chào' }),
      ]);
    });

    it('refuses a bad include_messages with 400 naming it', async () => {
      const res = await t.admin.get('/api/export?include_messages=yes').expect(400);
      expect(res.body.errors.map((error: { field: string }) => error.field)).toEqual(['include_messages']);
    });
  });

  it('never carries users, password hashes, sessions, secrets or tokens', async () => {
    const path = await exportToFile(service(), true);
    const text = entryOf(await unzip(readFileSync(path)), 'site.json').toString('utf8');
    for (const secret of [
      'secret-user@example.com',
      'argon2-HASH-xyz',
      'session-id-xyz',
      'cookie-xyz',
      t.adminUser.email,
      'address-hash-xyz',
      'writer-token-hash-xyz',
      'Firefox',
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const key of ['"users"', '"sessions"', 'password', 'token', 'two_factor', 'secret'])
      expect(text).not.toContain(key);
  });

  it('reads the lists in batches: a site of more posts than a batch comes out whole, in order', async () => {
    const category = 11;
    await t.database.dataSource.query(
      `INSERT INTO posts (category_id, title, slug, published_at)
       SELECT $1, 'Bulk ' || n, 'bulk-' || n, now() FROM generate_series(1, 1203) AS n`,
      [category],
    );
    try {
      const progress: Array<{ done: number; total: number }> = [];
      const path = join(work, 'bulk.zip');
      const output = createWriteStream(path);
      const summary = await service().export(output, { includeMessages: false }, (step) => progress.push(step));
      await finished(output);
      const site = await siteJsonOf(path);
      expect(site.posts).toHaveLength(1206);
      expect(summary.posts).toBe(1206);
      const ids = site.posts.map((post) => post.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(progress.at(-1)).toEqual({ done: progress[0].total, total: progress[0].total });
    } finally {
      await t.database.dataSource.query(`DELETE FROM posts WHERE slug LIKE 'bulk-%'`);
    }
  });

  it('leaves a post in the Trash out, with its slug history, in the lists and in their counts', async () => {
    const db = t.database.dataSource;
    const [{ id }] = (await db.query(
      `INSERT INTO posts (category_id, title, slug, published_at, deleted_at)
       VALUES (11, 'Trashed', 'trashed-post', now(), now()) RETURNING id`,
    )) as Array<{ id: number }>;
    await db.query(`INSERT INTO slug_history (post_id, slug) VALUES ($1, 'trashed-old-slug')`, [id]);
    try {
      const progress: Array<{ done: number; total: number }> = [];
      const path = join(work, 'trash.zip');
      const output = createWriteStream(path);
      const summary = await service().export(output, { includeMessages: false }, (step) => progress.push(step));
      await finished(output);
      const site = await siteJsonOf(path);
      expect(site.posts.map((post) => post.slug).sort()).toEqual(['draft-poem', 'ha-giang', 'hidden-poem']);
      expect(summary.posts).toBe(3);
      expect(JSON.stringify(site)).not.toContain('trashed-old-slug');
      expect(progress.at(-1)).toEqual({ done: progress[0].total, total: progress[0].total });
    } finally {
      await db.query(`DELETE FROM posts WHERE id = $1`, [id]);
    }
  });

  it("leaves a project in the Trash out, with its old slugs, a testimonial's link to it and a trashed related post", async () => {
    const db = t.database.dataSource;
    const [{ id }] = (await db.query(
      `INSERT INTO projects (title, slug, year_from, deleted_at) VALUES ('Trashed', 'trashed-project', 2026, now())
       RETURNING id`,
    )) as Array<{ id: number }>;
    const [{ id: postId }] = (await db.query(
      `INSERT INTO posts (category_id, title, slug, deleted_at) VALUES (11, 'Trashed', 'trashed-post', now()) RETURNING id`,
    )) as Array<{ id: number }>;
    await db.query(`INSERT INTO slug_history (project_id, slug) VALUES ($1, 'trashed-project-old')`, [id]);
    await db.query(`INSERT INTO project_services (project_id, service_id, position) VALUES ($1, 41, 1)`, [id]);
    await db.query(`UPDATE testimonials SET project_id = $1 WHERE id = 51`, [id]);
    await db.query(`UPDATE projects SET related_post_ids = ARRAY[$1::int, 21] WHERE id = 31`, [postId]);
    try {
      const path = join(work, 'trashed-project.zip');
      const output = createWriteStream(path);
      const summary = await service().export(output, { includeMessages: false });
      await finished(output);
      const site = await siteJsonOf(path);
      expect(site.projects?.map((project) => project.slug).sort()).toEqual(['homestay-booking', 'shop-draft']);
      expect(summary.projects).toBe(2);
      expect(JSON.stringify(site)).not.toContain('trashed-project-old');
      expect(site.testimonials).toEqual([expect.objectContaining({ name: 'Chị Hoa', project_id: null })]);
      expect(site.projects?.find((project) => project.id === 31)?.related_post_ids).toEqual([21]);
      // The archive's references hold: it restores.
      const report = await restore(path, { dryRun: true });
      expect(report.failed).toEqual([]);
      expect(report.created.projects + report.skipped.projects).toBe(2);
    } finally {
      await db.query(`UPDATE projects SET related_post_ids = '{21}' WHERE id = 31`);
      await db.query(`UPDATE testimonials SET project_id = 31 WHERE id = 51`);
      await db.query(`DELETE FROM projects WHERE id = $1`, [id]);
      await db.query(`DELETE FROM posts WHERE id = $1`, [postId]);
    }
  });

  describe('restore', () => {
    let archive: string;
    beforeAll(async () => {
      archive = await exportToFile(service(), true);
    }, HOOK_TIMEOUT);

    it('a dry run into an empty site reports everything as created and writes nothing', async () => {
      const before = await snapshot(target);
      const report = await restore(archive, { dryRun: true });
      expect(report.created).toEqual({
        categories: 2,
        posts: 3,
        projects: 2,
        services: 1,
        testimonials: 1,
        slug_history: 3,
        comments: 5,
        redirects: 0,
        about: 1,
        general_info: 1,
        contact_messages: 1,
        subscribers: 0,
        suppressions: 0,
        uploads: 3,
      });
      expect(report.failed).toEqual([]);
      expect(await snapshot(target)).toEqual(before);
    });

    it('into an empty site, restores everything as it was (dates, publication, history, uploads byte for byte)', async () => {
      const progress: number[] = [];
      const report = await into().restore(archive, { mode: 'skip', dryRun: false }, ({ done }) => progress.push(done));
      expect(report.created.posts).toBe(3);
      expect(progress.at(-1)).toBe(23);
      const restored = await snapshot(target);
      const original = await snapshot(t.database);
      expect(restored).toEqual(original);
      // The portfolio came back whole: every field, its related post, old slug, client's words and images.
      expect(restored.projects).toHaveLength(2);
      expect(restored.projects[0]).toMatchObject({
        slug: 'homestay-booking',
        related: ['ha-giang'],
        old_slugs: ['homestay-old'],
        services: ['website-rescue'],
        gallery: [{ image: PHOTO, alt: 'The calendar' }],
        results: [{ label: 'Page load', value: '4.1 s → 0.9 s' }],
      });
      expect(restored.testimonials).toEqual([expect.objectContaining({ project: 'homestay-booking', photo: PHOTO })]);
      expect(restored.messages).toEqual([
        expect.objectContaining({
          topic_kind: 'project',
          topic_slug: 'homestay-booking',
          source_path: '/portfolio/homestay-booking',
          visit_source: 'facebook',
          visit_source_name: 'l.facebook.com',
        }),
      ]);
      expect(restored.uploads).toHaveLength(3);
      // The thread came back with its reply, states, marks and dates (and neither hash nor token).
      expect(restored.comments).toHaveLength(5);
      expect(restored.comments[1]).toMatchObject({ parent: 'Đường có khó đi không?\nCảm ơn!', by_owner: true });
      // The project's thread came back under the project.
      expect(restored.comments[4]).toMatchObject({
        slug: null,
        project: 'homestay-booking',
        parent: 'Bao lâu thì xong?',
        by_owner: true,
      });
      expect(
        await target.dataSource.query(
          'SELECT address_hash, writer_token_hash, user_agent FROM comments WHERE notify_replies',
        ),
      ).toEqual([{ address_hash: null, writer_token_hash: null, user_agent: '' }]);
      // Ids were remapped: the history still leads to the right records.
      const [history] = await target.dataSource.query(
        `SELECT p.slug FROM slug_history h JOIN posts p ON p.id = h.post_id WHERE h.slug = 'ha-giang-old'`,
      );
      expect(history).toEqual({ slug: 'ha-giang' });
    });

    it('again in skip mode creates nothing', async () => {
      const before = await snapshot(target);
      const report = await restore(archive, { mode: 'skip' });
      expect(Object.values(report.created).every((count) => count === 0)).toBe(true);
      expect(report.skipped).toMatchObject({
        categories: 2,
        posts: 3,
        projects: 2,
        services: 1,
        testimonials: 1,
        uploads: 3,
        about: 1,
        general_info: 1,
        comments: 5,
      });
      expect(report.skipped_uploads.sort()).toEqual([AUDIO, IMAGE, PHOTO].sort());
      expect(await snapshot(target)).toEqual(before);
    });

    it('in overwrite mode replaces the posts and categories of the same slug', async () => {
      await target.dataSource.query(
        `UPDATE posts SET title = 'Changed here', content = '<p>x</p>' WHERE slug = 'ha-giang'`,
      );
      await target.dataSource.query(`UPDATE about SET content = '<p>changed</p>'`);
      await target.dataSource.query(`UPDATE projects SET title = 'Changed here', stack = '{vue}'`);
      await target.dataSource.query(`UPDATE services SET price_vnd = 1`);
      await target.dataSource.query(`UPDATE testimonials SET role = 'Changed', project_id = NULL`);
      const dryRun = await restore(archive, { mode: 'overwrite', dryRun: true });
      const report = await restore(archive, { mode: 'overwrite' });
      expect(report.overwritten).toMatchObject({
        categories: 2,
        posts: 3,
        projects: 2,
        services: 1,
        testimonials: 1,
        about: 1,
        general_info: 1,
      });
      expect(report.created.posts).toBe(0);
      // The old slugs are here already: the site's own history wins, as the dry run said.
      expect([dryRun.skipped.slug_history, report.skipped.slug_history]).toEqual([3, 3]);
      expect(await snapshot(target)).toEqual(await snapshot(t.database));
      // What it overwrote is not lost: the versions it replaced are revisions, written through the door 'restore'.
      const kept = (await target.dataSource.query(
        `SELECT r.fields->>'title' AS title, r.fields->>'content' AS content, p.updated_via
           FROM revisions r LEFT JOIN posts p ON p.id = r.post_id WHERE r.post_id IS NOT NULL OR r.about_id IS NOT NULL
          ORDER BY r.id`,
      )) as Array<{ title: string | null; content: string; updated_via: string | null }>;
      expect(kept).toEqual(
        expect.arrayContaining([
          { title: 'Changed here', content: '<p>x</p>', updated_via: 'restore' },
          { title: null, content: '<p>changed</p>', updated_via: null },
        ]),
      );
    });

    it("restores an archive written before the site's identity was settable with the defaults", async () => {
      const json = await siteJsonOf(archive);
      const [info] = json.general_info;
      const older = Object.fromEntries(
        Object.entries(info).filter(
          ([key]) =>
            !(key in SITE_IDENTITY_DEFAULTS) &&
            !key.startsWith('hero_image') &&
            ![...AVAILABILITY_KEYS, ...SENDER_KEYS].includes(key),
        ),
      );
      const path = await zipOf([['site.json', JSON.stringify({ ...json, uploads: [], general_info: [older] })]]);
      const report = await restore(path, { mode: 'overwrite' });
      expect(report.failed).toEqual([]);
      expect(report.overwritten.general_info).toBe(1);
      const [restored] = await target.dataSource.query(
        `SELECT email, site_name, site_description, hero_greeting, hero_title, hero_text, hero_image, author_name,
                copyright_holder, availability, booked_until, availability_note, sender_name, sender_address
           FROM general_info`,
      );
      expect(restored).toEqual({
        email: 'me@example.com',
        ...SITE_IDENTITY_DEFAULTS,
        hero_image: null,
        availability: 'available',
        booked_until: null,
        availability_note: '',
        sender_name: '',
        sender_address: '',
      });
    });

    it('restores an archive of the previous version (1, from before the portfolio)', async () => {
      const json = await siteJsonOf(archive);
      const {
        projects: _projects,
        services: _services,
        testimonials: _testimonials,
        comments: _comments,
        ...version1
      } = json;
      const slug_history = json.slug_history
        .filter((row) => row.project_id === null)
        .map(({ project_id: _project, ...row }) => row);
      const path = await zipOf([['site.json', JSON.stringify({ ...version1, version: 1, uploads: [], slug_history })]]);
      const report = await restore(path, { mode: 'overwrite' });
      expect(report.failed).toEqual([]);
      expect(report.overwritten).toMatchObject({ categories: 2, posts: 3, projects: 0, services: 0 });
      // What version 1 did not have is left as the site has it.
      expect(await target.dataSource.query('SELECT count(*)::int AS n FROM projects')).toEqual([{ n: 2 }]);
    });

    it('restores an archive of version 3 (before comments): posts open to comments, the default comment settings', async () => {
      const json = await siteJsonOf(archive);
      const posts = json.posts.map(({ comments_open: _open, ...post }) => post);
      const general_info = json.general_info.map((info) =>
        Object.fromEntries(Object.entries(info).filter(([key]) => !key.startsWith('comments_'))),
      );
      const { comments: _comments, ...version3 } = json;
      const path = await zipOf([
        ['site.json', JSON.stringify({ ...version3, version: 3, uploads: [], slug_history: [], posts, general_info })],
      ]);
      const report = await restore(path, { mode: 'overwrite' });
      expect(report.failed).toEqual([]);
      expect(report.overwritten.posts).toBe(3);
      expect(report.created.comments + report.skipped.comments).toBe(0);
      // The draft was closed to comments here; the archive has no word of it, so it is open again.
      expect(await target.dataSource.query(`SELECT DISTINCT comments_open FROM posts`)).toEqual([
        { comments_open: true },
      ]);
      expect(
        await target.dataSource.query(
          `SELECT comments_enabled, comments_close_after_days, comments_max_links, comments_block_list,
                  comments_spam_threshold FROM general_info`,
        ),
      ).toEqual([COMMENT_SETTINGS_DEFAULTS]);
    });

    it('restores an archive written before projects named their services and messages their topic', async () => {
      const json = await siteJsonOf(archive);
      const projects = json.projects?.map(({ service_ids: _services, ...project }) => project);
      const contact_messages = json.contact_messages?.map(
        ({
          topic_kind: _kind,
          topic_slug: _slug,
          topic_title: _title,
          source_path: _path,
          visit_source: _source,
          visit_source_name: _sourceName,
          ...message
        }) => ({
          ...message,
          created_at: '2026-05-01T00:00:00.000Z',
        }),
      );
      const path = await zipOf([['site.json', JSON.stringify({ ...json, uploads: [], projects, contact_messages })]]);
      const report = await restore(path, { mode: 'overwrite' });
      expect(report.failed).toEqual([]);
      expect(report.overwritten.projects).toBe(2);
      expect(report.created.contact_messages).toBe(1);
      expect(await target.dataSource.query('SELECT count(*)::int AS n FROM project_services')).toEqual([{ n: 0 }]);
      expect(
        await target.dataSource.query(
          `SELECT topic_kind, topic_slug, topic_title, source_path, visit_source FROM contact_messages
            WHERE created_at = '2026-05-01T00:00:00Z'`,
        ),
      ).toEqual([{ topic_kind: null, topic_slug: null, topic_title: null, source_path: null, visit_source: null }]);
    });

    it('in keep_both mode adds the posts and categories again under free slugs (-2)', async () => {
      const report = await restore(archive, { mode: 'keep_both' });
      expect(report.created).toMatchObject({ categories: 2, posts: 3, projects: 2, services: 1, testimonials: 1 });
      expect(report.items).toEqual(
        expect.arrayContaining([
          { kind: 'project', slug: 'homestay-booking', action: 'keep_both', restored_as: 'homestay-booking-2' },
          { kind: 'service', slug: 'website-rescue', action: 'keep_both', restored_as: 'website-rescue-2' },
          { kind: 'post', slug: 'ha-giang', action: 'keep_both', restored_as: 'ha-giang-2' },
          { kind: 'category', slug: 'travel', action: 'keep_both', restored_as: 'travel-2' },
        ]),
      );
      const [post] = await target.dataSource.query(
        `SELECT c.slug AS category FROM posts p JOIN categories c ON c.id = p.category_id WHERE p.slug = 'ha-giang-2'`,
      );
      expect(post).toEqual({ category: 'travel-2' });
      expect(await target.dataSource.query(`SELECT count(*)::int AS n FROM posts`)).toEqual([{ n: 6 }]);
    });

    it("takes the slug of a project in the site's trash: the archive's is created", async () => {
      await target.dataSource.query(`UPDATE projects SET deleted_at = now() WHERE slug = 'shop-draft'`);
      const report = await restore(archive, { mode: 'skip', dryRun: true });
      expect(report.items).toContainEqual({ kind: 'project', slug: 'shop-draft', action: 'create' });
      expect(report.items).toContainEqual({ kind: 'project', slug: 'homestay-booking', action: 'skip' });
    });
  });

  it(
    'restores a post whose slug became a route of the site under a free slug, its slug leading to it',
    async () => {
      const json = await siteJsonOf(await exportToFile(service()));
      const posts = json.posts.map((post) => (post.slug === 'ha-giang' ? { ...post, slug: 'portfolio' } : post));
      const path = await zipOf([['site.json', JSON.stringify({ ...json, uploads: [], posts })]]);
      const site = await createTestDatabase();
      try {
        const report = await new SiteArchiveService(site.dataSource, 'http://restored.test', secret()).restore(path, {
          mode: 'skip',
          dryRun: false,
        });
        expect(report.failed).toEqual([]);
        expect(report.items).toContainEqual({
          kind: 'post',
          slug: 'portfolio',
          action: 'create',
          restored_as: 'portfolio-2',
        });
        const history = await site.dataSource.query(
          `SELECT h.slug FROM slug_history h JOIN posts p ON p.id = h.post_id WHERE p.slug = 'portfolio-2' ORDER BY h.slug`,
        );
        expect(history).toEqual([{ slug: 'ha-giang-old' }, { slug: 'portfolio' }]);
      } finally {
        await site.drop();
      }
    },
    HOOK_TIMEOUT,
  );

  describe('refuses hostile or broken archives with a clear error, changing nothing', () => {
    const TIMES = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
    /** A post of category 1, every field given. */
    const archivePost = (fields: Record<string, unknown>) => ({
      id: 1,
      category_id: 1,
      title: 'A post',
      slug: 'deep',
      content: '',
      short_content: '',
      thumbnail: null,
      thumbnail_alt: '',
      meta_title: '',
      meta_description: '',
      meta_keywords: '',
      status: 0,
      published_at: null,
      color: null,
      price: null,
      ...TIMES,
      ...fields,
    });
    const archiveComment = (fields: Record<string, unknown>) => ({
      id: 1,
      post_id: 9,
      parent_id: null,
      author_name: 'Lan',
      author_email: 'lan@example.com',
      author_url: null,
      body: 'Hi',
      state: 'approved',
      by_owner: false,
      notify_replies: false,
      approved_at: null,
      ...TIMES,
      ...fields,
    });
    const siteJson = (changes: Record<string, unknown> = {}) =>
      JSON.stringify({
        format: 'blog-site-archive',
        version: 1,
        exported_at: '2026-11-25T00:00:00.000Z',
        site_url: 'http://x.test',
        categories: [],
        posts: [],
        slug_history: [],
        about: [],
        general_info: [],
        uploads: [],
        ...changes,
      });

    const cases: Array<[string, () => Promise<string>, { file: string; reason: RegExp; code?: string }]> = [
      [
        'a path climbing out (../x)',
        () =>
          zipOf(
            [
              ['site.json', siteJson()],
              ['zz/evil.txt', 'x'],
            ],
            [['zz/evil.txt', '../evil.txt']],
          ),
        { file: '../evil.txt', reason: /climbs out/ },
      ],
      [
        'an absolute path',
        () =>
          zipOf(
            [
              ['site.json', siteJson()],
              ['zetc/passwd', 'x'],
            ],
            [['zetc/passwd', '/etc/passwd']],
          ),
        { file: '/etc/passwd', reason: /absolute/ },
      ],
      [
        'a backslash',
        () =>
          zipOf(
            [
              ['site.json', siteJson()],
              ['uploads/a/b.png', 'x'],
            ],
            [['uploads/a/b.png', 'uploads/a\\b.png']],
          ),
        { file: 'uploads/a\\b.png', reason: /backslash/ },
      ],
      [
        'an unexpected entry',
        () =>
          zipOf([
            ['site.json', siteJson()],
            ['run.sh', 'x'],
          ]),
        { file: 'run.sh', reason: /not expected/ },
      ],
      [
        'a zip bomb (packed far tighter than any real file)',
        () => zipOf([['site.json', siteJson({ site_url: ' '.repeat(8_000_000) })]]),
        { file: 'site.json', reason: /times its packed size/, code: 'PAYLOAD_TOO_LARGE' },
      ],
      [
        'an upload larger than the cap',
        () =>
          zipOf([
            ['site.json', siteJson()],
            ['uploads/big.png', Buffer.alloc(51 * 1024 * 1024), { compress: false }],
          ]),
        { file: 'uploads/big.png', reason: /larger than/, code: 'PAYLOAD_TOO_LARGE' },
      ],
      ['no site.json', () => zipOf([['uploads/a.png', 'x']]), { file: 'site.json', reason: /missing/ }],
      [
        'a malformed site.json',
        () => zipOf([['site.json', '{"format": "blog-site-archive", ']]),
        { file: 'site.json', reason: /not valid JSON/ },
      ],
      [
        'another format',
        () => zipOf([['site.json', siteJson({ format: 'wordpress' })]]),
        { file: 'site.json', reason: /^format must be "blog-site-archive"/ },
      ],
      [
        'another version',
        () => zipOf([['site.json', siteJson({ version: SITE_ARCHIVE_VERSION + 1 })]]),
        { file: 'site.json', reason: /^version must be 1/ },
      ],
      [
        'an invalid post (named by its place and field)',
        () =>
          zipOf([
            [
              'site.json',
              siteJson({
                categories: [
                  {
                    id: 1,
                    name: 'A',
                    slug: 'a',
                    created_at: '2026-01-01T00:00:00Z',
                    updated_at: '2026-01-01T00:00:00Z',
                  },
                ],
                posts: [{ id: 1, category_id: 1, title: 'x', slug: '../etc' }],
              }),
            ],
          ]),
        { file: 'site.json', reason: /^posts\[0\]\.slug / },
      ],
      [
        'a post nested too deeply to be sanitised quickly (named by its place and field)',
        () => {
          const post = archivePost({ content: `${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}` });
          const categories = [{ id: 1, name: 'A', slug: 'a', ...TIMES }];
          return zipOf([['site.json', siteJson({ categories, posts: [post] })]]);
        },
        { file: 'site.json', reason: /^posts\[0\]\.content nested deeper than 256 elements/ },
      ],
      [
        "a project's case study nested too deeply (named by its place and field)",
        () => {
          const times = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
          const project = {
            id: 1,
            title: 'Deep',
            slug: 'deep',
            year_from: 2026,
            approach: `${'<div>'.repeat(1_000)}x${'</div>'.repeat(1_000)}`,
            related_post_ids: [],
            status: 0,
            published_at: null,
            ...times,
          };
          return zipOf([['site.json', siteJson({ projects: [project] })]]);
        },
        { file: 'site.json', reason: /^projects\[0\]\.approach nested deeper than 256 elements/ },
      ],
      [
        'a project naming a service the archive does not hold',
        () => {
          const times = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
          const project = {
            id: 1,
            title: 'Shop',
            slug: 'shop',
            year_from: 2026,
            related_post_ids: [],
            service_ids: [9],
            status: 0,
            published_at: null,
            ...times,
          };
          return zipOf([['site.json', siteJson({ projects: [project], services: [] })]]);
        },
        { file: 'site.json', reason: /^projects\[0\]\.service_ids\.0 names no service of the archive \(9\)/ },
      ],
      [
        'a comment under a post the archive does not hold',
        () => zipOf([['site.json', siteJson({ comments: [archiveComment({ post_id: 9 })] })]]),
        { file: 'site.json', reason: /^comments\[0\]\.post_id names no post of the archive \(9\)/ },
      ],
      [
        'a comment under a post and a project at once',
        () => zipOf([['site.json', siteJson({ comments: [archiveComment({ post_id: 9, project_id: 9 })] })]]),
        { file: 'site.json', reason: /^comments\[0\].*exactly one of post_id and project_id/ },
      ],
      [
        'a reply to a reply (threads are one level deep)',
        () => {
          const post = archivePost({ id: 9, slug: 'a-post' });
          const category = { id: 1, name: 'C', slug: 'c', ...TIMES };
          const comments = [
            archiveComment({ id: 1 }),
            archiveComment({ id: 2, parent_id: 1 }),
            archiveComment({ id: 3, parent_id: 2 }),
          ];
          return zipOf([['site.json', siteJson({ categories: [category], posts: [post], comments })]]);
        },
        {
          file: 'site.json',
          reason: /^comments\[2\]\.parent_id names no top-level comment of the same post or project before it/,
        },
      ],
      [
        'a testimonial about a project the archive does not hold',
        () => {
          const times = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
          const testimonial = {
            id: 1,
            name: 'Hoa',
            quote: 'Good.',
            project_id: 7,
            consented_on: '2026-01-01',
            position: 0,
            ...times,
          };
          return zipOf([['site.json', siteJson({ projects: [], testimonials: [testimonial] })]]);
        },
        { file: 'site.json', reason: /^testimonials\[0\]\.project_id names no project of the archive \(7\)/ },
      ],
      [
        'an upload whose bytes do not match',
        () =>
          zipOf([
            [
              'site.json',
              siteJson({
                uploads: [
                  {
                    name: 'a.png',
                    content_type: 'image/png',
                    width: 1,
                    height: 1,
                    byte_size: 1,
                    sha256: '0'.repeat(64),
                  },
                ],
              }),
            ],
            ['uploads/a.png', 'x'],
          ]),
        { file: 'uploads/a.png', reason: /SHA-256/ },
      ],
      [
        'an audio clip whose bytes are an image',
        () =>
          zipOf([
            [
              'site.json',
              siteJson({
                uploads: [
                  {
                    name: 'a.mp3',
                    content_type: 'audio/mpeg',
                    width: null,
                    height: null,
                    byte_size: PNG_BYTES.length,
                    sha256: createHash('sha256').update(PNG_BYTES).digest('hex'),
                  },
                ],
              }),
            ],
            ['uploads/a.mp3', PNG_BYTES],
          ]),
        { file: 'uploads/a.mp3', reason: /is not the audio\/mpeg audio clip/, code: 'UNSUPPORTED_MEDIA_TYPE' },
      ],
      [
        'an audio clip listed with a pixel size',
        () =>
          zipOf([
            [
              'site.json',
              siteJson({
                uploads: [
                  {
                    name: 'a.mp3',
                    content_type: 'audio/mpeg',
                    width: 1,
                    height: null,
                    byte_size: 1,
                    sha256: '0'.repeat(64),
                  },
                ],
              }),
            ],
            ['uploads/a.mp3', 'x'],
          ]),
        { file: 'site.json', reason: /width/ },
      ],
      [
        'no zip at all',
        async () => {
          const path = join(work, 'not-a-zip.zip');
          writeFileSync(path, 'hello');
          return path;
        },
        { file: 'the zip', reason: /not a readable zip/, code: 'UNSUPPORTED_MEDIA_TYPE' },
      ],
    ];

    it.each(cases)('%s', async (_label, make, expected) => {
      const path = await make();
      const before = await snapshot(target);
      const error = await restore(path, { mode: 'overwrite' }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(SiteArchiveError);
      const refusal = error as SiteArchiveError;
      expect(refusal.file).toBe(expected.file);
      expect(refusal.reason).toMatch(expected.reason);
      expect(refusal.code).toBe(expected.code ?? 'BAD_REQUEST');
      expect(await snapshot(target)).toEqual(before);
    });
  });

  describe('e-mail subscribers and suppressions', () => {
    let site: TestDatabase;
    const hashOf = (email: string) => new SubscriptionLinks(secret()).suppressionHash(email);
    const subscribersOf = (database: TestDatabase) =>
      database.dataSource.query(
        `SELECT s.email, s.name, s.state, s.digest, s.consent_source, s.consent_at, s.consent_note, s.confirmed_at,
                s.digest_sent_at, s.language, array(SELECT c.slug FROM subscriber_categories sc JOIN categories c
                  ON c.id = sc.category_id WHERE sc.subscriber_id = s.id ORDER BY c.slug) AS topics
         FROM subscribers s ORDER BY s.email`,
      );
    const suppressionsOf = (database: TestDatabase) =>
      database.dataSource.query(
        `SELECT email_hash, email_hint, reason, detail, confirmed_at, created_at FROM suppressions ORDER BY email_hash`,
      );

    beforeAll(async () => {
      const q = (sql: string, params: unknown[] = []) => t.database.dataSource.query(sql, params);
      await q(
        `INSERT INTO subscribers (id, email, name, state, digest, consent_source, consent_at, consent_note, confirmed_at,
           digest_sent_at, language) VALUES
         (501, 'Lan@example.com', 'Lan', 'confirmed', true, 'import', '2026-10-01T08:00:00Z',
           'Signed up at the book fair', '2026-10-01T08:00:00Z', '2026-11-20T03:00:00Z', 'en'),
         (502, 'minh@example.com', '', 'pending', false, 'form', '2026-11-01T08:00:00Z', '', NULL, NULL, 'vi'),
         (503, 'back@example.com', 'Back', 'confirmed', false, 'form', '2026-11-02T08:00:00Z', '',
           '2026-11-02T09:00:00Z', NULL, 'en')`,
      );
      await q(`INSERT INTO subscriber_categories VALUES (501, 11), (501, 12), (502, 12), (503, 11)`);
      await q(
        `INSERT INTO suppressions (email_hash, email_hint, reason, detail, confirmed_at, created_at) VALUES
         ($1, 'g•••@example.com', 'hard_bounce', '550 5.1.1 no such user', '2026-09-01T00:00:00Z', '2026-11-03T00:00:00Z')`,
        [hashOf('gone@example.com')],
      );
      site = await createTestDatabase();
    }, HOOK_TIMEOUT);
    afterAll(() => site?.drop());

    it('carries the subscribers with their topics and consent records, and the suppressions by hash only', async () => {
      const json = await siteJsonOf(await exportToFile(service()));
      expect(json.subscribers).toEqual([
        {
          email: 'Lan@example.com',
          name: 'Lan',
          state: 'confirmed',
          topics: ['poem', 'travel'],
          digest: true,
          consent_source: 'import',
          consent_at: '2026-10-01T08:00:00.000Z',
          consent_note: 'Signed up at the book fair',
          confirmed_at: '2026-10-01T08:00:00.000Z',
          digest_sent_at: '2026-11-20T03:00:00.000Z',
          language: 'en',
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
        expect.objectContaining({
          email: 'minh@example.com',
          state: 'pending',
          topics: ['poem'],
          confirmed_at: null,
          language: 'vi',
        }),
        expect.objectContaining({ email: 'back@example.com', topics: ['travel'] }),
      ]);
      expect(json.suppressions).toEqual([
        {
          email_hash: hashOf('gone@example.com'),
          email_hint: 'g•••@example.com',
          reason: 'hard_bounce',
          detail: '550 5.1.1 no such user',
          confirmed_at: '2026-09-01T00:00:00.000Z',
          created_at: '2026-11-03T00:00:00.000Z',
        },
      ]);
      expect(JSON.stringify(json)).not.toContain('gone@example.com');
    });

    it('restores them, never adding an address suppressed here nor changing a subscriber the site has', async () => {
      const archive = await exportToFile(service());
      const q = (sql: string, params: unknown[] = []) => site.dataSource.query(sql, params);
      // Since the archive was made, on the site restored into: minh left, Lan changed her name, and
      // back@example.com was suppressed here; the archive's suppression of gone@example.com meets a
      // subscriber of that address here, who goes with it.
      await q(`INSERT INTO suppressions (email_hash, reason) VALUES ($1, 'unsubscribed'), ($2, 'complaint')`, [
        hashOf('minh@example.com'),
        hashOf('back@example.com'),
      ]);
      await q(
        `INSERT INTO subscribers (email, name, state, consent_source, confirmed_at) VALUES
         ('lan@example.com', 'Lan N.', 'confirmed', 'form', now()), ('gone@example.com', '', 'confirmed', 'form', now())`,
      );
      const restore = (dryRun: boolean) =>
        new SiteArchiveService(site.dataSource, 'http://restored.test', secret()).restore(archive, {
          mode: 'overwrite',
          dryRun,
        });
      const dry = await restore(true);
      expect([dry.created.subscribers, dry.skipped.subscribers, dry.created.suppressions]).toEqual([0, 3, 1]);
      expect(await subscribersOf(site)).toHaveLength(2);

      const report = await restore(false);
      expect(report.failed).toEqual([]);
      expect([report.created.subscribers, report.skipped.subscribers]).toEqual([0, 3]);
      expect(await subscribersOf(site)).toEqual([
        expect.objectContaining({ email: 'lan@example.com', name: 'Lan N.' }),
      ]);
      expect((await suppressionsOf(site)).map((row: { email_hash: string }) => row.email_hash).sort()).toEqual(
        [hashOf('minh@example.com'), hashOf('back@example.com'), hashOf('gone@example.com')].sort(),
      );
    });

    it('into an empty site, brings every subscriber and suppression back as it was, topics by slug', async () => {
      const archive = await exportToFile(service());
      const empty = await createTestDatabase();
      try {
        const report = await new SiteArchiveService(empty.dataSource, 'http://restored.test', secret()).restore(
          archive,
          { mode: 'skip', dryRun: false },
        );
        expect([report.created.subscribers, report.created.suppressions]).toEqual([3, 1]);
        expect(await subscribersOf(empty)).toEqual(await subscribersOf(t.database));
        expect(await suppressionsOf(empty)).toEqual(await suppressionsOf(t.database));
      } finally {
        await empty.drop();
      }
    });

    it('refuses a subscriber whose topic is no category of the archive, naming it', async () => {
      const json = await siteJsonOf(await exportToFile(service()));
      const subscribers = json.subscribers?.map((row, n) => (n === 1 ? { ...row, topics: ['gardening'] } : row));
      const path = await zipOf([['site.json', JSON.stringify({ ...json, uploads: [], subscribers })]]);
      await expect(
        new SiteArchiveService(site.dataSource, 'http://restored.test', secret()).restore(path, {
          mode: 'skip',
          dryRun: true,
        }),
      ).rejects.toThrow('subscribers[1].topics.0 names no category of the archive (gardening)');
    });
  });
});
