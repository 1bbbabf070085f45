import { randomUUID } from 'node:crypto';
import {
  categoryInputSchema,
  categoryPath,
  isLanguage,
  isReservedPostSlug,
  LANGUAGE_NAMES,
  languagePath,
  normalizeStackTag,
  postPath,
  postInputSchema,
  PROJECT_STACK_MAX_COUNT,
  PROJECT_STACK_TAG_MAX_LENGTH,
  PROJECT_STACK_TAG_PATTERN,
  PROJECT_SUMMARY_MAX_LENGTH,
  PROJECT_TITLE_MAX_LENGTH,
  projectInputSchema,
  projectPath,
  TESTIMONIAL_LIMITS,
  testimonialInputSchema,
  uploadUrl,
  type ImportReport,
  type Language,
} from '@blog/contracts';
import { toSlug } from '@blog/shared/html';
import { DomainError, type SiteLanguageSettings } from '@blog/api/core';
import type { CategoriesService } from '@blog/api/categories';
import type { PostsAdminService } from '@blog/api/posts';
import type { ProjectsService } from '@blog/api/projects';
import type { TestimonialsService } from '@blog/api/testimonials';
import { boundedComment, insertImportedComment } from '@blog/api/comments';
import { addOldSlug, type ChangeOrigin } from '@blog/api/data';
import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { ImportOptions, RedirectInput, RedirectSource, RedirectsUpsertResult } from '@blog/contracts';
import type { RedirectsService } from '@blog/api/redirects';
import {
  richTextFailure,
  type SourceCategory,
  type SourceItem,
  type SourcePost,
  type SourceProject,
  type SourceRedirect,
  type SourceTestimonial,
} from '../sources/source-model';
import { audioUrlsIn, imageUrlsIn, replaceAudioUrls, replaceImageUrls } from './html-images';
import type { ImportItems } from './import-items';
import { emptyReport } from './import-report';
import type { SourceImages } from './source-images';

export interface ImportProgress {
  done: number;
  total: number;
  currentItem: string;
  imagesFetched: number;
}

export interface ImportRunnerOptions {
  dataSource: DataSource;
  /** The languages the site runs, which a source's languages are read into. */
  languages: SiteLanguageSettings;
  posts: PostsAdminService;
  categories: CategoriesService;
  projects: ProjectsService;
  testimonials: TestimonialsService;
  redirects: RedirectsService;
  /** Whose redirects they are (the admin's Redirects screen shows it). */
  source: RedirectSource;
  items: ImportItems;
  images: SourceImages;
  options: ImportOptions;
  dryRun: boolean;
  /** Called after each item, to store progress; throws to stop the run (cancelled, shutting down). */
  onProgress: (progress: ImportProgress) => Promise<void>;
}

interface OurCategory {
  id: number;
  slug: string;
  language: Language;
}

/** The translatable tables: a source's translation groups become theirs. */
type GroupTable = 'posts' | 'categories';

/** Categories of imported posts that had none in their source (a Ghost post without tags). */
export const UNCATEGORISED = 'Uncategorized';
/** Who an import's writes are by: the import (a post it overwrites keeps what it replaced as a revision). */
const IMPORT_ORIGIN: ChangeOrigin = { via: 'import', user_id: null, session: null };
const PAGES_KEY = 'category:pages';
const UNCATEGORISED_KEY = 'category:uncategorised';

/** `/a/` and `/a` are one address to the redirects. */
const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * Runs one import over the items a reader yields: categories first (an existing category of the same
 * slug is reused), then each post in a transaction of its own with what it is remembered as and its
 * redirects (a post is written whole or not at all), its images brought over before. Every write goes
 * through the domains' own services (the posts service sanitises the HTML with the one rich-text policy,
 * checks slugs and the category). A dry run reads and checks everything and writes nothing.
 */
export class ImportRunner {
  private readonly report: ImportReport = emptyReport();
  /** Source category key → our category. */
  private readonly ourCategories = new Map<string, OurCategory>();
  /** Source post key → our post's address (attachment redirects lead to it). */
  private readonly postPaths = new Map<string, string>();
  private readonly authors = new Set<string>();
  private progress: ImportProgress = { done: 0, total: 0, currentItem: '', imagesFetched: 0 };
  private dryRunIds = -1;
  /** How many items the source put in each language the site does not run (imported in its default language). */
  private readonly unknownLanguages = new Map<string, number>();
  /** A source's translation group → the ids here of its versions imported (or found) so far, by language. */
  private readonly groups = new Map<string, Map<Language, number>>();
  /** A source category's name and translation group, by its key (a post in another language needs its version). */
  private readonly categoryNames = new Map<string, string>();
  private readonly categoryGroupKeys = new Map<string, string>();

