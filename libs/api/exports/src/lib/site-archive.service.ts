import { createHash, randomUUID } from 'node:crypto';
import { pipeline, Readable, type Writable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { z } from 'zod';
import {
  archiveAboutSchema,
  archiveCategorySchema,
  archiveCommentSchema,
  archiveContactMessageSchema,
  archiveGeneralInfoSchema,
  archivePostSchema,
  archiveProjectSchema,
  archiveRedirectSchema,
  archiveServiceSchema,
  archiveTestimonialSchema,
  checkRedirect,
  DEFAULT_LANGUAGE,
  archiveSlugHistorySchema,
  archiveSubscriberSchema,
  archiveSuppressionSchema,
  archiveUploadSchema,
  isReservedPostSlug,
  SITE_ARCHIVE_FORMAT,
  SITE_ARCHIVE_JSON,
  SITE_ARCHIVE_SECTIONS,
  SITE_ARCHIVE_UPLOADS_DIR,
  UPLOAD_AUDIO_MAX_BYTES,
  SITE_ARCHIVE_VERSION,
  numberedSlug,
  siteArchiveSchema,
  type ArchiveRestoreCounts,
  type ArchiveRestoreItem,
  type ArchiveRestoreMode,
  type ArchiveRestoreReport,
  type ArchiveUpload,
  type Language,
  type RedirectInput,
  type SiteArchiveSection,
} from '@blog/contracts';
import { richTextBoundsProblem } from '@blog/shared/html';
import {
  addOldSlug,
  insertVersion,
  oldSlugTaken,
  ServiceEntity,
  TestimonialEntity,
  updateVersion,
  type ChangeOrigin,
  type SlugOwnerColumn,
} from '@blog/api/data';
import { insertAbout, prepareAbout, replaceAbout } from '@blog/api/about';
import { insertCategory, replaceCategory } from '@blog/api/categories';
import { insertImportedComment } from '@blog/api/comments';
import { insertPost, preparePost, replacePost, type PostColumns } from '@blog/api/posts';
import { insertProject, prepareProject, replaceProject } from '@blog/api/projects';
import { insertGeneralInfo, replaceGeneralInfo } from '@blog/api/site-info';
import { SubscriptionLinks } from '@blog/api/subscriptions';
import {
  audioContentTypeOf,
  audioExtensionOf,
  contentTypeOf,
  imageExtensionOf,
  UploadStore,
} from '@blog/api/upload-storage';
import { openArchiveZip, type ArchiveZip } from './archive-zip';
import { SiteArchiveError } from './site-archive.error';
import { siteJsonPieces, walkSiteJson } from './site-json';

/** Rows read at a time: the export's memory stays flat whatever the site's size. */
export const EXPORT_BATCH_SIZE = 500;

export interface ArchiveProgress {
  done: number;
  total: number;
}
export type OnArchiveProgress = (progress: ArchiveProgress) => void;

export interface ExportOptions {
  /** The contact messages are personal data: only in the archive when asked for. */
  includeMessages: boolean;
}

/** What an export wrote. */
export type ExportSummary = Record<SiteArchiveSection, number> & { upload_bytes: number };

export interface RestoreOptions {
  /** What happens to a category or post whose slug the site has already. */
  mode: ArchiveRestoreMode;
  /** Check everything and report what would happen; write nothing. */
  dryRun: boolean;
}

/** A post or project out of the trash. */
const NOT_TRASHED = 'deleted_at IS NULL';

/** The columns of each table that an archive carries (generated columns and ids of other tables never). */
const COLUMNS = {
  categories: 'id, name, slug, description, subscribable, language, translation_group, created_at, updated_at',
  posts:
    'id, category_id, title, slug, content, short_content, thumbnail, thumbnail_alt, meta_title, meta_description, ' +
    'meta_keywords, status, published_at, color, price, comments_open, language, translation_group, created_at, updated_at',
  projects:
    'id, title, slug, client_name, client_url, year_from, year_to, role, team_size, stack, live_url, source_url, ' +
    'summary, cover, cover_alt, gallery, problem, approach, outcome, results, featured, sort_order, meta_title, ' +
    'meta_description, comments_open, status, published_at, language, translation_group, created_at, updated_at, ' +
    // The posts out of the trash only, as the archive has no others (their order kept).
    'ARRAY(SELECT post_id FROM unnest(related_post_ids) WITH ORDINALITY AS related (post_id, n) ' +
    `WHERE post_id IN (SELECT id FROM posts WHERE ${NOT_TRASHED}) ORDER BY n) AS related_post_ids, ` +
    'ARRAY(SELECT service_id FROM project_services WHERE project_id = projects.id ORDER BY position) AS service_ids',
  services:
    'id, name, slug, summary, deliverables, duration, price_vnd, price_usd, cover, position, hidden, language, ' +
    'translation_group, created_at, updated_at',
  testimonials:
    'id, name, role, company, photo, quote, ' +
    // A project in the trash is not in the archive: the testimonial is about none there.
    `CASE WHEN project_id IN (SELECT id FROM projects WHERE ${NOT_TRASHED}) THEN project_id END AS project_id, ` +
    "to_char(consented_on, 'YYYY-MM-DD') AS consented_on, source_url, position, hidden, language, translation_group, " +
    'created_at, updated_at',
  slug_history: 'slug, post_id, category_id, project_id, language, created_at',
  comments:
    'id, post_id, project_id, parent_id, author_name, author_email, author_url, body, state, by_owner, notify_replies, ' +
    'approved_at, created_at, updated_at',
  redirects: 'from_path, to_path, status_code, hits, last_hit_at, source',
  about: 'content, language, created_at, updated_at',
  general_info:
    'logo_1, logo_2, favicon, email, phone, address, facebook_url, instagram_url, linkedin_url, youtube_url, ' +
    'zalo_url, tiktok_url, site_name, site_description, hero_greeting, hero_title, hero_text, hero_image, ' +
    "author_name, copyright_holder, availability, to_char(booked_until, 'YYYY-MM-DD') AS booked_until, " +
    'availability_note, sender_name, sender_address, comments_enabled, comments_close_after_days, ' +
    'comments_max_links, comments_block_list, comments_spam_threshold, default_language, languages, created_at, updated_at',
  contact_messages:
    'name, email, phone, message, read_at, topic_kind, topic_slug, topic_title, source_path, visit_source, ' +
    'visit_source_name, created_at, updated_at',
  subscribers:
    'email, name, state, digest, consent_source, consent_at, consent_note, confirmed_at, digest_sent_at, language, ' +
    'created_at, updated_at, ARRAY(SELECT c.slug FROM subscriber_categories sc JOIN categories c ON c.id = sc.category_id ' +
    'WHERE sc.subscriber_id = subscribers.id ORDER BY c.slug) AS topics',
  suppressions: 'email_hash, email_hint, reason, detail, confirmed_at, created_at',
  uploads: `name, content_type, width, height, byte_size, encode(sha256(content), 'hex') AS sha256`,
} as const satisfies Record<SiteArchiveSection, string>;

/** Who a restore's writes are by: the door 'restore', no user (a record it overwrites keeps what it replaced as a revision). */
const RESTORE_ORIGIN: ChangeOrigin = { via: 'restore', user_id: null, session: null };

/**
 * The rows of a table that an archive carries, where not all: the posts and projects in the trash stay out
 * (with their slug history), as an archive is the site as it is shown and restoring one never brings a
 * deleted record back.
 */
const ROWS: Partial<Record<SiteArchiveSection, string>> = {
  posts: NOT_TRASHED,
  projects: NOT_TRASHED,
  slug_history:
    `(post_id IS NULL OR post_id IN (SELECT id FROM posts WHERE ${NOT_TRASHED})) AND ` +
    `(project_id IS NULL OR project_id IN (SELECT id FROM projects WHERE ${NOT_TRASHED}))`,
  subscribers: `state IN ('pending', 'confirmed')`,
  // A trashed post's or project's comments go with it.
  comments:
    `(post_id IN (SELECT id FROM posts WHERE ${NOT_TRASHED}) OR ` +
    `project_id IN (SELECT id FROM projects WHERE ${NOT_TRASHED}))`,
};

/** The schema of one item of each list of site.json (from the one archive schema). */
const ITEM_SCHEMAS: Record<SiteArchiveSection, z.ZodType> = {
  categories: archiveCategorySchema,
  posts: archivePostSchema,
  projects: archiveProjectSchema,
  services: archiveServiceSchema,
  testimonials: archiveTestimonialSchema,
  slug_history: archiveSlugHistorySchema,
  comments: archiveCommentSchema,
  redirects: archiveRedirectSchema,
  about: archiveAboutSchema,
  general_info: archiveGeneralInfoSchema,
  contact_messages: archiveContactMessageSchema,
  subscribers: archiveSubscriberSchema,
  suppressions: archiveSuppressionSchema,
  uploads: archiveUploadSchema,
};
const HEADER_SCHEMA = siteArchiveSchema.pick({ format: true, version: true, exported_at: true, site_url: true });
const REQUIRED_SECTIONS = SITE_ARCHIVE_SECTIONS.filter(
  (section) => !siteArchiveSchema.shape[section].safeParse(undefined).success,
);

type Item<S extends SiteArchiveSection> =
  z.output<(typeof siteArchiveSchema.shape)[S]> extends Array<infer T> | undefined ? T : never;

/**
 * The site archive: `export` writes the whole site (every category, post, slug history, redirect,
 * About, general info, optionally the contact messages, the e-mail subscribers and suppressions, and
 * every upload's original) as a zip to a stream; `restore` reads one back, into an empty site or merged
 * into one with content. Independent of HTTP: the REST door and the background jobs call it alike.
 * `serverSecret` keys the suppressions' hashes (`sessionSecretOf`): a restore recognises suppressed addresses by it.
 */
export class SiteArchiveService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly siteUrl: string,
    private readonly serverSecret: string,
  ) {}

  /**
   * Writes the archive to `output` and resolves once it is all written. Everything is read in one
   * read-only snapshot (REPEATABLE READ), so the archive is consistent while the site is being edited;
   * the lists in batches of `EXPORT_BATCH_SIZE` by id, each upload's bytes on their own as it is zipped.
   */
  async export(output: Writable, options: ExportOptions, onProgress?: OnArchiveProgress): Promise<ExportSummary> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    const streams = new Set<Readable>();
    try {
      await runner.query('START TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const sections = SITE_ARCHIVE_SECTIONS.filter(
        (section) => section !== 'contact_messages' || options.includeMessages,
      );
      if (!(await tableExists(runner, 'redirects'))) sections.splice(sections.indexOf('redirects'), 1);
      const summary = Object.fromEntries(
        [...SITE_ARCHIVE_SECTIONS, 'upload_bytes'].map((key) => [key, 0]),
      ) as ExportSummary;
      for (const section of sections) summary[section] = await countRows(runner, section);
      const total = sections.reduce((sum, section) => sum + summary[section], 0) + summary.uploads;
      let done = 0;
      const step = (count: number) => {
        done += count;
        onProgress?.({ done, total });
      };
      onProgress?.({ done, total });

      const exportedAt = new Date();
      const zip = new ZipFile();
      const written = new Promise<void>((resolve, reject) =>
        pipeline(zip.outputStream as Readable, output, (error) => (error ? reject(error) : resolve())),
      );
      // An output that fails or closes early (a download cancelled) stops the reads too.
      written.catch(() => {
        for (const stream of streams) stream.destroy();
      });
      const siteJson = Readable.from(
        siteJsonPieces(
          {
            format: SITE_ARCHIVE_FORMAT,
            version: SITE_ARCHIVE_VERSION,
            exported_at: exportedAt.toISOString(),
            site_url: this.siteUrl,
          },
          sections.map((section) => [section, this.batches(runner, section, step)]),
        ),
      );
      streams.add(siteJson);
      zip.addReadStream(siteJson, SITE_ARCHIVE_JSON, { mtime: exportedAt });
      // The uploads' names only (the bytes are read one upload at a time, as yazl reaches each).
      for await (const batch of keyset(runner, 'uploads', 'name')) {
        for (const name of batch.map((row) => row['name'] as string)) {
          zip.addReadStreamLazy(SITE_ARCHIVE_UPLOADS_DIR + name, { mtime: exportedAt, compress: false }, (callback) => {
            runner
              .query('SELECT content FROM uploads WHERE name = $1', [name])
              .then((rows: Array<{ content: Buffer }>) => {
                const bytes = rows[0]?.content ?? Buffer.alloc(0);
                summary.upload_bytes += bytes.length;
                step(1);
                const stream = Readable.from([bytes]);
                streams.add(stream);
                callback(null, stream);
              })
              .catch((error: unknown) => callback(error, Readable.from([])));
          });
        }
      }
      zip.end();
      await written;
      await runner.query('COMMIT');
      return summary;
    } finally {
      for (const stream of streams) stream.destroy();
      await runner.query('ROLLBACK').catch(() => undefined);
      await runner.release();
    }
  }

  /** The rows of a list of site.json, batch by batch, as the archive writes them. */
  private async *batches(runner: QueryRunner, section: SiteArchiveSection, step: (count: number) => void) {
    for await (const batch of keyset(runner, section, COLUMNS[section], keyOf(section), ROWS[section])) {
      step(batch.length);
      yield batch.map(asArchiveRow);
    }
  }

  /**
   * Restores the archive at `zipPath`. First everything is checked, writing nothing: the zip's entries
   * (names, sizes, ratios), every item of site.json against its schema and the references between
   * them, every upload's bytes against its size, SHA-256 and type. Only then is anything written, or
   * with `dryRun` only counted: uploads (byte for byte, a name the site has is kept), categories by
   * slug, posts each in a transaction of its own, slug history, redirects (when this site has the
   * table), About, general info and contact messages. A category or post whose slug the site has is
   * skipped, overwritten or kept both (the archive's gets a free slug, `slug-2`) as `mode` says.
   */
  async restore(
    zipPath: string,
    options: RestoreOptions,
    onProgress?: OnArchiveProgress,
  ): Promise<ArchiveRestoreReport> {
    const zip = await openArchiveZip(zipPath);
    try {
      const inventory = await this.inspect(zip);
      const links = new SubscriptionLinks(this.serverSecret);
      return await new Restore(this.dataSource, zip, inventory, options, links, onProgress).run();
    } finally {
      zip.close();
    }
  }

  /** Pass one: checks all of site.json and the uploads; answers what the archive holds. */
  private async inspect(zip: ArchiveZip): Promise<Inventory> {
    const inventory: Inventory = {
      counts: {},
      categoryIds: new Set(),
      postIds: new Set(),
      postSlugs: new Set(),
      projectIds: new Set(),
      serviceIds: new Set(),
      uploads: new Map(),
    };
    const header: Record<string, unknown> = {};
    const categorySlugs = new Set<string>();
    /** The categories' and posts' addresses (`languageKey`): a slug is unique in its language. */
    const categoryKeys = new Set<string>();
    const aboutLanguages = new Set<string>();
    const references: Array<[string, 'post' | 'category' | 'project' | 'service', number]> = [];
    const slugsOf = { projects: new Set<string>(), services: new Set<string>() };
    const subscriberEmails = new Set<string>();
    /** The archive's comments read so far: a reply's parent is a top-level one of its post or project, before it. */
    const comments = new Map<number, { subject: string; topLevel: boolean }>();
    const topicSlugs: Array<[string, string]> = [];
    await walkSiteJson(await zip.read(zip.siteJson), {
      header: (key, value) => {
        header[key] = value;
        // The format first, so that another file is refused as such rather than for its first item.
        if (key === 'format' || key === 'version') checkHeader(header, [key]);
      },
      item: (section, value, index) => {
        const item = parseItem(section, value, index);
        checkRichTextBounds(section, item, index);
        const at = `${section}[${index}]`;
        if (section === 'categories') {
          const category = item as Item<'categories'>;
          if (inventory.categoryIds.has(category.id)) throw invalid(`${at}.id`, 'is the id of another category too');
          const key = languageKey(category.language, category.slug);
          if (categoryKeys.has(key)) throw invalid(`${at}.slug`, 'is the slug of another category too');
          inventory.categoryIds.add(category.id);
          categoryKeys.add(key);
          categorySlugs.add(category.slug);
        } else if (section === 'posts') {
          const post = item as Item<'posts'>;
          if (inventory.postIds.has(post.id)) throw invalid(`${at}.id`, 'is the id of another post too');
          const key = languageKey(post.language, post.slug);
          if (inventory.postSlugs.has(key)) throw invalid(`${at}.slug`, 'is the slug of another post too');
          inventory.postIds.add(post.id);
          inventory.postSlugs.add(key);
          references.push([`${at}.category_id`, 'category', post.category_id]);
        } else if (section === 'projects' || section === 'services') {
          const record = item as Item<'projects'> | Item<'services'>;
          const key = languageKey(record.language, record.slug);
          if (slugsOf[section].has(key)) throw invalid(`${at}.slug`, `is the slug of another ${kindOf(section)} too`);
          slugsOf[section].add(key);
          if (section === 'projects') {
            const project = item as Item<'projects'>;
            if (inventory.projectIds.has(project.id)) throw invalid(`${at}.id`, 'is the id of another project too');
            inventory.projectIds.add(project.id);
            project.related_post_ids.forEach((id, n) => references.push([`${at}.related_post_ids.${n}`, 'post', id]));
            project.service_ids.forEach((id, n) => references.push([`${at}.service_ids.${n}`, 'service', id]));
          } else {
            const service = item as Item<'services'>;
            if (inventory.serviceIds.has(service.id)) throw invalid(`${at}.id`, 'is the id of another service too');
            inventory.serviceIds.add(service.id);
          }
        } else if (section === 'testimonials') {
          const row = item as Item<'testimonials'>;
          if (row.project_id !== null) references.push([`${at}.project_id`, 'project', row.project_id]);
        } else if (section === 'slug_history') {
          const row = item as Item<'slug_history'>;
          if (row.post_id !== null) references.push([`${at}.post_id`, 'post', row.post_id]);
          if (row.category_id !== null) references.push([`${at}.category_id`, 'category', row.category_id]);
          if (row.project_id !== null) references.push([`${at}.project_id`, 'project', row.project_id]);
        } else if (section === 'comments') {
          const comment = item as Item<'comments'>;
          if (comments.has(comment.id)) throw invalid(`${at}.id`, 'is the id of another comment too');
          if (comment.post_id !== null) references.push([`${at}.post_id`, 'post', comment.post_id]);
          if (comment.project_id !== null) references.push([`${at}.project_id`, 'project', comment.project_id]);
          const subject = comment.post_id === null ? `project ${comment.project_id}` : `post ${comment.post_id}`;
          if (comment.parent_id !== null) {
            const parent = comments.get(comment.parent_id);
            if (!parent?.topLevel || parent.subject !== subject) {
              throw invalid(`${at}.parent_id`, 'names no top-level comment of the same post or project before it');
            }
          }
          comments.set(comment.id, { subject, topLevel: comment.parent_id === null });
        } else if (section === 'about') {
          const language = (item as Item<'about'>).language ?? '';
          if (aboutLanguages.has(language))
            throw invalid(`${at}.language`, 'is the language of another About page too');
          aboutLanguages.add(language);
        } else if (section === 'subscribers') {
          const subscriber = item as Item<'subscribers'>;
          const email = subscriber.email.toLowerCase();
          if (subscriberEmails.has(email)) throw invalid(`${at}.email`, 'is the address of another subscriber too');
          subscriberEmails.add(email);
          subscriber.topics.forEach((slug, n) => topicSlugs.push([`${at}.topics.${n}`, slug]));
        } else if (section === 'uploads') {
          const upload = item as Item<'uploads'>;
          if (inventory.uploads.has(upload.name)) throw invalid(`${at}.name`, 'names another upload too');
          inventory.uploads.set(upload.name, upload);
        }
      },
      sectionEnd: (section, count) => {
        inventory.counts[section] = count;
      },
    });
    checkHeader(header, ['format', 'version', 'exported_at', 'site_url']);
    for (const section of REQUIRED_SECTIONS) {
      if (inventory.counts[section] === undefined) throw invalid(section, 'is missing');
    }
    for (const [at, kind, id] of references) {
      const known = {
        post: inventory.postIds,
        category: inventory.categoryIds,
        project: inventory.projectIds,
        service: inventory.serviceIds,
      }[kind];
      if (!known.has(id)) throw invalid(at, `names no ${kind} of the archive (${id})`);
    }
    for (const [at, slug] of topicSlugs) {
      if (!categorySlugs.has(slug)) throw invalid(at, `names no category of the archive (${slug})`);
    }
    await this.checkUploads(zip, inventory.uploads);
    return inventory;
  }

  /** Every listed upload is in the zip with its size, SHA-256 and image type; nothing else is. */
  private async checkUploads(zip: ArchiveZip, uploads: Map<string, ArchiveUpload>): Promise<void> {
    for (const name of zip.uploads.keys()) {
      if (!uploads.has(name))
        throw new SiteArchiveError(SITE_ARCHIVE_UPLOADS_DIR + name, 'is not listed in site.json uploads');
    }
    for (const upload of uploads.values()) {
      const file = SITE_ARCHIVE_UPLOADS_DIR + upload.name;
      const entry = zip.uploads.get(upload.name);
      if (!entry) throw new SiteArchiveError(file, 'is listed in site.json but missing from the zip');
      const hash = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      // An image is recognised by its first bytes; an audio clip (20 MB at most) by its frames and boxes.
      const audio = upload.content_type.startsWith('audio/');
      const whole: Buffer[] = [];
      for await (const chunk of await zip.read(entry)) {
        const bytes = chunk as Buffer;
        hash.update(bytes);
        size += bytes.length;
        if (audio && size <= UPLOAD_AUDIO_MAX_BYTES) whole.push(bytes);
        if (head.length < 64) head = Buffer.concat([head, bytes.subarray(0, 64 - head.length)]);
      }
      if (size !== upload.byte_size)
        throw new SiteArchiveError(file, `has ${size} bytes, not the ${upload.byte_size} listed`);
      if (hash.digest('hex') !== upload.sha256)
        throw new SiteArchiveError(file, 'does not match its SHA-256 in site.json');
      const audioExtension =
        audio && size <= UPLOAD_AUDIO_MAX_BYTES ? audioExtensionOf(Buffer.concat(whole)) : undefined;
      const extension = audio ? undefined : imageExtensionOf(head);
      const expected = audioExtension
        ? audioContentTypeOf(audioExtension)
        : extension
          ? contentTypeOf(extension)
          : undefined;
      if (expected !== upload.content_type) {
        throw new SiteArchiveError(
          file,
          `is not the ${upload.content_type} ${audio ? 'audio clip' : 'image'} site.json says it is`,
          'UNSUPPORTED_MEDIA_TYPE',
        );
      }
    }
  }
}

