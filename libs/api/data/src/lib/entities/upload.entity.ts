import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An uploaded image or audio clip as it is served (`/uploads/{name}`): the stored bytes live here, in PostgreSQL,
 * so every instance serves the same files and a database dump is the whole backup. Each instance
 * keeps a disk cache of what it served. Names never change content.
 */
@Entity({ name: 'uploads' })
export class UploadEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The file name in `/uploads/{name}` (`{uuid}.{ext}`, or an older file's own name). */
  @Column({ type: 'varchar', length: 200, unique: true })
  name!: string;

  /** Left out of normal reads: only the file server needs the bytes. */
  @Column({ type: 'bytea', select: false })
  content!: Buffer;

  @Column({ name: 'content_type', type: 'varchar', length: 50 })
  content_type!: string;

  /** An image's pixel size; null for an audio clip (a check keeps it so). */
  @Column({ type: 'int', nullable: true })
  width!: number | null;

  @Column({ type: 'int', nullable: true })
  height!: number | null;

  /** The upload's own pixel size, upright: a photo larger than `UPLOAD_MAX_EDGE` is stored downscaled. */
  @Column({ name: 'original_width', type: 'int', nullable: true })
  original_width!: number | null;

  @Column({ name: 'original_height', type: 'int', nullable: true })
  original_height!: number | null;

  @Column({ name: 'byte_size', type: 'int' })
  byte_size!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  created_at!: Date;
}
