import type { DataSource, EntityManager } from 'typeorm';
import { numberedSlug, OK, RETENTION, type Ok, type RestoredPost, type TrashEmptied } from '@blog/contracts';
import { rowsWritten, type ChangeOrigin } from '@blog/api/data';
import { isUniqueViolation } from './constraint-violation';
import { DomainError } from './domain-error';

/** A kind of record that goes to the trash (`deleted_at`) before it is deleted for good. */
export interface TrashKind<State> {
  /** Its table (a fixed name, never input), with `id`, `slug`, `deleted_at` and the versioned columns. */
  table: 'posts' | 'projects';
  /** Its unique slug constraint, which decides the slug a restored record gets back. */
  slugConstraint: string;
  /** Its name in a 404 ("Post not found"). */
  what: string;
  /** The record as its deletion is announced; null when there is none. */
  stateOf(id: number): Promise<State | null>;
  /** Announces a record deleted for good (read before it was deleted). */
  deletedForever(state: State): Promise<void>;
  /** Announces a record back from the trash (public again, when it is shown and its time has come). */
  restored(id: number): Promise<void>;
  /** Makes room for the trashed record before it comes back (a post leaves a translation group whose slot was taken). */
  restoring?(id: number): Promise<void>;
}

type Database = Pick<DataSource | EntityManager, 'query'>;

/**
 * The trash of one kind of record, the same rules for each (posts, projects): a trashed record is restored
 * under its slug or a free `slug-2`..., deleted for good (announced), emptied, or purged
 * `RETENTION.trashDays` after it came. Listing it and scheduling the purge are the kind's own.
 */
export class TrashBin<State> {
  /** The trashed record `$1`. */
  private readonly trashed = 'id = $1 AND deleted_at IS NOT NULL';

  constructor(
    private readonly database: Database,
    private readonly kind: TrashKind<State>,
  ) {}

  /**
   * Brings the record back where it was (`updated_at` untouched) under its slug, or, when another took that
   * slug meanwhile, the first free `slug-2`, `slug-3`...; the unique index decides, so a record saved at the
   * same moment never ends up with the same slug. Bumps the version, written by `origin`'s user through the
   * door 'restore'. Answers the slug it got, and whether that is another; 404 for a record not in the trash.
   */
  async restore(id: number, origin: ChangeOrigin): Promise<RestoredPost> {
    const { table, slugConstraint, what } = this.kind;
    const [record] = (await this.database.query(`SELECT slug FROM ${table} WHERE ${this.trashed}`, [id])) as Array<{
      slug: string;
    }>;
    if (!record) throw DomainError.notFound(what);
    await this.kind.restoring?.(id);
    for (let n = 1; ; n += 1) {
      const slug = n === 1 ? record.slug : numberedSlug(record.slug, n);
      try {
        const restored = await rowsWritten(
          this.database,
          // A write like a save (its door 'restore'): a tab still holding the trashed version cannot save over it.
          `UPDATE ${table} SET deleted_at = NULL, slug = $2, version = version + 1, updated_by = $3, updated_via = $4,
                  updated_session = $5
            WHERE ${this.trashed}`,
          [id, slug, origin.user_id, 'restore' satisfies ChangeOrigin['via'], origin.session],
        );
        if (!restored) throw DomainError.notFound(what);
        await this.kind.restored(id);
        return { status: 200, id, slug, slug_changed: slug !== record.slug };
      } catch (error) {
        if (!isUniqueViolation(error, slugConstraint)) throw error;
      }
    }
  }

  /** Deletes a trashed record for good; 404 for a record not in the trash. */
  async deleteForever(id: number): Promise<Ok> {
    if (!(await this.deleteAnnounced(this.trashed, [id]))) throw DomainError.notFound(this.kind.what);
    return OK;
  }

  /** Deletes every trashed record for good: `{status: 200, deleted}`. */
  async empty(): Promise<TrashEmptied> {
    return { status: 200, deleted: await this.deleteAnnounced(`deleted_at IS NOT NULL`, []) };
  }

  /** The purge job's work: deletes the records trashed more than `RETENTION.trashDays` ago; answers how many. */
  purgeExpired(): Promise<number> {
    return this.deleteAnnounced(`deleted_at < now() - make_interval(days => $1)`, [RETENTION.trashDays]);
  }

  /**
   * Deletes the records `where` picks, each announced as it was: read first, announced only when its
   * DELETE went through. Answers how many were deleted.
   */
  private async deleteAnnounced(where: string, parameters: unknown[]): Promise<number> {
    const { table, stateOf, deletedForever } = this.kind;
    const ids = (
      (await this.database.query(`SELECT id FROM ${table} WHERE ${where}`, parameters)) as Array<{ id: number }>
    ).map((row) => row.id);
    const states = new Map<number, State>();
    for (const id of ids) {
      const state = await stateOf(id);
      if (state) states.set(id, state);
    }
    // As a SELECT of the returned rows: TypeORM answers a raw DELETE in a shape of its own.
    const deleted = (await this.database.query(
      `WITH written AS (DELETE FROM ${table} WHERE ${where} RETURNING id) SELECT id FROM written`,
      parameters,
    )) as Array<{ id: number }>;
    for (const { id } of deleted) {
      const state = states.get(id);
      if (state) await deletedForever(state);
    }
    return deleted.length;
  }
}