/** What pass one found: enough to remap ids and pick free slugs, never the posts themselves. */
interface Inventory {
  counts: Partial<Record<SiteArchiveSection, number>>;
  categoryIds: Set<number>;
  postIds: Set<number>;
  /** The posts' addresses (`languageKey`). */
  postSlugs: Set<string>;
  projectIds: Set<number>;
  serviceIds: Set<number>;
  uploads: Map<string, ArchiveUpload>;
}

const zeroCounts = (): ArchiveRestoreCounts => ({
  categories: 0,
  posts: 0,
  projects: 0,
  services: 0,
  testimonials: 0,
  slug_history: 0,
  comments: 0,
  redirects: 0,
  about: 0,
  general_info: 0,
  contact_messages: 0,
  subscribers: 0,
  suppressions: 0,
  uploads: 0,
});

/** Pass two of one restore: its state (ids remapped, slugs taken) and its report. */
class Restore {
  private readonly report: ArchiveRestoreReport;
  private readonly store: UploadStore;
  private readonly categoryIds = new Map<number, number>();
  /** The archive's category slugs and their ids here: a subscriber's topics. */
  private readonly categoryIdsBySlug = new Map<string, number>();
  /** The hashes of the archive's suppressions (a dry run writes none but counts as if it had). */
  private readonly suppressed = new Set<string>();
  private readonly postIds = new Map<number, number>();
  /** The archive's comment ids and theirs here: a reply's parent. */
  private readonly commentIds = new Map<number, number>();
  private readonly projectIds = new Map<number, number>();
  private readonly serviceIds = new Map<number, number>();
  /** Archive ids of the records written (created, overwritten, kept both): their slug history follows them. */
  private readonly written = { post: new Set<number>(), category: new Set<number>(), project: new Set<number>() };
  private done = 0;
  private readonly total: number;
  /** The language of what an archive before version 5 holds: the site's default (read when the restore starts). */
  private defaultLanguage: Language = DEFAULT_LANGUAGE;
  /**
   * The archive's translation groups and theirs here: the same group, but anew when keeping both (the
   * copies beside the site's records are versions of each other, not of the site's).
   */
  private readonly groups = new Map<string, string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly zip: ArchiveZip,
    private readonly inventory: Inventory,
    private readonly options: RestoreOptions,
    private readonly links: SubscriptionLinks,
    private readonly onProgress?: OnArchiveProgress,
  ) {
    this.store = new UploadStore(dataSource);
    this.report = {
      mode: options.mode,
      dry_run: options.dryRun,
      created: zeroCounts(),
      skipped: zeroCounts(),
      overwritten: zeroCounts(),
      items: [],
      skipped_uploads: [],
      failed: [],
      warnings: [],
    };
    this.total = Object.values(inventory.counts).reduce((sum, count) => sum + count, 0);
  }

  async run(): Promise<ArchiveRestoreReport> {
    this.onProgress?.({ done: 0, total: this.total });
    const [site] = (await this.dataSource.query(
      'SELECT default_language FROM general_info ORDER BY id LIMIT 1',
    )) as Array<{ default_language: Language }>;
    this.defaultLanguage = site?.default_language ?? DEFAULT_LANGUAGE;
    await this.restoreUploads();
    // Each list in an order that has what it refers to written first, whatever the order in the file.
    await this.walk('categories', await this.categoriesBySlug(), (category, existing) =>
      this.restoreCategory(category, existing),
    );
    const posts = await this.postsBySlug();
    await this.walk('posts', posts, (post, existing) => this.restorePost(post, existing));
    await this.walk(
      'services',
      await this.keysOf(`SELECT id, ${LANGUAGE_KEY_SQL} AS key FROM services`),
      (service, existing) => this.restoreService(service, existing),
    );
    // A trashed project's slug is free (the trash keeps it apart), as a post's.
    await this.walk(
      'projects',
      await this.keysOf(`SELECT id, ${LANGUAGE_KEY_SQL} AS key FROM projects WHERE ${NOT_TRASHED}`),
      (project, existing) => this.restoreProject(project, existing),
    );
    await this.walk('slug_history', null, (row) => this.restoreSlugHistory(row));
    await this.walk('comments', null, (row) => this.restoreComment(row));
    await this.walk(
      'testimonials',
      await this.keysOf(`SELECT id, ${TESTIMONIAL_KEY_SQL} AS key FROM testimonials`),
      (testimonial, existing) => this.restoreTestimonial(testimonial, existing),
    );
    const redirects = await tableExists(this.dataSource, 'redirects');
    if (!redirects && this.inventory.counts.redirects) {
      this.report.warnings.push(
        `${this.inventory.counts.redirects} redirects not restored: this site keeps no redirects`,
      );
    }
    if (redirects) await this.walk('redirects', null, (row, _none, index) => this.restoreRedirect(row, index));
    await this.walk('about', null, (row) => this.restoreAbout(row));
    await this.walk('general_info', null, (row) => this.restoreGeneralInfo(row));
    await this.walk('contact_messages', null, (row) => this.restoreMessage(row));
    // Suppressions before subscribers: an address suppressed in either is never added back.
    await this.walk('suppressions', await this.subscribersByHash(), (row, here) => this.restoreSuppression(row, here));
    await this.walk('subscribers', null, (row) => this.restoreSubscriber(row));
    return this.report;
  }

  private step(): void {
    this.onProgress?.({ done: ++this.done, total: this.total });
  }

  /** Reads one list of site.json again (checked in pass one) and hands each item on. */
  private async walk<S extends SiteArchiveSection, E>(
    section: S,
    existing: E,
    restore: (item: Item<S>, existing: E, index: number) => Promise<void>,
  ): Promise<void> {
    if (!this.inventory.counts[section]) return;
    await walkSiteJson(
      await this.zip.read(this.zip.siteJson),
      {
        item: async (_section, value, index) => {
          await restore(parseItem(section, value, index) as Item<S>, existing, index);
          this.step();
        },
      },
      new Set([section]),
    );
  }

  private async restoreUploads(): Promise<void> {
    const names = [...this.inventory.uploads.keys()];
    const stored = new Set<string>();
    for (let start = 0; start < names.length; start += EXPORT_BATCH_SIZE) {
      for (const name of await this.store.storedNames(names.slice(start, start + EXPORT_BATCH_SIZE))) stored.add(name);
    }
    for (const upload of this.inventory.uploads.values()) {
      // A name never changes content (served as immutable): the site's own file of that name is kept.
      let added = !stored.has(upload.name);
      if (added && !this.options.dryRun) {
        const entry = this.zip.uploads.get(upload.name);
        if (!entry) throw new SiteArchiveError(SITE_ARCHIVE_UPLOADS_DIR + upload.name, 'is missing from the zip');
        const chunks: Buffer[] = [];
        for await (const chunk of await this.zip.read(entry)) chunks.push(chunk as Buffer);
        added =
          upload.width === null || upload.height === null
            ? await this.store.insertAudioIfAbsent(upload.name, Buffer.concat(chunks), upload.content_type)
            : await this.store.insertIfAbsent({
                name: upload.name,
                bytes: Buffer.concat(chunks),
                contentType: upload.content_type,
                width: upload.width,
                height: upload.height,
              });
      }
      if (added) this.report.created.uploads++;
      else {
        this.report.skipped.uploads++;
        this.report.skipped_uploads.push(upload.name);
      }
      this.step();
    }
  }

  /** The site's categories by their address (`languageKey`). */
  private async categoriesBySlug(): Promise<Map<string, number>> {
    return this.keysOf(`SELECT id, ${LANGUAGE_KEY_SQL} AS key FROM categories`);
  }

  /** The site's posts by their address (`languageKey`). */
  private async postsBySlug(): Promise<Map<string, number>> {
    // A trashed post's slug is free (the trash keeps it apart): an archived post may take it.
    return this.keysOf(`SELECT id, ${LANGUAGE_KEY_SQL} AS key FROM posts WHERE deleted_at IS NULL`);
  }

  /** What the archive's record is written in: its language, or the site's default (an archive before version 5). */
  private languageOf(record: { language?: Language }): Language {
    return record.language ?? this.defaultLanguage;
  }

  /** The translation group here of the archive's `group`. */
  private groupOf(group: string | null): string | null {
    if (group === null || this.options.mode !== 'keep_both') return group;
    const here = this.groups.get(group) ?? randomUUID();
    this.groups.set(group, here);
    return here;
  }

  private async restoreCategory(category: Item<'categories'>, existing: Map<string, number>): Promise<void> {
    const language = this.languageOf(category);
    const found = existing.get(languageKey(language, category.slug));
    const action = found === undefined ? 'create' : this.options.mode;
    const slug =
      action === 'keep_both'
        ? freeSlug(category.slug, (candidate) => existing.has(languageKey(language, candidate)))
        : category.slug;
    const item: ArchiveRestoreItem = { kind: 'category', slug: category.slug, action };
    if (slug !== category.slug) item.restored_as = slug;
    this.report.items.push(item);
    if (action === 'skip') {
      this.categoryIds.set(category.id, found as number);
      this.categoryIdsBySlug.set(category.slug, found as number);
      this.report.skipped.categories++;
      return;
    }
    let id = found ?? -category.id;
    if (!this.options.dryRun) {
      const { name, description, subscribable, created_at, updated_at } = category;
      const translation_group = this.groupOf(category.translation_group);
      const columns = { name, slug, description, subscribable, language, translation_group };
      if (action === 'overwrite') {
        await replaceCategory(this.dataSource.manager, found as number, { ...columns, updated_at }, RESTORE_ORIGIN);
      } else {
        id = await insertCategory(this.dataSource.manager, { ...columns, created_at, updated_at }, RESTORE_ORIGIN);
      }
    }
    existing.set(languageKey(language, slug), id);
    this.categoryIds.set(category.id, id);
    this.categoryIdsBySlug.set(category.slug, id);
    this.written.category.add(category.id);
    if (action === 'overwrite') this.report.overwritten.categories++;
    else this.report.created.categories++;
  }

  /** One post, in a transaction of its own: written whole or not at all. */
  private async restorePost(post: Item<'posts'>, existing: Map<string, number>): Promise<void> {
    const language = this.languageOf(post);
    const key = (slug: string) => languageKey(language, slug);
    const found = existing.get(key(post.slug));
    const action = found === undefined ? 'create' : this.options.mode;
    const taken = (candidate: string) =>
      existing.has(key(candidate)) || this.inventory.postSlugs.has(key(candidate)) || isReservedPostSlug(candidate);
    // A slug that became a route of the site since the archive was written moves aside, as the migration that reserved it did.
    const reserved = isReservedPostSlug(post.slug);
    const slug = action === 'keep_both' || reserved ? freeSlug(post.slug, taken) : post.slug;
    const item: ArchiveRestoreItem = { kind: 'post', slug: post.slug, action };
    if (slug !== post.slug) item.restored_as = slug;
    if (action === 'skip') {
      this.report.items.push(item);
      this.postIds.set(post.id, found as number);
      this.report.skipped.posts++;
      return;
    }
    let id = found ?? -post.id;
    if (!this.options.dryRun) {
      try {
        const columns = {
          ...postColumns(post, this.categoryIds.get(post.category_id) as number, slug),
          language,
          translation_group: this.groupOf(post.translation_group),
        };
        id = await this.dataSource.transaction(async (manager) => {
          if (action !== 'overwrite') {
            const inserted = await insertPost(manager, preparePost(columns), RESTORE_ORIGIN);
            // Its old address leads to it (301) until the route's page is built.
            if (reserved) {
              await addOldSlug(manager, 'post_id', inserted, post.slug, new Date().toISOString(), language);
            }
            return inserted;
          }
          await replacePost(manager, found as number, preparePost(columns), RESTORE_ORIGIN);
          return found as number;
        });
      } catch (error) {
        item.action = 'fail';
        this.report.items.push(item);
        this.report.failed.push({ item: `post ${post.slug}`, reason: failureReason(error) });
        return;
      }
    }
    this.report.items.push(item);
    existing.set(key(slug), id);
    this.postIds.set(post.id, id);
    this.written.post.add(post.id);
    if (action === 'overwrite') this.report.overwritten.posts++;
    else this.report.created.posts++;
  }

  /**
   * A comment of a post or project this restore wrote (one skipped keeps the site's thread), with its state,
   * marks and dates; one it has already (the same writer, text and time: an archive restored twice, a post
   * overwritten) is skipped, and so is a reply whose comment was not restored.
   */
  private async restoreComment(row: Item<'comments'>): Promise<void> {
    const [column, archiveSubjectId, written, ids] =
      row.project_id === null
        ? (['post_id', row.post_id as number, this.written.post, this.postIds] as const)
        : (['project_id', row.project_id, this.written.project, this.projectIds] as const);
    const subjectId = ids.get(archiveSubjectId);
    const parentId = row.parent_id === null ? null : this.commentIds.get(row.parent_id);
    if (!written.has(archiveSubjectId) || subjectId === undefined || parentId === undefined) {
      this.report.skipped.comments++;
      return;
    }
    const [found] = (await this.dataSource.query(
      `SELECT id FROM comments WHERE ${column} = $1 AND author_email = $2 AND body = $3 AND created_at = $4`,
      [subjectId, row.author_email, row.body, row.created_at],
    )) as Array<{ id: number }>;
    if (found) {
      this.commentIds.set(row.id, found.id);
      this.report.skipped.comments++;
      return;
    }
    const { id: archiveId, post_id: _post, project_id: _project, parent_id: _parent, ...columns } = row;
    const id = this.options.dryRun
      ? -archiveId
      : await insertImportedComment(this.dataSource.manager, {
          ...columns,
          post_id: column === 'post_id' ? subjectId : null,
          project_id: column === 'project_id' ? subjectId : null,
          parent_id: parentId,
        });
    this.commentIds.set(archiveId, id);
    this.report.created.comments++;
  }

  /** An old slug of a record this restore wrote, pointing at its id here; an old slug the site uses already is kept. */
  private async restoreSlugHistory(row: Item<'slug_history'>): Promise<void> {
    const [owner, archiveId, written, ids] = this.slugOwnerOf(row);
    const id = ids.get(archiveId);
    if (!written.has(archiveId) || id === undefined) {
      this.report.skipped.slug_history++;
      return;
    }
    const manager = this.dataSource.manager;
    const language = this.languageOf(row);
    const created = this.options.dryRun
      ? !(await oldSlugTaken(manager, owner, row.slug, language))
      : await addOldSlug(manager, owner, id, row.slug, row.created_at, language);
    if (created) this.report.created.slug_history++;
    else this.report.skipped.slug_history++;
  }

  private slugOwnerOf(row: Item<'slug_history'>): [SlugOwnerColumn, number, Set<number>, Map<number, number>] {
    if (row.post_id !== null) return ['post_id', row.post_id, this.written.post, this.postIds];
    if (row.project_id !== null) return ['project_id', row.project_id, this.written.project, this.projectIds];
    return ['category_id', row.category_id as number, this.written.category, this.categoryIds];
  }

  /** The site's records of a table by their key (a slug): what an archived record of the same key meets. */
  private async keysOf(sql: string): Promise<Map<string, number>> {
    const rows = (await this.dataSource.query(sql)) as Array<{ id: number; key: string }>;
    return new Map(rows.map((row) => [row.key, row.id]));
  }

  /**
   * A project, service or testimonial, as `mode` says when the site has one of its key: `write` writes it
   * (over `found` when overwriting) under `key` (a free slug when keeping both) and answers its id here.
   * A project's and a service's key is their slug in `language` (`languageKey`). The report names it by
   * `name` (its slug, a testimonial's person). A write that fails is reported, the others go on.
   */
  private async restoreRecord(
    kind: 'project' | 'service' | 'testimonial',
    key: string,
    existing: Map<string, number>,
    write: (key: string, found: number | undefined) => Promise<number>,
    name = key,
    language?: Language,
  ): Promise<number | undefined> {
    const keyOf = (candidate: string) => (language ? languageKey(language, candidate) : candidate);
    const found = existing.get(keyOf(key));
    const action = found === undefined ? 'create' : this.options.mode;
    const section = `${kind}s` as const;
    // A testimonial has no slug: keeping both is adding it again.
    const restoredAs =
      action === 'keep_both' && kind !== 'testimonial'
        ? freeSlug(key, (candidate) => existing.has(keyOf(candidate)))
        : key;
    const item: ArchiveRestoreItem = { kind, slug: name, action };
    if (restoredAs !== key) item.restored_as = restoredAs;
    this.report.items.push(item);
    if (action === 'skip') {
      this.report.skipped[section]++;
      return found;
    }
    let id = found ?? -1;
    if (!this.options.dryRun) {
      try {
        id = await write(restoredAs, action === 'overwrite' ? found : undefined);
      } catch (error) {
        item.action = 'fail';
        this.report.failed.push({ item: `${kind} ${name}`, reason: failureReason(error) });
        return undefined;
      }
    }
    existing.set(keyOf(restoredAs), id);
    if (action === 'overwrite') this.report.overwritten[section]++;
    else this.report.created[section]++;
    return id;
  }

  /**
   * One project through its writer (the rich-text policy, versions, slug history); its related posts and the
   * services it used as restored here (one that failed to restore is left out).
   */
  private async restoreProject(project: Item<'projects'>, existing: Map<string, number>): Promise<void> {
    const { id: archiveId, related_post_ids, service_ids, published_at, created_at, updated_at, ...fields } = project;
    const language = this.languageOf(project);
    const write = (slug: string, found: number | undefined) => {
      const columns = prepareProject({
        ...fields,
        slug,
        language,
        translation_group: this.groupOf(project.translation_group),
        related_post_ids: related_post_ids.flatMap((postId) => this.postIds.get(postId) ?? []),
        published_at: published_at === null ? null : new Date(published_at),
        created_at: new Date(created_at),
        updated_at: new Date(updated_at),
      });
      const serviceIds = service_ids.flatMap((serviceId) => this.serviceIds.get(serviceId) ?? []);
      if (found === undefined) return insertProject(this.dataSource.manager, columns, serviceIds, RESTORE_ORIGIN);
      return replaceProject(this.dataSource.manager, found, columns, serviceIds, RESTORE_ORIGIN).then(() => found);
    };
    const id = await this.restoreRecord('project', project.slug, existing, write, project.slug, language);
    if (id === undefined) return;
    this.projectIds.set(archiveId, id);
    this.written.project.add(archiveId);
  }

  private async restoreService(service: Item<'services'>, existing: Map<string, number>): Promise<void> {
    const { id: archiveId, ...fields } = service;
    const language = this.languageOf(service);
    const columns = { ...fields, language, translation_group: this.groupOf(service.translation_group) };
    const id = await this.restoreRecord(
      'service',
      service.slug,
      existing,
      (slug, found) => this.writeVersioned(ServiceEntity, { ...columns, slug }, found),
      service.slug,
      language,
    );
    if (id !== undefined) this.serviceIds.set(archiveId, id);
  }

  /** A testimonial is the same as one of the site when it quotes the same person saying the same. */
  private async restoreTestimonial(testimonial: Item<'testimonials'>, existing: Map<string, number>): Promise<void> {
    const { id: _id, project_id, ...columns } = testimonial;
    const projectId = project_id === null ? null : (this.projectIds.get(project_id) ?? null);
    await this.restoreRecord(
      'testimonial',
      testimonialKey(testimonial),
      existing,
      (_key, found) =>
        this.writeVersioned(
          TestimonialEntity,
          {
            ...columns,
            project_id: projectId,
            language: this.languageOf(testimonial),
            translation_group: this.groupOf(testimonial.translation_group),
          },
          found,
        ),
      testimonial.name,
    );
  }

  /** A service or testimonial through the versions' write path, as its domain's service writes it. */
  private async writeVersioned<Entity extends ServiceEntity | TestimonialEntity>(
    entity: new () => Entity,
    columns: Omit<Item<'services'>, 'id'> | Omit<Item<'testimonials'>, 'id'>,
    found: number | undefined,
  ): Promise<number> {
    const manager = this.dataSource.manager;
    const row = columns as unknown as Parameters<typeof insertVersion<Entity>>[2];
    if (found === undefined) return insertVersion(manager, entity, row, RESTORE_ORIGIN);
    await updateVersion(manager, entity, found, row, RESTORE_ORIGIN);
    return found;
  }

  /**
   * A redirect is checked as the Redirects screen's (`checkRedirect`): one leading off the site or
   * from an address of the site itself is skipped and reported, naming its row.
   */
  private async restoreRedirect(row: Item<'redirects'>, index: number): Promise<void> {
    const { fields, reason } = checkRedirect({
      from_path: row.from_path,
      to_path: row.to_path,
      status_code: row.status_code as RedirectInput['status_code'],
    });
    if (!fields) {
      this.report.skipped.redirects++;
      this.report.warnings.push(`redirects[${index}].${reason}: the redirect from ${row.from_path} is skipped`);
      return;
    }
    const [found] = (await this.dataSource.query('SELECT 1 FROM redirects WHERE from_path = $1', [
      fields.from_path,
    ])) as unknown[];
    const values = [fields.from_path, fields.to_path, fields.status_code, row.hits, row.last_hit_at, row.source];
    if (!found) {
      if (!this.options.dryRun) {
        await this.dataSource.query(
          `INSERT INTO redirects (${COLUMNS.redirects}) VALUES ($1, $2, $3, $4, $5, $6)`,
          values,
        );
      }
      this.report.created.redirects++;
    } else if (this.options.mode === 'overwrite') {
      if (!this.options.dryRun) {
        await this.dataSource.query(
          'UPDATE redirects SET to_path = $2, status_code = $3, hits = $4, last_hit_at = $5, source = $6 WHERE from_path = $1',
          values,
        );
      }
      this.report.overwritten.redirects++;
    } else {
      // One path redirects one way: keeping both is keeping the site's.
      this.report.skipped.redirects++;
    }
  }

  /** An About page: one per language; the site's of that language is kept unless overwriting. */
  private async restoreAbout(row: Item<'about'>): Promise<void> {
    const language = this.languageOf(row);
    const [found] = (await this.dataSource.query('SELECT id FROM about WHERE language = $1', [language])) as Array<{
      id: number;
    }>;
    await this.restoreRecordOnce('about', found, async (manager) => {
      const about = prepareAbout({ ...row, language });
      if (found) await replaceAbout(manager, found.id, about, RESTORE_ORIGIN);
      else await insertAbout(manager, about, RESTORE_ORIGIN);
    });
  }

  /**
   * General info: one record; the site's is kept unless overwriting. An archive before version 5 leaves
   * the site's languages as they are.
   */
  private async restoreGeneralInfo(row: Item<'general_info'>): Promise<void> {
    const [found] = (await this.dataSource.query('SELECT id FROM general_info ORDER BY id LIMIT 1')) as Array<{
      id: number;
    }>;
    await this.restoreRecordOnce('general_info', found, async (manager) => {
      if (found) await replaceGeneralInfo(manager, found.id, row, RESTORE_ORIGIN);
      else await insertGeneralInfo(manager, row, RESTORE_ORIGIN);
    });
  }

  /** Writes a record the site has one of (`found`) only when overwriting, and counts it. */
  private async restoreRecordOnce(
    table: 'about' | 'general_info',
    found: { id: number } | undefined,
    write: (manager: EntityManager) => Promise<void>,
  ): Promise<void> {
    if (found && this.options.mode !== 'overwrite') {
      this.report.skipped[table]++;
      return;
    }
    if (!this.options.dryRun) await write(this.dataSource.manager);
    if (found) this.report.overwritten[table]++;
    else this.report.created[table]++;
  }

  /** A message the site has (same sender, text and time) is not added twice. */
  private async restoreMessage(row: Item<'contact_messages'>): Promise<void> {
    const [found] = (await this.dataSource.query(
      'SELECT 1 FROM contact_messages WHERE email = $1 AND message = $2 AND created_at = $3',
      [row.email, row.message, row.created_at],
    )) as unknown[];
    if (found) {
      this.report.skipped.contact_messages++;
      return;
    }
    if (!this.options.dryRun) {
      await this.dataSource.query(
        `INSERT INTO contact_messages (${COLUMNS.contact_messages}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          row.name,
          row.email,
          row.phone,
          row.message,
          row.read_at,
          row.topic_kind,
          row.topic_slug,
          row.topic_title,
          row.source_path,
          row.visit_source,
          row.visit_source_name,
          row.created_at,
          row.updated_at,
        ],
      );
    }
    this.report.created.contact_messages++;
  }
  /** The site's subscribers by the hash of their address: the ones a restored suppression removes. */
  private async subscribersByHash(): Promise<Map<string, number>> {
    const rows = (await this.dataSource.query('SELECT id, email FROM subscribers')) as Array<{
      id: number;
      email: string;
    }>;
    return new Map(rows.map((row) => [this.links.suppressionHash(row.email), row.id]));
  }

  /**
   * A suppression the site lacks is added, and the site's subscriber of that address (if any) goes, as
   * a suppression here deletes it: never mailed again. One the site has is kept.
   */
  private async restoreSuppression(row: Item<'suppressions'>, subscribers: Map<string, number>): Promise<void> {
    this.suppressed.add(row.email_hash);
    let added: boolean;
    if (this.options.dryRun) {
      added = !(await this.isSuppressedHere(row.email_hash));
    } else {
      added = await this.dataSource.transaction(async (manager) => {
        const inserted = (await manager.query(
          `INSERT INTO suppressions (${COLUMNS.suppressions}) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (email_hash) DO NOTHING RETURNING 1`,
          [row.email_hash, row.email_hint, row.reason, row.detail, row.confirmed_at, row.created_at],
        )) as unknown[];
        const subscriber = subscribers.get(row.email_hash);
        if (inserted.length > 0 && subscriber !== undefined) {
          await manager.query('DELETE FROM subscribers WHERE id = $1', [subscriber]);
        }
        return inserted.length > 0;
      });
    }
    if (added) this.report.created.suppressions++;
    else this.report.skipped.suppressions++;
  }

  /**
   * A subscriber with their consent record and topics (the archive's categories as restored here). Never
   * one whose address is suppressed here or in the archive, and a subscriber the site has (the same
   * address) is kept as it is whatever the mode: their own choices made since stand.
   */
  private async restoreSubscriber(row: Item<'subscribers'>): Promise<void> {
    const hash = this.links.suppressionHash(row.email);
    const [found] = (await this.dataSource.query('SELECT 1 FROM subscribers WHERE lower(email) = lower($1)', [
      row.email,
    ])) as unknown[];
    if (found || this.suppressed.has(hash) || (await this.isSuppressedHere(hash))) {
      this.report.skipped.subscribers++;
      return;
    }
    if (!this.options.dryRun) {
      const topics = row.topics.flatMap((slug) => this.categoryIdsBySlug.get(slug) ?? []);
      await this.dataSource.transaction(async (manager) => {
        const [{ id }] = (await manager.query(
          `INSERT INTO subscribers (email, name, state, digest, consent_source, consent_at, consent_note,
             confirmed_at, digest_sent_at, language, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
          [
            row.email,
            row.name,
            row.state,
            row.digest,
            row.consent_source,
            row.consent_at,
            row.consent_note,
            row.confirmed_at,
            row.digest_sent_at,
            this.languageOf(row),
            row.created_at,
            row.updated_at,
          ],
        )) as Array<{ id: number }>;
        await manager.query('INSERT INTO subscriber_categories SELECT $1, unnest($2::int[])', [id, topics]);
      });
    }
    this.report.created.subscribers++;
  }

  private async isSuppressedHere(hash: string): Promise<boolean> {
    const rows = (await this.dataSource.query('SELECT 1 FROM suppressions WHERE email_hash = $1', [hash])) as unknown[];
    return rows.length > 0;
  }
}

