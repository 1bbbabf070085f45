import { z } from 'zod';
import { booleanField, idSchema } from './params.schema';
import { textInput } from './text.schema';

export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/** tRPC `exports.start`, `POST /api/exports`: contact messages are left out unless asked for. */
export const exportStartSchema = z
  .object({
    include_messages: booleanField('include_messages').default(false),
  })
  .default({ include_messages: false });
export type ExportStart = z.output<typeof exportStartSchema>;

/**
 * An export made in the background (the Import & export screen's Export button): its progress, then
 * its archive, downloadable from any instance at `download_url` until `expires_at`.
 */
export const siteExportSchema = z.object({
  id: z.number().int(),
  include_messages: z.boolean(),
  state: z.enum(EXPORT_STATES),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  file_name: z.string(),
  byte_size: z.number().int().nullable(),
  /** Where the archive is downloaded once `state` is `done`; null before. */
  download_url: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string(),
});
export type SiteExport = z.infer<typeof siteExportSchema>;

export const exportIdSchema = z.object({ id: idSchema });

/** A scheduled backup in `DATA_DIR/backups` (the name is also how it is downloaded and restored). */
export const backupSchema = z.object({
  name: z.string(),
  byte_size: z.number().int(),
  created_at: z.string(),
  download_url: z.string(),
});
export type Backup = z.infer<typeof backupSchema>;

/** Backup file names as the backup job writes them: never a path from the request. */
export const BACKUP_NAME_PATTERN = /^site-backup-\d{8}T\d{6}Z\.zip$/;
export const backupNameSchema = z.object({
  name: textInput({ error: 'No backup has this name' }).regex(BACKUP_NAME_PATTERN, {
    error: 'No backup has this name',
  }),
});
