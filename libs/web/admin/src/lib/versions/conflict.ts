import type { ChangeAuthor, VersionConflict } from '@blog/contracts';
import { formatDateTime, formatTime } from '../forms/format';
import { LABELS } from '../labels';

/** The refused save's conflict (tRPC CONFLICT with `data.conflict`: the record now and who changed it), or null. */
export function conflictOf<Current>(error: unknown): VersionConflict<Current> | null {
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  if (typeof data !== 'object' || data === null) return null;
  const { code, conflict } = data as { code?: unknown; conflict?: unknown };
  if (code !== 'CONFLICT' || typeof conflict !== 'object' || conflict === null) return null;
  const { current, changed } = conflict as Partial<VersionConflict<Current>>;
  return current && changed ? { current, changed } : null;
}

/** A record's version as read, or undefined (a record read before versions existed, or a create's answer). */
export function versionOf(record: unknown): number | undefined {
  const version = typeof record === 'object' && record !== null ? (record as { version?: unknown }).version : undefined;
  return typeof version === 'number' ? version : undefined;
}

/** Whether the newer version was saved by the signed-in user (another tab, another device). */
export function changedByYou(changed: ChangeAuthor, userId: number | undefined): boolean {
  return userId !== undefined && changed.user_id === userId;
}

/** "14:32" today, "2025-12-03 14:32" another day. */
function formatWhen(iso: string, now = new Date()): string {
  return new Date(iso).toDateString() === now.toDateString() ? formatTime(iso) : formatDateTime(iso);
}

/** "You, in Chrome 140 on Linux, at 14:32, in the admin"; "Thuy, in Firefox on Android, at 2025-12-03 14:32, …". */
export function describeChange(changed: ChangeAuthor, userId: number | undefined): string {
  return LABELS.versions.changedBy(
    changedByYou(changed, userId) ? LABELS.versions.you : changed.user_name,
    changed.session,
    formatWhen(changed.at),
    LABELS.versions.doors[changed.via],
  );
}

/** "Thuy on Firefox on Android, in the admin": a History row's author. */
export function describeAuthor(saved: ChangeAuthor): string {
  return LABELS.versions.savedBy(saved.user_name, saved.session, LABELS.versions.doors[saved.via]);
}
