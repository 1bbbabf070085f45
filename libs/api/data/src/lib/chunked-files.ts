import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { DataSource } from 'typeorm';

/** Small enough for one query's parameter, large enough that a 500 MB file is a few hundred rows. */
const CHUNK_BYTES = 4 * 1024 * 1024;

/** Where a kind of file is kept: its table and the column naming its owner (both fixed here, never input). */
export interface ChunkedFilesTable {
  table: 'import_files' | 'export_files';
  ownerColumn: 'import_id' | 'export_id';
}

/**
 * Files kept in PostgreSQL in chunks (an import's upload, an export's archive), written and read one
 * chunk at a time so memory stays flat whatever their size: whichever instance runs the job or serves
 * the download reads them (no shared disk), and a restart loses nothing. `role` tells apart the files
 * of one owner (an import's export file and its images zip).
 */
export class ChunkedFiles {
  constructor(
    private readonly dataSource: DataSource,
    private readonly where: ChunkedFilesTable,
  ) {}

  /** Copies the file at `path` into the database, chunk by chunk; answers its size in bytes. */
  async store(ownerId: number, path: string, role: string): Promise<number> {
    let part = 0;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const { table, ownerColumn } = this.where;
    const flush = async () => {
      if (pendingBytes === 0) return;
      await this.dataSource.query(`INSERT INTO ${table} (${ownerColumn}, role, part, chunk) VALUES ($1, $2, $3, $4)`, [
        ownerId,
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
      size += (chunk as Buffer).length;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
    await flush();
    return size;
  }

  /** Writes the stored file into `out`, one chunk at a time; false (and nothing written) when there is none. */
  async copyTo(ownerId: number, out: Writable, role: string): Promise<boolean> {
    const { table, ownerColumn } = this.where;
    const parts = (await this.dataSource.query(
      `SELECT part FROM ${table} WHERE ${ownerColumn} = $1 AND role = $2 ORDER BY part`,
      [ownerId, role],
    )) as Array<{ part: number }>;
    if (parts.length === 0) return false;
    for (const { part } of parts) {
      const [{ chunk }] = (await this.dataSource.query(
        `SELECT chunk FROM ${table} WHERE ${ownerColumn} = $1 AND role = $2 AND part = $3`,
        [ownerId, role, part],
      )) as Array<{ chunk: Buffer }>;
      if (!out.write(chunk)) await once(out, 'drain');
    }
    return true;
  }

  /** Writes the stored file to `path` on this instance's disk; false when there is none. */
  async restore(ownerId: number, path: string, role: string): Promise<boolean> {
    const out = createWriteStream(path);
    try {
      return await this.copyTo(ownerId, out, role);
    } finally {
      out.end();
      await once(out, 'close');
    }
  }

  async remove(ownerId: number): Promise<void> {
    const { table, ownerColumn } = this.where;
    await this.dataSource.query(`DELETE FROM ${table} WHERE ${ownerColumn} = $1`, [ownerId]);
  }
}
