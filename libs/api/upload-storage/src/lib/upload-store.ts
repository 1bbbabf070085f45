import type { DataSource, EntityManager } from 'typeorm';
import type { UploadVariantFormat } from '@blog/contracts';
import { ADVISORY_LOCKS, underAdvisoryLock } from '@blog/api/data';
import type { EncodedVariant } from './image-variants';

/** An image as stored: its name in `/uploads/{name}`, its bytes and what they are. */
export interface ImageToStore {
  name: string;
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
  /** The upload's own pixel size, upright, when it was stored downscaled; else `width`/`height`. */
  originalWidth?: number;
  originalHeight?: number;
}

/** A stored original, without its bytes. */
export interface StoredUpload {
  id: number;
  name: string;
  contentType: string;
  width: number;
  height: number;
}

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

const UPLOAD_COLUMNS = 'id, name, content_type AS "contentType", width, height';
const INSERT_COLUMNS = 'name, content, content_type, width, height, original_width, original_height, byte_size';
const insertValues = (image: ImageToStore) => [
  image.name,
  image.bytes,
  image.contentType,
  image.width,
  image.height,
  image.originalWidth ?? image.width,
  image.originalHeight ?? image.height,
  image.bytes.length,
];

/**
 * The uploads and their variants in PostgreSQL (`uploads`, `upload_variants`): the one place they
 * are kept. Every write that two instances may race on is an insert that ignores a conflict.
 */
export class UploadStore {
  constructor(private readonly dataSource: DataSource) {}

  /** A new upload: the original and all its variants in one transaction (all or nothing). */
  async insert(image: ImageToStore, variants: EncodedVariant[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [{ id }] = (await manager.query(
        `INSERT INTO uploads (${INSERT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        insertValues(image),
      )) as Array<{ id: number }>;
      for (const variant of variants) await insertVariant(manager, id, variant);
    });
  }

  /** A new audio clip, stored as it was sent (it has no pixel size and no variants). */
  async insertAudio(name: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO uploads (name, content, content_type, byte_size) VALUES ($1, $2, $3, $4)`,
      [name, bytes, contentType, bytes.length],
    );
  }

  /** Adds an audio clip unless one of that name is stored already (a restore); answers whether it was added. */
  async insertAudioIfAbsent(name: string, bytes: Buffer, contentType: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `INSERT INTO uploads (name, content, content_type, byte_size) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO NOTHING RETURNING id`,
      [name, bytes, contentType, bytes.length],
    )) as unknown[];
    return rows.length > 0;
  }

  /**
   * Adds an original (no variants: they are made when first asked for) unless one of that name is
   * stored already, which is kept; answers whether it was added. `manager`: a transaction to join.
   */
  async insertIfAbsent(image: ImageToStore, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows = (await manager.query(
      `INSERT INTO uploads (${INSERT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (name) DO NOTHING RETURNING id`,
      insertValues(image),
    )) as unknown[];
    return rows.length > 0;
  }

  /** Which of these names are stored (one query). */
  async storedNames(names: string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows = (await this.dataSource.query(`SELECT name FROM uploads WHERE name = ANY($1)`, [names])) as Array<{
      name: string;
    }>;
    return new Set(rows.map((row) => row.name));
  }

  /** The first stored original among these names (a variant's base with each possible extension). */
  async findUpload(names: string[]): Promise<StoredUpload | null> {
    const rows = (await this.dataSource.query(
      `SELECT ${UPLOAD_COLUMNS} FROM uploads WHERE name = ANY($1) ORDER BY id LIMIT 1`,
      [names],
    )) as StoredUpload[];
    return rows[0] ?? null;
  }

  async readUpload(name: string): Promise<StoredFile | null> {
    const rows = (await this.dataSource.query(`SELECT content, content_type FROM uploads WHERE name = $1`, [
      name,
    ])) as Array<{
      content: Buffer;
      content_type: string;
    }>;
    return rows[0] ? { bytes: rows[0].content, contentType: rows[0].content_type } : null;
  }

  /** The content type of a stored original, without its bytes. */
  async contentTypeOf(name: string): Promise<string | null> {
    const rows = (await this.dataSource.query(`SELECT content_type FROM uploads WHERE name = $1`, [name])) as Array<{
      content_type: string;
    }>;
    return rows[0]?.content_type ?? null;
  }

  async readVariant(uploadId: number, width: number, format: UploadVariantFormat): Promise<StoredFile | null> {
    const rows = (await this.dataSource.query(
      `SELECT content, content_type FROM upload_variants WHERE upload_id = $1 AND width = $2 AND format = $3`,
      [uploadId, width, format],
    )) as Array<{ content: Buffer; content_type: string }>;
    return rows[0] ? { bytes: rows[0].content, contentType: rows[0].content_type } : null;
  }

  /**
   * Stores a variant made lazily, unless another instance stored it first; answers the stored one
   * either way, so every instance serves the same bytes.
   */
  async insertVariantIfAbsent(uploadId: number, variant: EncodedVariant): Promise<StoredFile> {
    await insertVariant(this.dataSource.manager, uploadId, variant, 'ON CONFLICT DO NOTHING');
    return (
      (await this.readVariant(uploadId, variant.width, variant.format)) ?? {
        bytes: variant.bytes,
        contentType: variant.contentType,
      }
    );
  }

  /**
   * Runs `work` while holding the import lock, so instances starting together import one at a time: the second finds the files stored already.
   */
  async underImportLock<T>(work: () => Promise<T>): Promise<T> {
    return underAdvisoryLock(this.dataSource, ADVISORY_LOCKS.uploadImport, work);
  }
}

function insertVariant(
  manager: EntityManager,
  uploadId: number,
  variant: EncodedVariant,
  onConflict = '',
): Promise<unknown> {
  return manager.query(
    `INSERT INTO upload_variants (upload_id, width, format, content, content_type, height, byte_size)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ${onConflict}`,
    [uploadId, variant.width, variant.format, variant.bytes, variant.contentType, variant.height, variant.bytes.length],
  );
}
