import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, LessThan, type Repository } from 'typeorm';
import type { ExportStart, SiteExport } from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import { ChunkedFiles, SiteExportEntity } from '@blog/api/data';
import { JobQueue } from '@blog/api/jobs';
import { archiveFileName } from './exports.controller';
import { SiteArchiveService } from './site-archive.service';

/** The job that writes an export's archive; its data is `{ exportId }`. */
export const EXPORT_JOB = 'exports.run';
/** How long a finished export's archive can be downloaded (then it and its row go). */
export const EXPORT_KEPT_HOURS = 24;
/** The REST path an export is downloaded from, on any instance. */
export const exportDownloadPath = (id: number) => `/api/exports/${id}/download`;
const RECENT_EXPORTS = 10;
const PROGRESS_EVERY_MS = 500;

function toSiteExport(entity: SiteExportEntity): SiteExport {
  return {
    id: entity.id,
    include_messages: entity.include_messages,
    state: entity.state,
    progress: { done: entity.done, total: entity.total },
    file_name: entity.file_name,
    byte_size: entity.byte_size,
    download_url: entity.state === 'done' ? exportDownloadPath(entity.id) : null,
    error: entity.error,
    created_at: entity.created_at.toISOString(),
    finished_at: entity.finished_at?.toISOString() ?? null,
    expires_at: entity.expires_at.toISOString(),
  };
}

/**
 * The admin's Export button: the archive is written by a background job (with its progress) and kept
 * in PostgreSQL (`export_files`), so whichever instance the owner's browser reaches serves the download.
 * Outside callers who want the archive at once stream `GET /api/export` instead.
 */
@Injectable()
export class SiteExportsService implements OnModuleInit {
  private readonly files: ChunkedFiles;

  constructor(
    @InjectRepository(SiteExportEntity) private readonly exports: Repository<SiteExportEntity>,
    dataSource: DataSource,
    private readonly archive: SiteArchiveService,
    private readonly jobs: JobQueue,
  ) {
    this.files = new ChunkedFiles(dataSource, { table: 'export_files', ownerColumn: 'export_id' });
  }

  onModuleInit(): void {
    this.jobs.register<{ exportId: number }>({
      name: EXPORT_JOB,
      handler: (data, context) => this.run(data.exportId, context.signal),
      retryLimit: 3,
      expireInSeconds: 2 * 60 * 60,
    });
  }

  async start(input: ExportStart): Promise<{ id: number }> {
    // Expired exports go as new ones come: no scheduled sweep needed for a few rows.
    await this.exports.delete({ expires_at: LessThan(new Date()) });
    const now = new Date();
    const entity = await this.exports.save(
      this.exports.create({
        include_messages: input.include_messages,
        file_name: archiveFileName(now),
        expires_at: new Date(now.getTime() + EXPORT_KEPT_HOURS * 3_600_000),
      }),
    );
    await this.jobs.send(EXPORT_JOB, { exportId: entity.id });
    return { id: entity.id };
  }

  async get(id: number): Promise<SiteExport> {
    return toSiteExport(await this.found(id));
  }

  async list(): Promise<SiteExport[]> {
    const entities = await this.exports.find({ order: { id: 'DESC' }, take: RECENT_EXPORTS });
    return entities.filter((entity) => entity.expires_at > new Date()).map(toSiteExport);
  }

  /** Streams a finished export's archive into `out`; 404 when unknown, expired or not finished. */
  async download(id: number, out: Writable, beforeFirstByte: (entity: SiteExport) => void): Promise<void> {
    const entity = await this.found(id);
    if (entity.state !== 'done') throw DomainError.notFound('Finished export');
    beforeFirstByte(toSiteExport(entity));
    await this.files.copyTo(id, out, 'archive');
    out.end();
  }

  private async found(id: number): Promise<SiteExportEntity> {
    const entity = await this.exports.findOneBy({ id });
    if (!entity || entity.expires_at <= new Date()) throw DomainError.notFound('Export');
    return entity;
  }

  /** The job: writes the archive to a temporary file with progress, then keeps it in PostgreSQL. */
  private async run(exportId: number, signal: AbortSignal): Promise<void> {
    const entity = await this.exports.findOneBy({ id: exportId });
    if (!entity || entity.state === 'done' || entity.state === 'failed') return;
    await this.exports.update({ id: exportId }, { state: 'running' });
    const folder = await mkdtemp(join(tmpdir(), `blog-export-${exportId}-`));
    try {
      const path = join(folder, entity.file_name);
      const out = createWriteStream(path);
      let last = 0;
      let progress = { done: 0, total: 0 };
      await this.archive.export(out, { includeMessages: entity.include_messages }, (now) => {
        if (signal.aborted) out.destroy(new Error('Interrupted: this instance is shutting down'));
        progress = now;
        if (Date.now() - last < PROGRESS_EVERY_MS) return;
        last = Date.now();
        void this.exports.update({ id: exportId }, now);
      });
      if (!out.closed) await once(out, 'close');
      // A retried run starts the archive again from nothing.
      await this.files.remove(exportId);
      const size = await this.files.store(exportId, path, 'archive');
      await this.exports.update(
        { id: exportId },
        { ...progress, state: 'done', byte_size: size, finished_at: new Date(), error: null },
      );
    } catch (error) {
      if (signal.aborted) throw error;
      await this.exports.update(
        { id: exportId },
        { state: 'failed', error: error instanceof Error ? error.message : String(error), finished_at: new Date() },
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}
