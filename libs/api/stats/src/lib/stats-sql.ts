import type { EntityManager } from 'typeorm';
import { SITE_TIME_ZONE } from '@blog/contracts';

/** A day of the site's time zone as the instant it begins (SQL, of a `date` expression); `$tz` is the zone. */
export const dayStartSql = (day: string) => `(${day})::timestamp AT TIME ZONE $tz`;

/** Runs the statistics' SQL with named parameters (`$name`); `$tz` is always the site's time zone. */
export function statsQuery<T>(manager: EntityManager, sql: string, params: Record<string, unknown>): Promise<T[]> {
  return manager.query(...namedParameters(sql, { ...params, tz: SITE_TIME_ZONE }));
}

/** `$name` placeholders to PostgreSQL's `$1…`, each value given once however often it is named. */
export function namedParameters(sql: string, params: Record<string, unknown>): [string, unknown[]] {
  const names: string[] = [];
  const text = sql.replace(/\$([a-z]\w*)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`SQL parameter $${name} is not given`);
    const index = names.indexOf(name);
    return `$${index >= 0 ? index + 1 : names.push(name)}`;
  });
  return [text, names.map((name) => params[name])];
}
