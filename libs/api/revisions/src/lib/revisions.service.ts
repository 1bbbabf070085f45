import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  RETENTION,
  RETENTION_SCHEDULE,
  SITE_TIME_ZONE,
  type AboutRevision,
  type PostRevision,
  type ProjectRevision,
  type RevisionDoor,
  type RevisionRecord,
  type RevisionSummary,
} from '@blog/contracts';
import { RevisionEntity, rowsWritten } from '@blog/api/data';
import { DomainError } from '@blog/api/core';
import { JobQueue } from '@blog/api/jobs';

/** The scheduled job that thins the revisions (`RETENTION`). */
export const REVISIONS_THIN_JOB = 'revisions.thin';

/** The table and the `revisions` column of each record that keeps revisions (fixed names, never input). */
const RECORDS = {
  post: { table: 'posts', owner: 'post_id', what: 'Post' },
  about: { table: 'about', owner: 'about_id', what: 'About record' },
  project: { table: 'projects', owner: 'project_id', what: 'Project' },
} as const satisfies Record<RevisionRecord, { table: string; owner: string; what: string }>;

type AnyRevision = PostRevision | AboutRevision | ProjectRevision;

interface SummaryRow {
  id: number;
  version: number;
  saved_at: Date;
  saved_by: number | null;
  user_name: string | null;
  saved_via: RevisionDoor;
  saved_session: string | null;
  replaced_at: Date;
}

const SUMMARY_COLUMNS = `revision.id, revision.version, revision.saved_at, revision.saved_by, author.name AS user_name,
  revision.saved_via, revision.saved_session, revision.replaced_at`;

function toSummary(row: SummaryRow): RevisionSummary {
  return {
    id: row.id,
    version: row.version,
    saved: {
      at: row.saved_at.toISOString(),
      user_id: row.saved_by,
      user_name: row.user_name,
      via: row.saved_via,
      session: row.saved_session,
    },
    replaced_at: row.replaced_at.toISOString(),
  };
}

/**
 * The revisions of posts, of the About record and of projects (admin-only reads): each save keeps the version it
 * replaced (`keepRevision` in `@blog/api/data`, in the save's transaction). Restoring one is the edit
 * form loading its fields and saving them, a save like any other (so it can be undone too). A trashed
 * post keeps its revisions, readable here. Thinned by a job on `RETENTION_SCHEDULE`, run once across instances.
 */
@Injectable()
export class RevisionsService implements OnModuleInit {
  constructor(
    @InjectRepository(RevisionEntity) private readonly revisions: Repository<RevisionEntity>,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      name: REVISIONS_THIN_JOB,
      handler: async () => void (await this.thin()),
      retryLimit: 2,
      expireInSeconds: 10 * 60,
      schedule: { cron: RETENTION_SCHEDULE, tz: SITE_TIME_ZONE },
    });
  }

  /** The record's revisions, the last replaced first; 404 for no such record. */
  async list(record: RevisionRecord, id: number): Promise<RevisionSummary[]> {
    await this.requireRecord(record, id);
    const { owner } = RECORDS[record];
    const rows: SummaryRow[] = await this.revisions.query(
      `SELECT ${SUMMARY_COLUMNS}
         FROM revisions revision LEFT JOIN users author ON author.id = revision.saved_by
        WHERE revision.${owner} = $1
        ORDER BY revision.replaced_at DESC, revision.id DESC`,
      [id],
    );
    return rows.map(toSummary);
  }

  /** One revision of the record with its fields; 404 for no such record or revision of it. */
  get(record: 'post', id: number, revisionId: number): Promise<PostRevision>;
  get(record: 'about', id: number, revisionId: number): Promise<AboutRevision>;
  get(record: 'project', id: number, revisionId: number): Promise<ProjectRevision>;
  get(record: RevisionRecord, id: number, revisionId: number): Promise<AnyRevision>;
  async get(record: RevisionRecord, id: number, revisionId: number): Promise<AnyRevision> {
    await this.requireRecord(record, id);
    const { owner } = RECORDS[record];
    const [row] = (await this.revisions.query(
      `SELECT ${SUMMARY_COLUMNS}, revision.fields
         FROM revisions revision LEFT JOIN users author ON author.id = revision.saved_by
        WHERE revision.id = $1 AND revision.${owner} = $2`,
      [revisionId, id],
    )) as Array<SummaryRow & { fields: PostRevision['fields'] & AboutRevision['fields'] & ProjectRevision['fields'] }>;
    if (!row) throw DomainError.notFound('Revision');
    return { ...toSummary(row), fields: row.fields };
  }

  /**
   * The job's work, in one statement: every revision younger than `RETENTION.revisionsKeepAllDays` is kept;
   * of the older ones, the last of each day (in the site's time zone); then at most
   * `RETENTION.revisionsMaxPerRecord` of each record, the newest. Answers how many were deleted.
   */
  thin(): Promise<number> {
    return rowsWritten(
      this.revisions,
      `WITH daily AS (
         SELECT id, post_id, about_id, project_id, replaced_at,
                replaced_at >= now() - make_interval(days => $1)
                OR row_number() OVER (
                     PARTITION BY post_id, about_id, project_id, (replaced_at AT TIME ZONE $3)::date
                     ORDER BY replaced_at DESC, id DESC) = 1 AS kept
           FROM revisions
       ), ranked AS (
         SELECT id, kept,
                row_number() OVER (PARTITION BY post_id, about_id, project_id, kept ORDER BY replaced_at DESC, id DESC) AS rank
           FROM daily
       )
       DELETE FROM revisions USING ranked
        WHERE revisions.id = ranked.id AND (NOT ranked.kept OR ranked.rank > $2)`,
      [RETENTION.revisionsKeepAllDays, RETENTION.revisionsMaxPerRecord, SITE_TIME_ZONE],
    );
  }

  /** A trashed post (or project) is one still: its revisions stay readable (it may come back). */
  private async requireRecord(record: RevisionRecord, id: number): Promise<void> {
    const { table, what } = RECORDS[record];
    const [found] = await this.revisions.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
    if (!found) throw DomainError.notFound(what);
  }
}
