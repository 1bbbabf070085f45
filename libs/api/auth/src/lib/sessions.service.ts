import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ActiveSession } from '@blog/contracts';
import { rowsWritten } from '@blog/api/data';
import { DomainError } from '@blog/api/core';

/** The opaque id of a session: its id never leaves the server (it is what the cookie carries). */
const PUBLIC_ID = `encode(sha256(convert_to(sid, 'UTF8')), 'hex')`;
/** The sessions of user $1 (Passport keeps the user id in the session). */
const OF_USER = `(sess::jsonb #>> '{passport,user}') = $1::text`;

interface SessionRow {
  id: string;
  device: string | null;
  address: string | null;
  signed_in_at: string | null;
  seen_at: string | null;
  current: boolean;
}

const isoOf = (epochMs: string | null) => (epochMs ? new Date(Number(epochMs)).toISOString() : null);

/**
 * The signed-in user's own sessions, as the profile lists them, and ending them. Sessions live in
 * PostgreSQL, so a session ended here is gone for every instance at its next request.
 */
@Injectable()
export class SessionsService {
  constructor(private readonly dataSource: DataSource) {}

  /** Unexpired sessions of `userId`, the most recently seen first; `currentSid` marks this one. */
  async list(userId: number, currentSid: string): Promise<ActiveSession[]> {
    const rows: SessionRow[] = await this.dataSource.query(
      `SELECT ${PUBLIC_ID} AS id, sess::jsonb ->> 'device' AS device, sess::jsonb ->> 'address' AS address,
              sess::jsonb ->> 'signedInAt' AS signed_in_at, sess::jsonb ->> 'seenAt' AS seen_at, sid = $2 AS current
       FROM sessions
       WHERE ${OF_USER} AND expire > now()
       ORDER BY (sess::jsonb ->> 'seenAt')::bigint DESC NULLS LAST, sid`,
      [userId, currentSid],
    );
    return rows.map((row) => ({
      id: row.id,
      device: row.device ?? 'Unknown device',
      address: row.address ?? 'unknown',
      signed_in_at: isoOf(row.signed_in_at),
      last_seen_at: isoOf(row.seen_at),
      current: row.current,
    }));
  }

  /** Ends one of the user's other sessions; 404 for none of theirs, 400 for this one (sign out instead). */
  async end(userId: number, currentSid: string, id: string): Promise<{ status: 200 }> {
    const ended = await this.deleteSessions(`${OF_USER} AND ${PUBLIC_ID} = $2 AND sid <> $3`, [userId, id, currentSid]);
    if (ended === 0) {
      const [current] = (await this.dataSource.query(`SELECT ${PUBLIC_ID} AS id FROM sessions WHERE sid = $1`, [
        currentSid,
      ])) as Array<{
        id: string;
      }>;
      if (current?.id === id) {
        throw DomainError.invalid([{ field: 'id', message: 'This is the session of this device: sign out to end it' }]);
      }
      throw DomainError.notFound('Session');
    }
    return { status: 200 };
  }

  /** Ends every session of the user but this one; answers how many ended. */
  async endOthers(userId: number, currentSid: string): Promise<{ status: 200; ended: number }> {
    return { status: 200, ended: await this.deleteSessions(`${OF_USER} AND sid <> $2`, [userId, currentSid]) };
  }

  /** Deletes the sessions `where` selects; answers how many. */
  private deleteSessions(where: string, parameters: unknown[]): Promise<number> {
    return rowsWritten(this.dataSource, `DELETE FROM sessions WHERE ${where}`, parameters);
  }
}
