import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataSource, EntityManager } from 'typeorm';
import {
  DEFAULT_LANGUAGE,
  POST_STATUS,
  projectInputSchema,
  serviceInputSchema,
  testimonialInputSchema,
} from '@blog/contracts';
import { type AppConfig } from '@blog/api/core';
import { hashPassword } from '@blog/api/security';
import {
  ADVISORY_LOCKS,
  AboutEntity,
  CategoryEntity,
  GeneralInfoEntity,
  insertVersion,
  PostEntity,
  ProjectEntity,
  ServiceEntity,
  TestimonialEntity,
  UserEntity,
  type ChangeOrigin,
} from '@blog/api/data';
import { insertAbout, prepareAbout } from '@blog/api/about';
import { insertCategory } from '@blog/api/categories';
import { insertPost, preparePost } from '@blog/api/posts';
import { insertProject, prepareProject } from '@blog/api/projects';
import { insertGeneralInfo } from '@blog/api/site-info';
import { imageFromFile, UploadStore } from '@blog/api/upload-storage';
import { demoAboutContent, demoAboutContentVi, demoCategories, demoGeneralInfo, demoPosts } from './demo-content';
import { demoProjects, demoServices, demoTestimonials } from './demo-portfolio';

export interface SeedOptions {
  /** The first administrator, created only when no user exists. */
  admin: { email: string; name: string; password?: string };
  /** Demo categories, posts, portfolio (projects, services, testimonials), About and General info on an empty site. */
  demo: boolean;
  /** Folder holding the demo images (stored as uploads, in PostgreSQL). */
  assetsDir: string;
  hashPassword: (password: string) => Promise<string>;
  log: (message: string) => void;
  /** Fixed "now" for the demo dates (tests). */
  now?: Date;
}

export interface SeedReport {
  adminCreated: boolean;
  /** Set only when the password was generated here; it is shown once and never stored in clear. */
  generatedPassword?: string;
  demoCreated: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Who the demo content is by: no user, and no door of its own, so it reads as the rows that no door
 * wrote ('rest', the versions' column default).
 */
const SEED_ORIGIN: ChangeOrigin = { via: 'rest', user_id: null, session: null };

/**
 * Fills an empty database: the first administrator, then (optionally) the demo site.
 * Each part is created only when its tables are empty, so existing data is never
 * overwritten or duplicated, however often this runs.
 */
export async function seedDatabase(dataSource: DataSource, options: SeedOptions): Promise<SeedReport> {
  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.seed]);
    const report: SeedReport = { adminCreated: false, demoCreated: false };

    if ((await manager.count(UserEntity)) === 0) {
      const password = options.admin.password || randomBytes(12).toString('base64url');
      await manager.insert(UserEntity, {
        email: options.admin.email.trim().toLowerCase(),
        name: options.admin.name,
        password_hash: await options.hashPassword(password),
        is_admin: true,
      });
      report.adminCreated = true;
      if (!options.admin.password) {
        report.generatedPassword = password;
        options.log(
          `Created the administrator ${options.admin.email} with the password ${password}\n` +
            '  (shown only this once: sign in and change it, or set ADMIN_EMAIL / ADMIN_PASSWORD on a new database)',
        );
      } else {
        options.log(`Created the administrator ${options.admin.email}`);
      }
    }

    if (options.demo) {
      report.demoCreated = await seedDemo(manager, options);
    }
    return report;
  });
}

async function seedDemo(manager: EntityManager, options: SeedOptions): Promise<boolean> {
  const now = options.now ?? new Date();
  let created = false;

  const emptyContent = (await manager.count(CategoryEntity)) === 0 && (await manager.count(PostEntity)) === 0;
  if (emptyContent) {
    // Through the records' writers, as every save: the rich-text policy, versions, who wrote them.
    const categoryId = new Map<string, number>();
    const categoryGroups = translationGroups(demoCategories);
    for (const { translationOf: _, ...category } of demoCategories) {
      const translation_group = categoryGroups.get(category.slug) ?? null;
      categoryId.set(category.slug, await insertCategory(manager, { ...category, translation_group }, SEED_ORIGIN));
    }
    const postGroups = translationGroups(demoPosts);
    for (const post of demoPosts) {
      const updatedAt = new Date(now.getTime() - post.daysAgo * DAY_MS);
      const columns = preparePost({
        category_id: requireCategory(categoryId, post.category),
        language: post.language ?? DEFAULT_LANGUAGE,
        translation_group: postGroups.get(post.slug) ?? null,
        title: post.title,
        slug: post.slug,
        content: post.content,
        short_content: post.short_content,
        thumbnail: post.thumbnail,
        meta_title: post.meta_title,
        meta_description: post.meta_description,
        meta_keywords: post.meta_keywords,
        status: post.hidden ? POST_STATUS.hidden : POST_STATUS.visible,
        color: post.color,
        price: post.price,
        created_at: updatedAt,
        updated_at: updatedAt,
        published_at: updatedAt,
      });
      await insertPost(manager, columns, SEED_ORIGIN);
    }
    await storeAssets(
      manager,
      options,
      demoPosts.flatMap((post) => (post.thumbnail ? [post.thumbnail] : [])),
    );
    created = true;
  }

  if (await seedPortfolio(manager, options, now)) created = true;

  if ((await manager.count(AboutEntity)) === 0) {
    await insertAbout(manager, prepareAbout({ content: demoAboutContent, language: 'en' }), SEED_ORIGIN);
    await insertAbout(manager, prepareAbout({ content: demoAboutContentVi, language: 'vi' }), SEED_ORIGIN);
    created = true;
  }

  if ((await manager.count(GeneralInfoEntity)) === 0) {
    await insertGeneralInfo(manager, { ...demoGeneralInfo }, SEED_ORIGIN);
    await storeAssets(manager, options, [demoGeneralInfo.logo_1, demoGeneralInfo.logo_2, demoGeneralInfo.favicon]);
    created = true;
  }

  if (created) options.log('Seeded the demo content');
  return created;
}

