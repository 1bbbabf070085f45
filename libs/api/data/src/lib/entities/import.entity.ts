import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ImportOptions, ImportReport, ImportSource, ImportState } from '@blog/contracts';
import { Timestamped } from './timestamps';

/** One import (WordPress, Ghost or our own archive), run as a background job; its file is in `import_files`. */
@Entity({ name: 'imports' })
export class ImportEntity extends Timestamped {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 20 })
  source!: ImportSource;

  @Column({ name: 'dry_run', type: 'boolean' })
  dry_run!: boolean;

  @Column({ type: 'jsonb', default: {} })
  options!: ImportOptions;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  file_name!: string;

  @Column({ name: 'images_file_name', type: 'varchar', length: 255, nullable: true })
  images_file_name!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'queued' })
  state!: ImportState;

  /** Source items handled so far, of `total`. */
  @Column({ type: 'int', default: 0 })
  done!: number;

  @Column({ type: 'int', default: 0 })
  total!: number;

  @Column({ name: 'current_item', type: 'varchar', length: 300, default: '' })
  current_item!: string;

  @Column({ name: 'images_fetched', type: 'int', default: 0 })
  images_fetched!: number;

  /** What was (or, for a dry run, would be) created, skipped and what failed; kept when the run ends. */
  @Column({ type: 'jsonb', nullable: true })
  report!: ImportReport | null;

  /** Why the whole import stopped (an unreadable file), when it did. */
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'cancel_requested', type: 'boolean', default: false })
  cancel_requested!: boolean;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  started_at!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finished_at!: Date | null;
}
