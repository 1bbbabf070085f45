import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import {
  FINISHED_IMPORT_STATES,
  IMPORT_FILE_FIELD,
  IMPORT_IMAGES_FIELD,
  type ArchiveRestoreReport,
  type Import,
  type ImportReport,
  type ImportStart,
  type ImportStarted,
} from '@blog/contracts';
import { APP_CONFIG, DomainError, DomainEvents, SiteLanguages, type AppConfig } from '@blog/api/core';
import { ChunkedFiles, ImportEntity } from '@blog/api/data';
import { CategoriesService } from '@blog/api/categories';
import { SiteArchiveError, SiteArchiveService } from '@blog/api/exports';
import { JobQueue, type JobContext } from '@blog/api/jobs';
import { ProjectsService } from '@blog/api/projects';
import { TestimonialsService } from '@blog/api/testimonials';
import { PostsAdminService } from '@blog/api/posts';
import { RedirectsService } from '@blog/api/redirects';
import { UploadsService } from '@blog/api/uploads';
import { SOURCE_READERS } from './readers';
import { ImportItems } from './runner/import-items';
import { ImportRunner, type ImportProgress } from './runner/import-runner';
import { SourceImages } from './runner/source-images';
import { ZipImages } from './runner/zip-images';
import { SourceFileError, type SourceItem } from './sources/source-model';

/** The job that runs an import; its data is `{ importId }`. */
export const IMPORT_JOB = 'imports.run';
/** An interrupted or crashed run is tried again this many times before the import is marked failed. */
const IMPORT_RETRY_LIMIT = 5;
/** A run not heard of for this long is taken as dead (its instance crashed) and handed to another. */
const IMPORT_EXPIRE_SECONDS = 4 * 60 * 60;
/** How often a running import writes its progress and looks for a cancellation. */
const PROGRESS_EVERY_MS = 500;
/** How many imports the Import & export screen lists. */
const RECENT_IMPORTS = 20;

/** An uploaded file as multer wrote it to disk. */
export interface ReceivedImportFile {
  path: string;
  originalname: string;
}

/** Thrown by a run that stops because the owner cancelled it. */
class ImportCancelled extends Error {}

function toImport(entity: ImportEntity): Import {
  return {
    id: entity.id,
    source: entity.source,
    dry_run: entity.dry_run,
    on_conflict: entity.options.on_conflict,
    pages_category: entity.options.pages_category,
    file_name: entity.file_name,
    images_file_name: entity.images_file_name,
    state: entity.state,
    progress: {
      done: entity.done,
      total: entity.total,
      current_item: entity.current_item,
      images_fetched: entity.images_fetched,
    },
    report: entity.report,
    error: entity.error,
    created_at: entity.created_at.toISOString(),
    started_at: entity.started_at?.toISOString() ?? null,
    finished_at: entity.finished_at?.toISOString() ?? null,
  };
}

const fileError = (field: string, message: string) => DomainError.invalid([{ field, message }]);

const MB = 1024 * 1024;
/** A file over its limit (413), naming its field: the same through both doors. */
export const fileTooLarge = (field: string, limit: number) =>
  new DomainError('PAYLOAD_TOO_LARGE', `The ${field} must be at most ${limit / MB} MB`, [
    { field, message: `must be at most ${limit / MB} MB` },
  ]);

async function headOf(path: string): Promise<string> {
  const handle = await open(path);
  try {
    const buffer = Buffer.alloc(512);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
  } finally {
    await handle.close();
  }
}

/**
 * Imports from WordPress, Ghost and this site's own archive, run as background jobs: `start` keeps
 * the files in PostgreSQL and queues the job; any instance runs it (`run`), writing its progress, and a
 * run interrupted by a restart resumes where the `import_items` say it was. A dry run reports and writes nothing.
 */
@Injectable()
export class ImportsService implements OnModuleInit {
  private readonly files: ChunkedFiles;

  constructor(
    @InjectRepository(ImportEntity) private readonly imports: Repository<ImportEntity>,
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly posts: PostsAdminService,
    private readonly categories: CategoriesService,
    private readonly projects: ProjectsService,
    private readonly testimonials: TestimonialsService,
    private readonly uploads: UploadsService,
    private readonly archive: SiteArchiveService,
    private readonly redirects: RedirectsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: DomainEvents,
    private readonly languages: SiteLanguages,
  ) {
    this.files = new ChunkedFiles(dataSource, { table: 'import_files', ownerColumn: 'import_id' });
  }

  onModuleInit(): void {
    this.jobs.register<{ importId: number }>({
      name: IMPORT_JOB,
      // Without a webhook or an IndexNow submission per imported post or category: an import (or an
      // archive restored) is the owner's bulk work, not news, and would flood the receivers.
      handler: (data, context) => this.events.muted(() => this.run(data.importId, context)),
      retryLimit: IMPORT_RETRY_LIMIT,
      expireInSeconds: IMPORT_EXPIRE_SECONDS,
    });
  }

