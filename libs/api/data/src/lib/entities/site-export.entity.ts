import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ExportState } from '@blog/contracts';
import { Timestamped } from './timestamps';

/** An export made in the background; its archive is in `export_files` until `expires_at`. */
@Entity({ name: 'site_exports' })
export class SiteExportEntity extends Timestamped {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'include_messages', type: 'boolean', default: false })
  include_messages!: boolean;

  @Column({ type: 'varchar', length: 20, default: 'queued' })
  state!: ExportState;

  @Column({ type: 'int', default: 0 })
  done!: number;

  @Column({ type: 'int', default: 0 })
  total!: number;

  @Column({ name: 'file_name', type: 'varchar', length: 100 })
  file_name!: string;

  /** The archive's size once written (bigint: read as text by pg, hence the transformer). */
  @Column({
    name: 'byte_size',
    type: 'bigint',
    nullable: true,
    transformer: {
      to: (value: number | null) => value,
      from: (value: string | null) => (value === null ? null : Number(value)),
    },
  })
  byte_size!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finished_at!: Date | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expires_at!: Date;
}