/** A testimonial's key, in SQL and for an archived one alike: the person and the quote. */
const TESTIMONIAL_KEY_SQL = `name || E'\\n' || quote`;
const testimonialKey = (testimonial: Item<'testimonials'>) => `${testimonial.name}\n${testimonial.quote}`;

const kindOf = (section: 'projects' | 'services') => section.slice(0, -1);

/** An archived post's columns as this site writes them: with its category here and the slug it is restored as. */
function postColumns(post: Item<'posts'>, categoryId: number, slug: string): PostColumns {
  return {
    category_id: categoryId,
    title: post.title,
    slug,
    content: post.content,
    short_content: post.short_content,
    thumbnail: post.thumbnail,
    thumbnail_alt: post.thumbnail_alt,
    meta_title: post.meta_title,
    meta_description: post.meta_description,
    meta_keywords: post.meta_keywords,
    status: post.status,
    published_at: post.published_at,
    color: post.color,
    price: post.price,
    comments_open: post.comments_open,
    created_at: post.created_at,
    updated_at: post.updated_at,
  };
}

/** A post's or category's address in an archive or here: its slug in its language (absent: ''). */
function languageKey(language: string | undefined, slug: string): string {
  return `${language ?? ''}:${slug}`;
}
const LANGUAGE_KEY_SQL = `language || ':' || slug`;