  /** Checks the files, keeps them and queues the import; answers its id at once (202). */
  async start(
    input: ImportStart,
    file: ReceivedImportFile | undefined,
    images: ReceivedImportFile | undefined,
  ): Promise<ImportStarted> {
    if (!file) throw fileError(IMPORT_FILE_FIELD, `Send the export file in the multipart field "${IMPORT_FILE_FIELD}"`);
    await this.checkFile(input, file.path);
    if (images && !(await headOf(images.path)).startsWith('PK')) {
      throw fileError(IMPORT_IMAGES_FIELD, 'must be a zip of the images folder');
    }
    const entity = await this.imports.save(
      this.imports.create({
        source: input.source,
        dry_run: input.dry_run,
        options: { on_conflict: input.on_conflict, pages_category: input.pages_category },
        file_name: file.originalname.slice(0, 255),
        images_file_name: images?.originalname.slice(0, 255) ?? null,
      }),
    );
    try {
      await this.files.store(entity.id, file.path, 'file');
      if (images) await this.files.store(entity.id, images.path, 'images');
    } catch (error) {
      await this.imports.delete({ id: entity.id });
      throw error;
    }
    await this.jobs.send(IMPORT_JOB, { importId: entity.id });
    return { id: entity.id };
  }

  async get(id: number): Promise<Import> {
    const entity = await this.imports.findOneBy({ id });
    if (!entity) throw DomainError.notFound('Import');
    return toImport(entity);
  }

  /** The most recent imports, newest first. */
  async list(): Promise<Import[]> {
    const entities = await this.imports.find({ order: { id: 'DESC' }, take: RECENT_IMPORTS });
    return entities.map(toImport);
  }

  /**
   * Runs a finished dry run for real, on the files it read (moved to the new import): what the owner
   * checked is what gets imported, with no second upload.
   */
  async runDryRun(id: number): Promise<ImportStarted> {
    const dryRun = await this.imports.findOneBy({ id });
    if (!dryRun) throw DomainError.notFound('Import');
    if (!dryRun.dry_run || dryRun.state !== 'done') {
      throw DomainError.invalid([{ field: 'id', message: 'Only a finished dry run can be run for real' }]);
    }
    const entity = await this.dataSource.transaction(async (manager) => {
      const created = await manager.save(
        manager.create(ImportEntity, {
          source: dryRun.source,
          dry_run: false,
          options: dryRun.options,
          file_name: dryRun.file_name,
          images_file_name: dryRun.images_file_name,
        }),
      );
      const [, moved] = (await manager.query(`UPDATE import_files SET import_id = $2 WHERE import_id = $1`, [
        id,
        created.id,
      ])) as [unknown, number];
      if (moved === 0) throw DomainError.invalid([{ field: 'id', message: 'This dry run was run already' }]);
      return created;
    });
    await this.jobs.send(IMPORT_JOB, { importId: entity.id });
    return { id: entity.id };
  }

  /**
   * Cancels an import: one still queued ends at once; a running one stops after the item it is on (what
   * it wrote stays, each post whole). A finished one is answered as it is.
   */
  async cancel(id: number): Promise<Import> {
    await this.imports.query(
      `UPDATE imports SET cancel_requested = true,
              state = CASE WHEN state = 'queued' THEN 'cancelled' ELSE state END,
              finished_at = CASE WHEN state = 'queued' THEN now() ELSE finished_at END,
              updated_at = now()
        WHERE id = $1 AND state IN ('queued', 'running')`,
      [id],
    );
    return this.get(id);
  }

