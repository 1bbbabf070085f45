import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { DataSource } from 'typeorm';

/** Which file of an import: the export itself, or the zip of its images. */
export type ImportFileRole = 'file' | 'images';

/** Small enough for one query's parameter, large enough that a 500 MB file is a few hundred rows. */
const CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * An import's files kept in PostgreSQL (`import_files`), in chunks written and read one at a time:
 * whichever instance runs the job reads them (no shared disk), and a restart loses nothing.
 */
export class ImportFiles {
  constructor(private readonly dataSource: DataSource) {}

  /** Copies the file at `path` into the database, chunk by chunk. */
  async store(importId: number, role: ImportFileRole, path: string): Promise<void> {
    let part = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      await this.dataSource.query(`INSERT INTO import_files (import_id, role, part, chunk) VALUES ($1, $2, $3, $4)`, [
        importId,
        role,
        part++,
        Buffer.concat(pending),
      ]);
      pending = [];
      pendingBytes = 0;
    };
    for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
      pending.push(chunk as Buffer);
      pendingBytes += (chunk as Buffer).length;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
    await flush();
  }

  /** Writes the stored file to `path` (on this instance's disk, for the readers); false when there is none. */
  async restore(importId: number, role: ImportFileRole, path: string): Promise<boolean> {
    const parts = (await this.dataSource.query(
      `SELECT part FROM import_files WHERE import_id = $1 AND role = $2 ORDER BY part`,
      [importId, role],
    )) as Array<{ part: number }>;
    if (parts.length === 0) return false;
    const out = createWriteStream(path);
    try {
      for (const { part } of parts) {
        const [{ chunk }] = (await this.dataSource.query(
          `SELECT chunk FROM import_files WHERE import_id = $1 AND role = $2 AND part = $3`,
          [importId, role, part],
        )) as Array<{ chunk: Buffer }>;
        if (!out.write(chunk)) await once(out, 'drain');
      }
    } finally {
      out.end();
      await once(out, 'close');
    }
    return true;
  }

  /** Once an import has finished, its files are no longer needed. */
  async remove(importId: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM import_files WHERE import_id = $1`, [importId]);
  }
}