  constructor(private readonly run: ImportRunnerOptions) {}

  /** The report so far, for a run that stops before the end (cancelled, a file found broken half-way). */
  partialReport(): ImportReport {
    return { ...this.report, authors: [...this.authors].sort() };
  }

  async execute(items: AsyncIterable<SourceItem>): Promise<ImportReport> {
    for await (const item of items) {
      switch (item.type) {
        case 'site':
          this.progress.total = item.totalPosts;
          for (const warning of item.warnings) this.report.warnings.push({ item: 'file', reason: warning });
          break;
        case 'category':
          await this.category(item);
          break;
        case 'post':
          this.progress.currentItem = item.title.slice(0, 300);
          await this.post(item);
          this.progress.done += 1;
          await this.tick();
          break;
        case 'project':
          this.progress.currentItem = item.title.slice(0, 300);
          await this.project(item);
          this.progress.done += 1;
          await this.tick();
          break;
        case 'testimonial':
          this.progress.currentItem = item.name.slice(0, 300);
          await this.testimonial(item);
          this.progress.done += 1;
          await this.tick();
          break;
        case 'redirect':
          await this.redirect(item);
          break;
      }
    }
    this.report.authors = [...this.authors].sort();
    this.reportUnknownLanguages();
    await this.tick();
    return this.report;
  }

  private get defaultLanguage(): Language {
    return this.run.languages.default_language;
  }

  /**
   * The language an item goes into: the one the source names when the site runs it, else the site's
   * default (a language the site does not run is counted, for the report).
   */
  private languageOf(source: string | undefined): Language {
    if (!source) return this.defaultLanguage;
    if (isLanguage(source) && this.run.languages.languages.includes(source)) return source;
    this.unknownLanguages.set(source, (this.unknownLanguages.get(source) ?? 0) + 1);
    return this.defaultLanguage;
  }

  private reportUnknownLanguages(): void {
    const defaultName = LANGUAGE_NAMES[this.defaultLanguage];
    for (const [language, count] of this.unknownLanguages) {
      this.report.warnings.push({
        item: `language ${language}`,
        reason:
          `${count} item${count === 1 ? '' : 's'} in “${language}”, a language this site does not run: ` +
          `imported in ${defaultName}, the site's default language.`,
      });
    }
  }

  /**
   * Puts the record `id` of `table`, in `language`, in the translation group the source named
   * (`key`), with the versions imported before in this run or an earlier one; a group that already has
   * a version in its language leaves it out (reported). Not in a dry run.
   */
  private async joinGroup(
    table: GroupTable,
    key: string | undefined,
    id: number,
    language: Language,
    label: string,
    manager?: EntityManager,
  ): Promise<void> {
    if (!key) return;
    const members = this.groups.get(key) ?? new Map<Language, number>();
    this.groups.set(key, members);
    const known = members.get(language);
    if (known === id) return;
    if (known !== undefined) {
      this.report.warnings.push({
        item: label,
        reason: `not linked as a translation: its group has a version in this language already`,
      });
      return;
    }
    members.set(language, id);
    if (this.run.dryRun || id <= 0 || members.size < 2) return;
    const query = (sql: string, params: unknown[]) => (manager ?? this.run.dataSource.manager).query(sql, params);
    const ids = [...members.values()].filter((member) => member > 0);
    const rows = (await query(`SELECT id, translation_group FROM ${table} WHERE id = ANY($1)`, [ids])) as Array<{
      id: number;
      translation_group: string | null;
    }>;
    const group = rows.find((row) => row.translation_group)?.translation_group ?? randomUUID();
    const [clash] = (await query(
      `SELECT 1 FROM ${table} mine JOIN ${table} other ON other.translation_group = $1 AND other.language = mine.language
        WHERE mine.id = ANY($2) AND mine.translation_group IS NULL AND other.id <> ALL($2)
          ${table === 'posts' ? 'AND other.deleted_at IS NULL' : ''}`,
      [group, ids],
    )) as unknown[];
    if (clash) {
      this.report.warnings.push({
        item: label,
        reason: 'not linked as a translation: its group here has a version in this language already',
      });
      return;
    }
    await query(`UPDATE ${table} SET translation_group = $1 WHERE id = ANY($2) AND translation_group IS NULL`, [
      group,
      ids,
    ]);
  }

