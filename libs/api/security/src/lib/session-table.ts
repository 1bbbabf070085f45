import type { DataSource, EntityManager } from 'typeorm';
import { rowsWritten } from '@blog/api/data';

/**
 * The SQL of the table connect-pg-simple keeps the sessions in (`installSessions`), in one place: the
 * profile's Active sessions list and every place that ends a user's sessions read and write it here.
 */
export const SESSIONS_TABLE = 'sessions';

type Database = Pick<DataSource | EntityManager, 'query'>;

/** The opaque id of a session: its id never leaves the server (it is what the cookie carries). */
const PUBLIC_ID = `encode(sha256(convert_to(sid, 'UTF8')), 'hex')`;
/** The sessions of user $1 (Passport keeps the user id in the session). */
const OF_USER = `(sess::jsonb #>> '{passport,user}') = $1::text`;

/** A session as the profile lists it: what `recordSessionActivity` kept in it (epoch milliseconds as text). */
export interface SessionRow {
  id: string;
  device: string | null;
  address: string | null;
  signed_in_at: string | null;
  seen_at: string | null;
  current: boolean;
}

/** Unexpired sessions of `userId`, the most recently seen first; `currentSid` marks this one. */
export function listUserSessions(database: Database, userId: number, currentSid: string): Promise<SessionRow[]> {
  return database.query(
    `SELECT ${PUBLIC_ID} AS id, sess::jsonb ->> 'device' AS device, sess::jsonb ->> 'address' AS address,
            sess::jsonb ->> 'signedInAt' AS signed_in_at, sess::jsonb ->> 'seenAt' AS seen_at, sid = $2 AS current
     FROM ${SESSIONS_TABLE}
     WHERE ${OF_USER} AND expire > now()
     ORDER BY (sess::jsonb ->> 'seenAt')::bigint DESC NULLS LAST, sid`,
    [userId, currentSid],
  );
}

/** The public id of session `sid`, or undefined when there is none. */
export async function publicSessionIdOf(database: Database, sid: string): Promise<string | undefined> {
  const [session] = (await database.query(`SELECT ${PUBLIC_ID} AS id FROM ${SESSIONS_TABLE} WHERE sid = $1`, [
    sid,
  ])) as Array<{ id: string }>;
  return session?.id;
}

/** Ends the session of `userId` whose public id is `publicId`, unless it is `currentSid`; answers how many ended. */
export function endUserSession(database: Database, userId: number, publicId: string, currentSid: string) {
  return rowsWritten(database, `DELETE FROM ${SESSIONS_TABLE} WHERE ${OF_USER} AND ${PUBLIC_ID} = $2 AND sid <> $3`, [
    userId,
    publicId,
    currentSid,
  ]);
}

/** Ends every session of `userId` but `keepSid` (all of them without it); answers how many ended. */
export function endUserSessions(database: Database, userId: number, keepSid?: string): Promise<number> {
  return rowsWritten(database, `DELETE FROM ${SESSIONS_TABLE} WHERE ${OF_USER} AND sid IS DISTINCT FROM $2`, [
    userId,
    keepSid ?? null,
  ]);
}