  /** The job: runs (or resumes) the import `importId`. */
  async run(importId: number, context: JobContext): Promise<void> {
    const entity = await this.imports.findOneBy({ id: importId });
    if (!entity || FINISHED_IMPORT_STATES.includes(entity.state)) return;
    await this.imports.update({ id: importId }, { state: 'running', started_at: entity.started_at ?? new Date() });
    const folder = await mkdtemp(join(tmpdir(), `blog-import-${importId}-`));
    let zip: ZipImages | null = null;
    let runner: ImportRunner | null = null;
    try {
      const filePath = join(folder, 'file');
      const imagesPath = join(folder, 'images.zip');
      if (!(await this.files.restore(importId, filePath, 'file')))
        throw new SourceFileError('file', 'The file is gone');
      if (await this.files.restore(importId, imagesPath, 'images')) zip = await ZipImages.open(imagesPath);
      if (entity.source === 'archive') {
        const report = await this.restoreArchive(importId, entity, filePath, context);
        return this.finish(importId, 'done', report, null);
      }
      const reader = SOURCE_READERS[entity.source];
      const sourceItems = reader.read(filePath);
      const first = await sourceItems.next();
      if (first.done || first.value.type !== 'site') throw new SourceFileError('file', 'The file holds no site');
      const origin = first.value.origin;
      const items = new ImportItems(this.dataSource, `${entity.source}|${origin ?? ''}`, importId);
      const images = new SourceImages({
        paths: reader.imagePaths(origin),
        zip,
        uploads: this.uploads,
        items,
        allowedHosts: this.config.imageImportAllowedHosts,
        dryRun: entity.dry_run,
      });
      runner = new ImportRunner({
        dataSource: this.dataSource,
        languages: await this.languages.settings(),
        posts: this.posts,
        categories: this.categories,
        projects: this.projects,
        testimonials: this.testimonials,
        redirects: this.redirects,
        source: entity.source,
        items,
        images,
        options: entity.options,
        dryRun: entity.dry_run,
        onProgress: this.progressWriter(importId, context),
      });
      const report = await runner.execute(prepend(first.value, sourceItems));
      await this.finish(importId, 'done', report, null);
    } catch (error) {
      if (error instanceof ImportCancelled)
        return this.finish(importId, 'cancelled', runner?.partialReport() ?? null, null);
      if (error instanceof SourceFileError || error instanceof SiteArchiveError) {
        return this.finish(importId, 'failed', runner?.partialReport() ?? null, error.message);
      }
      // Interrupted (the instance stops) or an unexpected failure: pg-boss runs it again, and the run resumes.
      if (context.signal.aborted || context.retryCount < IMPORT_RETRY_LIMIT) throw error;
      return this.finish(
        importId,
        'failed',
        runner?.partialReport() ?? null,
        'The import stopped on an unexpected error',
      );
    } finally {
      zip?.close();
      await rm(folder, { recursive: true, force: true });
    }
  }

  /**
   * Restores this site's own archive (`SiteArchiveService`: uploads byte for byte, every record with its
   * dates); its report is told in the imports' terms. Its progress is reported synchronously, so the
   * cancellation it looks up comes into effect at the item after.
   */
  private async restoreArchive(
    importId: number,
    entity: ImportEntity,
    path: string,
    context: JobContext,
  ): Promise<ImportReport> {
    const write = this.progressWriter(importId, context);
    let stop: unknown = null;
    const report = await this.archive.restore(
      path,
      { mode: entity.options.on_conflict, dryRun: entity.dry_run },
      ({ done, total }) => {
        if (stop) throw stop;
        write({ done, total, currentItem: '', imagesFetched: 0 }).catch((error: unknown) => (stop = error));
      },
    );
    const counts = (from: ArchiveRestoreReport['created']) => ({
      categories: from.categories,
      posts: from.posts,
      projects: from.projects,
      testimonials: from.testimonials,
      comments: from.comments,
      images: from.uploads,
      redirects: from.redirects,
    });
    return {
      created: counts(report.created),
      skipped: counts(report.skipped),
      overwritten: counts(report.overwritten),
      failed: report.failed,
      missing_images: [],
      warnings: report.warnings.map((warning) => ({ item: 'archive', reason: warning })),
      authors: [],
    };
  }

  /** Writes the progress at most every `PROGRESS_EVERY_MS`, and stops the run when cancelled or shutting down. */
  private progressWriter(importId: number, context: JobContext) {
    let last = 0;
    return async (progress: ImportProgress) => {
      if (context.signal.aborted) throw new Error('Interrupted: this instance is shutting down');
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS && progress.done < progress.total) return;
      last = now;
      const rows = (await this.imports.query(
        `UPDATE imports SET done = $2, total = $3, current_item = $4, images_fetched = $5, updated_at = now()
          WHERE id = $1 RETURNING cancel_requested`,
        [
          importId,
          progress.done,
          Math.max(progress.total, progress.done),
          progress.currentItem,
          progress.imagesFetched,
        ],
      )) as [Array<{ cancel_requested: boolean }>, number];
      if (rows[0][0]?.cancel_requested) throw new ImportCancelled();
    };
  }

  private async finish(
    importId: number,
    state: 'done' | 'failed' | 'cancelled',
    report: ImportReport | null,
    error: string | null,
  ): Promise<void> {
    const entity = await this.imports.findOneBy({ id: importId });
    await this.imports.update({ id: importId }, { state, report, error, finished_at: new Date(), current_item: '' });
    // A successful dry run keeps its files for `runDryRun`; they go with the import that runs them.
    if (!(entity?.dry_run && state === 'done')) await this.files.remove(importId);
  }

  /** A file that is plainly not what `source` reads is refused before anything is kept. */
  private async checkFile(input: ImportStart, path: string): Promise<void> {
    const head = await headOf(path);
    if (input.source === 'archive') {
      if (!head.startsWith('PK')) throw fileError(IMPORT_FILE_FIELD, 'must be a site archive (.zip) made by Export');
      return;
    }
    const reader = SOURCE_READERS[input.source];
    if (!reader.looksRight(head)) throw fileError(IMPORT_FILE_FIELD, `must be ${reader.description}`);
  }
}

async function* prepend(first: SourceItem, rest: AsyncGenerator<SourceItem>): AsyncGenerator<SourceItem> {
  yield first;
  yield* rest;
}