  private async tick(): Promise<void> {
    this.progress.imagesFetched = this.run.images.fetched;
    await this.run.onProgress({ ...this.progress });
  }

  private async category(category: SourceCategory): Promise<void> {
    const slug = toSlug(category.slug || category.name) || toSlug(category.name) || 'category';
    const language = this.languageOf(category.language);
    const ours = await this.ensureCategory(category.key, category.name, slug, language);
    if (!ours) return;
    const label = `category ${category.name}`;
    this.categoryNames.set(category.key, category.name);
    if (category.translationKey) this.categoryGroupKeys.set(category.key, category.translationKey);
    await this.joinGroup('categories', category.translationKey, ours.id, ours.language, label);
    const to = this.categoryPath(ours);
    await this.addRedirects(
      category.oldPaths.map((from) => ({ from_path: from, to_path: to })),
      label,
    );
  }

  /** A category's address, as the public routes have it (`/vi/category/…` in another language than the default). */
  private categoryPath(category: OurCategory): string {
    return languagePath(categoryPath(category.slug), category.language, this.defaultLanguage);
  }

  /** A post's address: `/{slug}`, `/vi/{slug}` in another language than the default. */
  private postPath(slug: string, language: Language): string {
    return languagePath(postPath(slug), language, this.defaultLanguage);
  }

  /**
   * The category for `key`: the one imported before, one of the same slug in `language`, or a new one.
   * Null when it cannot be made.
   */
  private async ensureCategory(
    key: string,
    name: string,
    slug: string,
    language: Language,
  ): Promise<OurCategory | null> {
    const known = this.ourCategories.get(key);
    if (known) return known;
    const remembered = await this.run.items.find(key);
    const existing = remembered
      ? await this.findCategory('id', Number(remembered.target))
      : await this.findCategory('slug', slug, language);
    if (existing) {
      this.ourCategories.set(key, existing);
      if (remembered && this.run.items.isOurs(remembered)) this.report.created.categories += 1;
      else this.report.skipped.categories += 1;
      if (!remembered && !this.run.dryRun) await this.run.items.remember(key, 'category', existing.id);
      return existing;
    }
    const fields = categoryInputSchema.safeParse({ name: name.slice(0, 200), slug, language });
    if (!fields.success) {
      this.report.failed.push({ item: `category ${name}`, reason: fields.error.issues[0]?.message ?? 'invalid' });
      return null;
    }
    this.report.created.categories += 1;
    // A dry run's categories get ids of their own, below zero, never written.
    const created = this.run.dryRun
      ? { id: this.dryRunIds--, slug }
      : await this.run.categories.create(fields.data, IMPORT_ORIGIN);
    const ours = { id: created.id, slug: created.slug, language };
    if (!this.run.dryRun) await this.run.items.remember(key, 'category', ours.id);
    this.ourCategories.set(key, ours);
    return ours;
  }

  /** The category of that id, or of that slug in `language` (`column` is one of two fixed names, never input). */
  private async findCategory(
    column: 'id' | 'slug',
    value: number | string,
    language?: Language,
  ): Promise<OurCategory | null> {
    const rows = (await this.run.dataSource.query(
      `SELECT id, slug, language FROM categories WHERE ${column} = $1 AND ($2::varchar IS NULL OR language = $2)`,
      [value, language ?? null],
    )) as OurCategory[];
    return rows[0] ?? null;
  }

