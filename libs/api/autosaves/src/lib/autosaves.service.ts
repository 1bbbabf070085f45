import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  AUTOSAVE,
  AUTOSAVE_PURGE_SCHEDULE,
  AUTOSAVE_VALUES_MAX_CHARS,
  NEW_RECORD_SLOT_PREFIXES,
  OK,
  SITE_TIME_ZONE,
  type Autosave,
  type NewRecordKind,
  type AutosaveValues,
  type Ok,
} from '@blog/contracts';
import { AutosaveEntity, rowsWritten } from '@blog/api/data';
import { DomainError, requireRichTextBounds } from '@blog/api/core';
import { JobQueue } from '@blog/api/jobs';

/** The scheduled job that deletes the autosaves older than `AUTOSAVE.keepDays`. */
export const AUTOSAVES_PURGE_JOB = 'autosaves.purge';

interface AutosaveRow {
  slot: string;
  values: AutosaveValues;
  base_version: number | null;
  saved_at: Date;
}

const COLUMNS = 'slot, values, base_version, saved_at';

function answerOf(row: AutosaveRow): Autosave {
  return { ...row, saved_at: row.saved_at.toISOString() };
}

/**
 * Autosaves: a form's unsaved values, one per user and slot. Every statement names the
 * user, so one administrator never reads or clears another's. The saved post or About record is never
 * touched here; a save of the record clears the saver's slot (`clearAutosaveAfterSave`). Old autosaves are
 * purged by a job on `AUTOSAVE_PURGE_SCHEDULE` (run once across instances; `JobsModule` must be in the app).
 */
@Injectable()
export class AutosavesService implements OnModuleInit {
  constructor(
    @InjectRepository(AutosaveEntity) private readonly autosaves: Repository<AutosaveEntity>,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      name: AUTOSAVES_PURGE_JOB,
      handler: async () => void (await this.purgeExpired()),
      retryLimit: 2,
      expireInSeconds: 10 * 60,
      schedule: { cron: AUTOSAVE_PURGE_SCHEDULE, tz: SITE_TIME_ZONE },
    });
  }

  /** Writes the slot's values (one statement: two tabs saving at once leave the last one, never an error). */
  async save(userId: number, slot: string, values: AutosaveValues, baseVersion: number | null): Promise<Autosave> {
    const json = JSON.stringify(values);
    if (json.length > AUTOSAVE_VALUES_MAX_CHARS) {
      throw new DomainError('PAYLOAD_TOO_LARGE', `An autosave must be at most ${AUTOSAVE_VALUES_MAX_CHARS} characters`);
    }
    // The editor parses what it restores: any text field may be a post's or the About page's HTML.
    requireRichTextBounds(
      Object.fromEntries(
        Object.entries(values).flatMap(([field, value]) =>
          typeof value === 'string' ? [[`values.${field}`, value]] : [],
        ),
      ),
    );
    const [row] = (await this.autosaves.query(
      `INSERT INTO autosaves (user_id, slot, values, base_version, saved_at) VALUES ($1, $2, $3::jsonb, $4, clock_timestamp())
       ON CONFLICT (user_id, slot) DO UPDATE
         SET values = EXCLUDED.values, base_version = EXCLUDED.base_version, saved_at = EXCLUDED.saved_at
       RETURNING ${COLUMNS}`,
      [userId, slot, json, baseVersion],
    )) as AutosaveRow[];
    return answerOf(row);
  }

  /** The user's autosave in the slot, or null. */
  async find(userId: number, slot: string): Promise<Autosave | null> {
    const [row] = (await this.autosaves.query(`SELECT ${COLUMNS} FROM autosaves WHERE user_id = $1 AND slot = $2`, [
      userId,
      slot,
    ])) as AutosaveRow[];
    return row ? answerOf(row) : null;
  }

  /** The same, 404 when there is none (`GET /api/autosaves/{slot}`). */
  async get(userId: number, slot: string): Promise<Autosave> {
    const found = await this.find(userId, slot);
    if (!found) throw DomainError.notFound('Autosave');
    return found;
  }

  /** The user's new posts (`new-post`) or projects (`new-project`) never submitted, the last saved first. */
  async listNew(userId: number, kind: NewRecordKind): Promise<Autosave[]> {
    const rows = (await this.autosaves.query(
      `SELECT ${COLUMNS} FROM autosaves WHERE user_id = $1 AND starts_with(slot, $2) ORDER BY saved_at DESC, id DESC`,
      [userId, NEW_RECORD_SLOT_PREFIXES[kind]],
    )) as AutosaveRow[];
    return rows.map(answerOf);
  }

  /** Clears the slot; done when there was nothing to clear too (a second tab, a retried request). */
  async discard(userId: number, slot: string): Promise<Ok> {
    await this.autosaves.query(`DELETE FROM autosaves WHERE user_id = $1 AND slot = $2`, [userId, slot]);
    return OK;
  }

  /** The purge job's work: deletes the autosaves saved more than `AUTOSAVE.keepDays` ago; answers how many. */
  purgeExpired(): Promise<number> {
    return rowsWritten(this.autosaves, `DELETE FROM autosaves WHERE saved_at < now() - make_interval(days => $1)`, [
      AUTOSAVE.keepDays,
    ]);
  }
}
