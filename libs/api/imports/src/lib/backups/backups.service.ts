import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  BACKUP_NAME_PATTERN,
  DEFAULT_PAGES_CATEGORY,
  SITE_TIME_ZONE,
  type Backup,
  type ImportStarted,
} from '@blog/contracts';
import { APP_CONFIG, DomainError, type AppConfig } from '@blog/api/core';
import { SiteArchiveService } from '@blog/api/exports';
import { JobQueue } from '@blog/api/jobs';
import { ImportsService } from '../imports.service';

/** The scheduled job that writes a backup (and the one `createNow` queues, with the name chosen). */
export const BACKUP_JOB = 'backups.run';
/** Where a backup is downloaded. */
export const backupDownloadPath = (name: string) => `/api/backups/${name}`;

/** `site-backup-20261125T030000Z.zip`: sortable, and never a path from a request (`BACKUP_NAME_PATTERN`). */
export const backupNameAt = (date: Date) =>
  `site-backup-${date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}.zip`;

/**
 * Backups of the whole site as export archives in `DATA_DIR/backups`: written on a schedule by the job
 * queue (once across instances), the last `BACKUP_KEEP` kept, listed for download in the Import & export
 * screen, and restored from there (a fresh backup of the current state is written first).
 */
@Injectable()
export class BackupsService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly archive: SiteArchiveService,
    private readonly jobs: JobQueue,
    private readonly imports: ImportsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ name?: string }>({
      name: BACKUP_JOB,
      handler: async (data) => void (await this.write(data.name ?? backupNameAt(new Date()))),
      retryLimit: 2,
      expireInSeconds: 2 * 60 * 60,
      schedule: this.config.backupSchedule ? { cron: this.config.backupSchedule, tz: SITE_TIME_ZONE } : null,
    });
  }

  /** The backups on this server, newest first. */
  async list(): Promise<Backup[]> {
    const names = (await readdir(this.config.backupDir).catch(() => [] as string[]))
      .filter((name) => BACKUP_NAME_PATTERN.test(name))
      .sort()
      .reverse();
    return Promise.all(
      names.map(async (name) => {
        const info = await stat(join(this.config.backupDir, name));
        return {
          name,
          byte_size: info.size,
          created_at: info.mtime.toISOString(),
          download_url: backupDownloadPath(name),
        };
      }),
    );
  }

  /** Queues a backup now; answers the name it will have. */
  async createNow(): Promise<{ name: string }> {
    const name = backupNameAt(new Date());
    await this.jobs.send(BACKUP_JOB, { name });
    return { name };
  }

  /** Where a stored backup is and its size, for its download; 404 when there is none of that name. */
  async fileOf(name: string): Promise<{ path: string; size: number }> {
    if (!BACKUP_NAME_PATTERN.test(name)) throw DomainError.notFound('Backup');
    const path = join(this.config.backupDir, name);
    const info = await stat(path).catch(() => null);
    if (!info) throw DomainError.notFound('Backup');
    return { path, size: info.size };
  }

  /**
   * Restores a backup over the site (its posts and categories overwrite those of the same slug), as an
   * import of the archive: first a fresh backup of the current state, so the restore can be undone.
   */
  async restore(name: string): Promise<ImportStarted> {
    const { path } = await this.fileOf(name);
    await this.write(backupNameAt(new Date()));
    return this.imports.start(
      { source: 'archive', dry_run: false, on_conflict: 'overwrite', pages_category: DEFAULT_PAGES_CATEGORY },
      { path, originalname: name },
      undefined,
    );
  }

  /** Writes a backup under `name` (aside, then renamed: a half-written one is never listed), then prunes. */
  private async write(name: string): Promise<string> {
    await mkdir(this.config.backupDir, { recursive: true });
    const path = join(this.config.backupDir, name);
    const partial = `${path}.partial`;
    try {
      const out = createWriteStream(partial);
      await this.archive.export(out, { includeMessages: true });
      if (!out.closed) await once(out, 'close');
      await rename(partial, path);
    } finally {
      await rm(partial, { force: true });
    }
    await this.prune();
    return path;
  }

  private async prune(): Promise<void> {
    const stale = (await this.list()).slice(this.config.backupKeep);
    await Promise.all(stale.map((backup) => rm(join(this.config.backupDir, backup.name), { force: true })));
  }
}