  /**
   * The post's category, in the post's language (a post's category is in its language): the source's
   * category, else its translation in that language, else one made as that translation (same name and
   * slug); pages go to the owner's category for them, posts without one to Uncategorized.
   */
  private async categoryOf(post: SourcePost, language: Language): Promise<OurCategory | null> {
    const inLanguage = (key: string) => (language === this.defaultLanguage ? key : `${key}@${language}`);
    if (post.kind === 'page') {
      const name = this.run.options.pages_category;
      return this.ensureCategory(inLanguage(PAGES_KEY), name, toSlug(name) || 'pages', language);
    }
    const imported = post.categoryKey ? this.ourCategories.get(post.categoryKey) : undefined;
    if (!imported) {
      return this.ensureCategory(inLanguage(UNCATEGORISED_KEY), UNCATEGORISED, toSlug(UNCATEGORISED), language);
    }
    if (imported.language === language) return imported;
    const versionKey = `${post.categoryKey}@${language}`;
    const groupKey = this.categoryGroupKeys.get(post.categoryKey as string) ?? `${post.categoryKey}@group`;
    const version = this.groups.get(groupKey)?.get(language);
    if (version !== undefined) {
      const found = version > 0 ? await this.findCategory('id', version) : null;
      if (found) return found;
    }
    const made = await this.ensureCategory(
      versionKey,
      this.categoryNames.get(post.categoryKey as string) ?? imported.slug,
      imported.slug,
      language,
    );
    if (made) {
      await this.joinGroup('categories', groupKey, imported.id, imported.language, `category ${imported.slug}`);
      await this.joinGroup('categories', groupKey, made.id, language, `category ${made.slug}`);
    }
    return made;
  }

  private async post(post: SourcePost): Promise<void> {
    const label = `${post.kind} ${post.title || post.key}`;
    for (const author of post.authors) this.authors.add(author);
    for (const warning of post.warnings) this.report.warnings.push({ item: label, reason: warning });
    // Read too deeply nested (or too large) to be parsed safely: by the reader, or here after its conversion.
    const failure = post.failure ?? richTextFailure({ content: post.html, short_content: post.excerptHtml });
    if (failure) {
      this.report.failed.push({ item: label, reason: failure });
      return;
    }
    const language = this.languageOf(post.language);
    const remembered = await this.run.items.find(post.key);
    const rememberedState = remembered ? await this.postState(Number(remembered.target)) : null;
    if (rememberedState === 'trashed') {
      // Neither brought back nor imported twice: the owner decides, from the Trash screen.
      this.report.skipped.posts += 1;
      this.report.warnings.push({
        item: label,
        reason: 'skipped: it was imported before and its post is in the Trash',
      });
      return;
    }
    if (remembered && rememberedState === 'live') {
      if (this.run.items.isOurs(remembered)) this.report.created.posts += 1;
      else this.report.skipped.posts += 1;
      const ours = await this.postRecord(Number(remembered.target));
      this.postPaths.set(post.key, this.postPath(ours.slug, ours.language));
      // A version brought by an earlier run still links the versions this run brings.
      await this.joinGroup('posts', post.translationKey, ours.id, ours.language, label);
      // Its comments the earlier run did not bring (it came before comments, or they were written since).
      if (this.run.dryRun) await this.comments(post, Number(remembered.target));
      else await this.run.dataSource.transaction((manager) => this.comments(post, Number(remembered.target), manager));
      return;
    }
    const category = await this.categoryOf(post, language);
    if (!category) {
      this.report.failed.push({ item: label, reason: 'its category could not be created' });
      return;
    }
    const wanted = this.slugFor(post);
    let slug = wanted.slug;
    const taken = await this.postIdBySlug(slug, language);
    let overwrite: number | null = null;
    if (taken !== null) {
      const mode = this.run.options.on_conflict;
      if (mode === 'skip') {
        this.report.skipped.posts += 1;
        this.report.warnings.push({ item: label, reason: `skipped: a post with the slug "${slug}" is already here` });
        this.postPaths.set(post.key, this.postPath(slug, language));
        return;
      }
      if (mode === 'overwrite') overwrite = taken;
      else
        slug = await this.freeSlug(slug, async (candidate) => (await this.postIdBySlug(candidate, language)) !== null);
    }

    const html = await this.withImages(post.html, label);
    const excerpt = await this.withImages(post.excerptHtml, label);
    const thumbnail = post.featuredImage ? await this.image(post.featuredImage.url, label) : null;
    const keywords = [post.focusKeyword, ...post.keywords].map((word) => word.trim()).filter(Boolean);
    const fields = postInputSchema.safeParse({
      // A dry run's new category has no id yet: any valid one lets the post be checked.
      category_id: category.id > 0 ? category.id : 1,
      language,
      title: post.title.trim().slice(0, 300) || slug,
      slug,
      content: html,
      short_content: excerpt,
      thumbnail: thumbnail && !this.run.dryRun ? thumbnail : null,
      thumbnail_alt: post.featuredImage?.alt.slice(0, 300) ?? '',
      meta_title: post.metaTitle.slice(0, 300),
      meta_description: post.metaDescription.slice(0, 5_000),
      meta_keywords: [...new Set(keywords)].join(', ').slice(0, 5_000),
      status: post.state === 'hidden' ? 1 : 0,
      published_at: post.state === 'draft' || !post.publishedAt ? null : post.publishedAt,
    });
    if (!fields.success) {
      this.report.failed.push({ item: label, reason: firstIssue(fields.error) });
      return;
    }
    const path = this.postPath(slug, language);
    const redirects = post.oldPaths.map((from) => ({ from_path: from, to_path: path }));
    this.postPaths.set(post.key, path);
    if (this.run.dryRun) {
      if (overwrite) this.report.overwritten.posts += 1;
      else this.report.created.posts += 1;
      await this.joinGroup('posts', post.translationKey, this.dryRunIds--, language, label);
      await this.addRedirects(redirects, label);
      await this.comments(post, null);
      return;
    }
    const commentsCounted = [this.report.created.comments, this.report.skipped.comments];
    try {
      await this.run.dataSource.transaction(async (manager) => {
        // The source's dates, so the lists keep the old site's order (not the order of the import).
        const sourceUpdatedAt = post.updatedAt ?? post.publishedAt ?? undefined;
        const { id } = overwrite
          ? await this.run.posts.update(overwrite, fields.data, { origin: IMPORT_ORIGIN, sourceUpdatedAt }, manager)
          : await this.run.posts.create(fields.data, IMPORT_ORIGIN, manager, sourceUpdatedAt);
        await this.run.items.remember(post.key, 'post', id, manager);
        await this.joinGroup('posts', post.translationKey, id, language, label, manager);
        // Its slug at the source leads to it (301) while that route has no page yet; the site's own history wins.
        if (wanted.route) await addOldSlug(manager, 'post_id', id, wanted.route, new Date().toISOString());
        await this.addRedirects(redirects, label, manager);
        await this.comments(post, id, manager);
      });
      if (overwrite) this.report.overwritten.posts += 1;
      else this.report.created.posts += 1;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // Nothing of the post was written, its comments neither.
      [this.report.created.comments, this.report.skipped.comments] = commentsCounted;
      this.report.failed.push({ item: label, reason: domainFailure(error) });
    }
  }

