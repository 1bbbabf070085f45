import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UploadEntity } from './upload.entity';

/**
 * A responsive variant of an upload (`{name}-{width}.{format}`), AVIF or WebP at one width; deleted
 * with its upload. One per upload, width and format: an instance making a missing one lazily
 * inserts it with ON CONFLICT DO NOTHING, so two instances racing store it once.
 */
@Entity({ name: 'upload_variants' })
export class UploadVariantEntity {
  @PrimaryColumn({ name: 'upload_id', type: 'int' })
  upload_id!: number;

  @ManyToOne(() => UploadEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'upload_id' })
  upload?: UploadEntity;

  @PrimaryColumn({ type: 'int' })
  width!: number;

  /** `avif` or `webp`. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  format!: string;

  @Column({ type: 'bytea', select: false })
  content!: Buffer;

  @Column({ name: 'content_type', type: 'varchar', length: 50 })
  content_type!: string;

  @Column({ type: 'int' })
  height!: number;

  @Column({ name: 'byte_size', type: 'int' })
  byte_size!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  created_at!: Date;
}