/** `slug-2`, `slug-3` ...: the first one not taken, cut to fit the slug length. */
export function freeSlug(slug: string, taken: (candidate: string) => boolean): string {
  for (let n = 2; ; n++) {
    const candidate = numberedSlug(slug, n);
    if (!taken(candidate)) return candidate;
  }
}

function parseItem(section: SiteArchiveSection, value: unknown, index: number): unknown {
  const result = ITEM_SCHEMAS[section].safeParse(value);
  if (!result.success) {
    const [issue] = result.error.issues;
    const path = [`${section}[${index}]`, ...issue.path.map(String)].join('.');
    throw invalid(path, issue.message);
  }
  return result.data;
}

/**
 * Pass one's check of an item's rich text: too deep or too large to be sanitised quickly refuses the archive
 * before anything is written. Pass two leaves it to the records' writers, whose sanitiser scans it again.
 */
/** The rich-text fields of the archive's records: a post's, About's and a project's case study. */
const RICH_TEXT_FIELDS = ['content', 'short_content', 'problem', 'approach', 'outcome'] as const;

function checkRichTextBounds(section: SiteArchiveSection, item: unknown, index: number): void {
  for (const field of RICH_TEXT_FIELDS) {
    const html = (item as Partial<Record<typeof field, string>>)[field];
    const problem = html === undefined ? null : richTextBoundsProblem(html);
    if (problem) throw invalid(`${section}[${index}].${field}`, problem);
  }
}