  /**
   * The post's comments (`postId` null in a dry run), in `manager`'s transaction with the post: each one
   * remembered, so a second run adds none twice. Nothing is announced: no webhook or mail for history.
   */
  private async comments(post: SourcePost, postId: number | null, manager?: EntityManager): Promise<void> {
    const ids = new Map<string, number>();
    for (const comment of post.comments) {
      const remembered = await this.run.items.find(comment.key);
      if (remembered) {
        if (this.run.items.isOurs(remembered)) this.report.created.comments += 1;
        else this.report.skipped.comments += 1;
        if (await this.commentExists(Number(remembered.target))) ids.set(comment.key, Number(remembered.target));
        continue;
      }
      this.report.created.comments += 1;
      if (postId === null || !manager) {
        ids.set(comment.key, this.dryRunIds--);
        continue;
      }
      const createdAt = comment.createdAt ?? new Date().toISOString();
      const id = await insertImportedComment(manager, {
        ...boundedComment({
          author_name: comment.authorName,
          author_email: comment.authorEmail,
          author_url: comment.authorUrl,
          body: comment.body,
        }),
        post_id: postId,
        // A reply whose parent is gone (deleted here since the last run) stands on its own.
        parent_id: (comment.parentKey && ids.get(comment.parentKey)) || null,
        state: comment.state,
        by_owner: comment.byOwner,
        notify_replies: false,
        created_at: createdAt,
        approved_at: null,
        updated_at: createdAt,
      });
      await this.run.items.remember(comment.key, 'comment', id, manager);
      ids.set(comment.key, id);
    }
  }

