import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ActiveSession } from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import { endUserSession, endUserSessions, listUserSessions, publicSessionIdOf } from '@blog/api/security';

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
    const rows = await listUserSessions(this.dataSource, userId, currentSid);
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
    const ended = await endUserSession(this.dataSource, userId, id, currentSid);
    if (ended === 0) {
      if ((await publicSessionIdOf(this.dataSource, currentSid)) === id) {
        throw DomainError.invalid([{ field: 'id', message: 'This is the session of this device: sign out to end it' }]);
      }
      throw DomainError.notFound('Session');
    }
    return { status: 200 };
  }

  /** Ends every session of the user but this one; answers how many ended. */
  async endOthers(userId: number, currentSid: string): Promise<{ status: 200; ended: number }> {
    return { status: 200, ended: await endUserSessions(this.dataSource, userId, currentSid) };
  }
}