/**
 * The demo portfolio, each list only while its table is empty: services, then projects through their writer
 * (the rich-text policy, versions, the services each used), and testimonials through the versions' write path, as their
 * services write them; each checked by the schema of an admin's save first. Answers whether it wrote any.
 */
async function seedPortfolio(manager: EntityManager, options: SeedOptions, now: Date): Promise<boolean> {
  let created = false;
  if ((await manager.count(ServiceEntity)) === 0) {
    const groups = translationGroups(demoServices);
    // Each language's services in their own order, from 0.
    const positions = new Map<string, number>();
    for (const { translationOf: _, ...service } of demoServices) {
      const { slug, ...fields } = serviceInputSchema.parse(service);
      const language = fields.language ?? DEFAULT_LANGUAGE;
      const position = positions.get(language) ?? 0;
      positions.set(language, position + 1);
      const translation_group = groups.get(service.slug) ?? null;
      await insertVersion(
        manager,
        ServiceEntity,
        { ...fields, language, translation_group, slug: slug as string, position },
        SEED_ORIGIN,
      );
    }
    created = true;
  }
  if ((await manager.count(ProjectEntity)) === 0) {
    // Services first: each project names the ones it used, found by slug (the demo's slugs differ between languages).
    const services = await manager.find(ServiceEntity, { select: ['id', 'slug'] });
    const groups = translationGroups(demoProjects);
    for (const { daysAgo, services: serviceSlugs, translationOf: _, ...project } of demoProjects) {
      const service_ids = serviceSlugs.flatMap((slug) => services.find((service) => service.slug === slug)?.id ?? []);
      const { published_at: _now, slug: _slug, ...fields } = projectInputSchema.parse({ ...project, service_ids });
      const publishedAt = new Date(now.getTime() - daysAgo * DAY_MS);
      await insertProject(
        manager,
        prepareProject({
          ...fields,
          language: fields.language ?? DEFAULT_LANGUAGE,
          translation_group: groups.get(project.slug) ?? null,
          slug: project.slug,
          published_at: publishedAt,
          created_at: publishedAt,
          updated_at: publishedAt,
        }),
        fields.service_ids,
        SEED_ORIGIN,
      );
    }
    await storeAssets(
      manager,
      options,
      demoProjects.map((project) => project.cover),
    );
    created = true;
  }
  if ((await manager.count(TestimonialEntity)) === 0) {
    const projects = await manager.find(ProjectEntity, { select: ['id', 'slug'] });
    for (const [position, { project, ...testimonial }] of demoTestimonials.entries()) {
      const project_id = projects.find((candidate) => candidate.slug === project)?.id ?? null;
      const fields = testimonialInputSchema.parse({ ...testimonial, project_id });
      const language = fields.language ?? DEFAULT_LANGUAGE;
      await insertVersion(manager, TestimonialEntity, { ...fields, language, position }, SEED_ORIGIN);
    }
    created = true;
  }
  return created;
}

function requireCategory(ids: Map<string, number>, slug: string): number {
  const id = ids.get(slug);
  if (id === undefined) throw new Error(`Demo post refers to the unknown category ${slug}`);
  return id;
}

/**
 * Stores the demo images as uploads under their own names, through the upload storage (the same
 * pipeline as an imported file: decoded and encoded again; variants are made when first asked
 * for). An upload of the same name already stored is kept as it is.
 */
async function storeAssets(manager: EntityManager, options: SeedOptions, names: string[]): Promise<void> {
  const store = new UploadStore(manager.connection);
  for (const name of new Set(names)) {
    await store.insertIfAbsent(await imageFromFile(name, await readFile(join(options.assetsDir, name))), manager);
  }
}

/** Seeds as the server configuration says: `ADMIN_*` for the first administrator, `SEED_DEMO` for the demo. */
export function seedFromConfig(
  dataSource: DataSource,
  config: AppConfig,
  options: { assetsDir: string; log?: (message: string) => void },
): Promise<SeedReport> {
  return seedDatabase(dataSource, {
    admin: config.admin,
    demo: config.seedDemo,
    assetsDir: options.assetsDir,
    hashPassword,
    log: options.log ?? (() => undefined),
  });
}

/** A translation group for each demo record linked as a translation (`translationOf`) and for the one it translates, by slug. */
function translationGroups(records: ReadonlyArray<{ slug: string; translationOf?: string }>): Map<string, string> {
  const groups = new Map<string, string>();
  for (const { slug, translationOf } of records) {
    if (!translationOf) continue;
    const group = groups.get(translationOf) ?? randomUUID();
    groups.set(translationOf, group);
    groups.set(slug, group);
  }
  return groups;
}
