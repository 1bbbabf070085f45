import { normaliseRedirectPath, storedRedirectTarget, type RedirectStatusCode } from '@blog/contracts';

export interface RedirectTarget {
  id: number;
  to_path: string;
  status_code: RedirectStatusCode;
}

type RedirectRow = RedirectTarget & { from_path: string };

/**
 * One instance's copy of the redirects, by normalised `from_path`: a request is looked up in memory,
 * never in the database. A row the rules refuse (written before them, or straight into the table) is
 * left out and handed to `onRefused`: no redirect ever leads off the site or hides a route of its own.
 */
export class RedirectMap {
  private readonly byPath: ReadonlyMap<string, RedirectTarget>;

  constructor(rows: RedirectRow[], onRefused: (row: RedirectRow, reason: string) => void = () => undefined) {
    const byPath = new Map<string, RedirectTarget>();
    for (const row of rows) {
      const target = storedRedirectTarget(row);
      if (target.error !== undefined) onRefused(row, target.error);
      else byPath.set(row.from_path, { id: row.id, status_code: row.status_code, to_path: target.path });
    }
    this.byPath = byPath;
  }

  get size(): number {
    return this.byPath.size;
  }

  /**
   * Where `url` (path and query, as requested) leads: its redirect with the kept query key
   * (`/?p=12`, `/archive?cat=3`) if there is one, else that of its path alone; trailing slashes and
   * percent-encoding do not matter.
   */
  lookup(url: string): RedirectTarget | undefined {
    if (this.byPath.size === 0) return undefined;
    const key = normaliseRedirectPath(url);
    const exact = this.byPath.get(key);
    if (exact) return exact;
    const queryAt = key.indexOf('?');
    return queryAt === -1 ? undefined : this.byPath.get(key.slice(0, queryAt));
  }
}