  /**
   * A portfolio item as a project, through the projects' service (the rich-text policy, slug rules,
   * versions); remembered as a post is, so a second run creates nothing. A slug one of the site's projects
   * has is skipped, overwritten or kept both (`slug-2`) as `on_conflict` says. The source has one body:
   * it becomes the case study's approach, for the owner to split into its sections.
   */
  private async project(project: SourceProject): Promise<void> {
    const label = `project ${project.title || project.key}`;
    for (const warning of project.warnings) this.report.warnings.push({ item: label, reason: warning });
    const failure = project.failure ?? richTextFailure({ content: project.html });
    if (failure) {
      this.report.failed.push({ item: label, reason: failure });
      return;
    }
    const remembered = await this.run.items.find(project.key);
    if (remembered && (await this.findProject('id', Number(remembered.target))) !== null) {
      if (this.run.items.isOurs(remembered)) this.report.created.projects += 1;
      else this.report.skipped.projects += 1;
      return;
    }
    let slug = toSlug(project.slug) || toSlug(project.title) || 'project';
    let overwrite: number | null = null;
    const taken = await this.findProject('slug', slug);
    if (taken !== null) {
      const mode = this.run.options.on_conflict;
      if (mode === 'skip') {
        this.report.skipped.projects += 1;
        this.report.warnings.push({
          item: label,
          reason: `skipped: a project with the slug "${slug}" is already here`,
        });
        return;
      }
      if (mode === 'overwrite') overwrite = taken.id;
      else slug = await this.freeSlug(slug, async (candidate) => (await this.findProject('slug', candidate)) !== null);
    }
    const html = await this.withImages(project.html, label);
    const cover = project.featuredImage ? await this.image(project.featuredImage.url, label) : null;
    const fields = projectInputSchema.safeParse({
      title: project.title.trim().slice(0, PROJECT_TITLE_MAX_LENGTH) || slug,
      slug,
      // The year it was written up: the source has no other date of the work.
      year_from: new Date(project.writtenAt ?? Date.now()).getUTCFullYear(),
      stack: stackTags(project.stack),
      summary: project.summary.slice(0, PROJECT_SUMMARY_MAX_LENGTH),
      cover: cover && !this.run.dryRun ? cover : null,
      cover_alt: project.featuredImage?.alt.slice(0, 300) ?? '',
      approach: html,
      status: project.state === 'hidden' ? 1 : 0,
      published_at: project.state === 'draft' || !project.publishedAt ? null : project.publishedAt,
    });
    if (!fields.success) {
      this.report.failed.push({ item: label, reason: firstIssue(fields.error) });
      return;
    }
    const redirects = project.oldPaths.map((from) => ({ from_path: from, to_path: projectPath(slug) }));
    if (this.run.dryRun) {
      if (overwrite) this.report.overwritten.projects += 1;
      else this.report.created.projects += 1;
      await this.addRedirects(redirects, label);
      return;
    }
    try {
      const { id } = overwrite
        ? await this.run.projects.update(overwrite, fields.data, { origin: IMPORT_ORIGIN })
        : await this.run.projects.create(fields.data, IMPORT_ORIGIN);
      // The projects' service writes in a transaction of its own: remembered right after it.
      await this.run.items.remember(project.key, 'project', id);
      await this.addRedirects(redirects, label);
      if (overwrite) this.report.overwritten.projects += 1;
      else this.report.created.projects += 1;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.report.failed.push({ item: label, reason: domainFailure(error) });
    }
  }