function checkHeader(header: Record<string, unknown>, keys: Array<keyof typeof HEADER_SCHEMA.shape>): void {
  for (const key of keys) {
    const result = HEADER_SCHEMA.shape[key].safeParse(header[key]);
    if (!result.success) {
      throw invalid(
        key,
        header[key] === undefined ? 'is missing: this is not a site archive' : result.error.issues[0].message,
      );
    }
  }
}

const invalid = (path: string, reason: string) => new SiteArchiveError(SITE_ARCHIVE_JSON, `${path} ${reason}`);

function failureReason(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === '23505') return 'its slug was taken meanwhile';
  return 'it could not be written';
}

/** The column a list is read in order of (and resumed after). */
function keyOf(section: SiteArchiveSection): string {
  if (section === 'redirects') return 'from_path';
  return section === 'suppressions' ? 'email_hash' : 'id';
}

/** A table's rows `EXPORT_BATCH_SIZE` at a time, in order of `key`, each batch resuming after the last. */
async function* keyset(
  runner: QueryRunner,
  table: string,
  columns: string,
  key = 'id',
  where = 'true',
): AsyncGenerator<Array<Record<string, unknown>>> {
  let after: number | string = key === 'id' ? 0 : '';
  for (;;) {
    const rows = (await runner.query(
      `SELECT ${columns}, ${key} AS "archiveKey" FROM ${table} WHERE ${key} > $1 AND (${where}) ORDER BY ${key} LIMIT ${EXPORT_BATCH_SIZE}`,
      [after],
    )) as Array<Record<string, unknown>>;
    if (rows.length === 0) return;
    after = rows[rows.length - 1]['archiveKey'] as number | string;
    for (const row of rows) delete row['archiveKey'];
    yield rows;
    if (rows.length < EXPORT_BATCH_SIZE) return;
  }
}

/** Dates as ISO 8601 text, as site.json has them. */
function asArchiveRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

async function countRows(runner: QueryRunner, section: SiteArchiveSection): Promise<number> {
  const [{ count }] = (await runner.query(
    `SELECT count(*)::int AS count FROM ${section} WHERE ${ROWS[section] ?? 'true'}`,
  )) as Array<{ count: number }>;
  return count;
}

async function tableExists(
  queryable: Pick<EntityManager | QueryRunner | DataSource, 'query'>,
  table: string,
): Promise<boolean> {
  const [{ found }] = (await queryable.query('SELECT to_regclass($1) IS NOT NULL AS found', [table])) as Array<{
    found: boolean;
  }>;
  return found;
}
