import type { DataSource, EntityManager } from 'typeorm';

export type ImportItemKind = 'category' | 'post' | 'project' | 'testimonial' | 'comment' | 'image' | 'audio';

export interface ImportedItem {
  /** What it became: a category's, post's, project's, testimonial's or comment's id, an upload's name. */
  target: string;
  /** The import that created it (null once that import is deleted). */
  importId: number | null;
}

/**
 * What each source item became (`import_items`), keyed by the source's own ids within a namespace
 * (the source and its site), so that running the same file again, or resuming a run after a restart,
 * creates nothing twice.
 */
export class ImportItems {
  constructor(
    private readonly dataSource: DataSource,
    /** `wxr|https://example.com`: the same ids on another site are other items. */
    private readonly namespace: string,
    private readonly importId: number,
  ) {}

  async find(key: string): Promise<ImportedItem | null> {
    const rows = (await this.dataSource.query(`SELECT target, import_id FROM import_items WHERE source_key = $1`, [
      this.keyOf(key),
    ])) as Array<{ target: string; import_id: number | null }>;
    return rows[0] ? { target: rows[0].target, importId: rows[0].import_id } : null;
  }

  /** `manager`: the transaction that wrote the item, so both are kept or neither. */
  async remember(
    key: string,
    kind: ImportItemKind,
    target: string | number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO import_items (source_key, kind, target, import_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (source_key) DO UPDATE SET target = EXCLUDED.target, import_id = EXCLUDED.import_id`,
      [this.keyOf(key), kind, String(target), this.importId],
    );
  }

  /** Whether an item found was made by this very import (a run resumed after a restart), not an earlier one. */
  isOurs(item: ImportedItem): boolean {
    return item.importId === this.importId;
  }

  private keyOf(key: string): string {
    return `${this.namespace}|${key}`.slice(0, 600);
  }
}