  /**
   * A client's words as a testimonial, through the testimonials' service; remembered, so a second run
   * creates nothing. The source keeps no consent: the day the item was written stands for it, as the
   * report's warning says.
   */
  private async testimonial(testimonial: SourceTestimonial): Promise<void> {
    const label = `testimonial ${testimonial.name || testimonial.key}`;
    for (const warning of testimonial.warnings) this.report.warnings.push({ item: label, reason: warning });
    const remembered = await this.run.items.find(testimonial.key);
    if (remembered && (await this.testimonialExists(Number(remembered.target)))) {
      if (this.run.items.isOurs(remembered)) this.report.created.testimonials += 1;
      else this.report.skipped.testimonials += 1;
      return;
    }
    const photo = testimonial.photo ? await this.image(testimonial.photo.url, label) : null;
    const consentedOn = (testimonial.writtenAt ?? new Date().toISOString()).slice(0, 10);
    if (testimonial.quote.length > TESTIMONIAL_LIMITS.quote) {
      this.report.warnings.push({
        item: label,
        reason: `Its quote is longer than ${TESTIMONIAL_LIMITS.quote} characters: cut to that length.`,
      });
    }
    const fields = testimonialInputSchema.safeParse({
      name: testimonial.name.slice(0, TESTIMONIAL_LIMITS.name),
      quote: testimonial.quote.slice(0, TESTIMONIAL_LIMITS.quote),
      photo: photo && !this.run.dryRun ? photo : null,
      consented_on: consentedOn,
      hidden: testimonial.state !== 'published',
    });
    if (!fields.success) {
      this.report.failed.push({ item: label, reason: firstIssue(fields.error) });
      return;
    }
    this.report.warnings.push({
      item: label,
      reason: `Its consent date is the day the item was written (${consentedOn}): check that the person agreed to be quoted.`,
    });
    if (!this.run.dryRun) {
      const { id } = await this.run.testimonials.create(fields.data, IMPORT_ORIGIN);
      await this.run.items.remember(testimonial.key, 'testimonial', id);
    }
    this.report.created.testimonials += 1;
  }

  private async redirect(redirect: SourceRedirect): Promise<void> {
    let to: string | null = null;
    if ('postKey' in redirect.to) {
      to = this.postPaths.get(redirect.to.postKey) ?? null;
    } else {
      to = uploadUrl(await this.image(redirect.to.imageUrl, `redirect ${redirect.from}`));
    }
    if (!to) return;
    await this.addRedirects([{ from_path: redirect.from, to_path: to }], `redirect ${redirect.from}`);
  }

  /**
   * Adds the redirects (in `manager`'s transaction when given); each one the rules refuse (off the
   * site, from an address of the site itself, such as a WordPress page's `/about/`, or of a post here)
   * is skipped and reported with why, in a dry run too.
   */
  private async addRedirects(rows: RedirectInput[], label: string, manager?: EntityManager): Promise<void> {
    const wanted = rows.filter((row) => !samePath(row.from_path, row.to_path));
    if (wanted.length === 0) return;
    if (this.run.dryRun) {
      const { valid, refused } = await this.run.redirects.checkImported(wanted);
      this.report.created.redirects += valid.length;
      this.reportRefused(refused, label);
      return;
    }
    const write = (transaction: EntityManager) => this.run.redirects.upsertMany(wanted, this.run.source, transaction);
    try {
      const { created, skipped, refused } = manager
        ? await write(manager)
        : await this.run.dataSource.transaction(write);
      this.report.created.redirects += created;
      this.report.skipped.redirects += skipped;
      this.reportRefused(refused, label);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.report.warnings.push({ item: label, reason: `redirects not added: ${error.message}` });
    }
  }

  private reportRefused(refused: RedirectsUpsertResult['refused'], label: string): void {
    this.report.skipped.redirects += refused.length;
    for (const { from_path, reason } of refused) {
      this.report.warnings.push({ item: label, reason: `redirect from ${from_path} skipped: ${reason}` });
    }
  }

  /**
   * `html` with its images and audio clips brought over; the ones that cannot be had are reported
   * (with the missing images) and left out.
   */
  private async withImages(html: string, label: string): Promise<string> {
    if (!html) return '';
    const addresses = new Map<string, string | null>();
    for (const url of imageUrlsIn(html)) addresses.set(url, uploadUrl(await this.image(url, label)));
    let result = addresses.size === 0 ? html : replaceImageUrls(html, (url) => addresses.get(url) ?? null);
    const clips = new Map<string, string | null>();
    for (const url of audioUrlsIn(result)) clips.set(url, uploadUrl(await this.image(url, label, 'audio')));
    if (clips.size > 0) result = replaceAudioUrls(result, (url) => clips.get(url) ?? null);
    return result;
  }

  /** The image's (or audio clip's) upload name here (in a dry run, its URL), or null, reported. */
  private async image(url: string, label: string, kind: 'image' | 'audio' = 'image'): Promise<string | null> {
    const outcome = await this.run.images.bring(url, kind);
    if ('missing' in outcome) {
      if (!this.report.missing_images.some((entry) => entry.url === url)) {
        const what = kind === 'audio' ? 'an audio clip, ' : '';
        this.report.missing_images.push({ url, reason: `${outcome.missing} (${what}in ${label})` });
      }
      return null;
    }
    // The report counts images; a clip is in the post it came with.
    if (outcome.created && kind === 'image') this.report.created.images += 1;
    return outcome.name;
  }

  /** The post's slug here, and the route of the site its own slug is (`null`: none), which it moves aside from. */
  private slugFor(post: SourcePost): { slug: string; route: string | null } {
    const slug = toSlug(post.slug) || toSlug(post.title) || 'post';
    return isReservedPostSlug(slug) ? { slug: `${slug}-${post.kind}`, route: slug } : { slug, route: null };
  }

  /** `slug-2`, `slug-3` …: the first one not `taken`. */
  private async freeSlug(slug: string, taken: (candidate: string) => Promise<boolean>): Promise<string> {
    for (let n = 2; ; n += 1) {
      const candidate = `${slug.slice(0, 190)}-${n}`;
      if (!(await taken(candidate))) return candidate;
    }
  }

  /** The project of that id or slug (`column` is one of two fixed names, never input), or null. */
  /** The project of `id`, or of `slug` in the site's default language (the one imported projects are written in). */
  private async findProject(column: 'id' | 'slug', value: number | string): Promise<{ id: number } | null> {
    const rows = (
      column === 'id'
        ? await this.run.dataSource.query('SELECT id FROM projects WHERE id = $1', [value])
        : await this.run.dataSource.query('SELECT id FROM projects WHERE slug = $1 AND language = $2', [
            value,
            this.defaultLanguage,
          ])
    ) as Array<{ id: number }>;
    return rows[0] ?? null;
  }

  private async commentExists(id: number): Promise<boolean> {
    const rows = (await this.run.dataSource.query('SELECT 1 FROM comments WHERE id = $1', [id])) as unknown[];
    return rows.length > 0;
  }

  private async testimonialExists(id: number): Promise<boolean> {
    const rows = (await this.run.dataSource.query('SELECT 1 FROM testimonials WHERE id = $1', [id])) as unknown[];
    return rows.length > 0;
  }

  /** The post out of the trash that has `slug` in `language` (a trashed post gave its slug up). */
  private async postIdBySlug(slug: string, language: Language): Promise<number | null> {
    const rows = (await this.run.dataSource.query(
      `SELECT id FROM posts WHERE slug = $1 AND language = $2 AND deleted_at IS NULL`,
      [slug, language],
    )) as Array<{ id: number }>;
    return rows[0]?.id ?? null;
  }

  private async postState(id: number): Promise<'live' | 'trashed' | null> {
    const rows = (await this.run.dataSource.query(`SELECT deleted_at FROM posts WHERE id = $1`, [id])) as Array<{
      deleted_at: Date | null;
    }>;
    if (!rows[0]) return null;
    return rows[0].deleted_at ? 'trashed' : 'live';
  }

  private async postRecord(id: number): Promise<{ id: number; slug: string; language: Language }> {
    const rows = (await this.run.dataSource.query(`SELECT id, slug, language FROM posts WHERE id = $1`, [
      id,
    ])) as Array<{ id: number; slug: string; language: Language }>;
    return rows[0] ?? { id, slug: '', language: this.defaultLanguage };
  }
}

/** Why a domain's service refused a write, as the report says it (`slug: Another project already uses this slug`). */
function domainFailure(error: DomainError): string {
  const field = error.errors?.[0];
  return field ? `${field.field}: ${field.message}` : error.message;
}

/** What a schema found wrong first, as the report says it (`slug: must be …`). */
function firstIssue(error: z.ZodError): string {
  const [issue] = error.issues;
  return `${issue?.path.join('.')}: ${issue?.message}`;
}

/**
 * A source's project types and tags as stack tags: as the admin stores them ("Next.js" → "next.js"), else
 * folded to a slug ("Thiết kế web" → "thiet-ke-web"); at most as many as a project holds.
 */
function stackTags(names: string[]): string[] {
  const tags = names.map((name) => {
    const tag = normalizeStackTag(name);
    return PROJECT_STACK_TAG_PATTERN.test(tag) ? tag : toSlug(name);
  });
  return [...new Set(tags.filter((tag) => tag && tag.length <= PROJECT_STACK_TAG_MAX_LENGTH))].slice(
    0,
    PROJECT_STACK_MAX_COUNT,
  );
}
