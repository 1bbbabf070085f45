import { normaliseRedirectPath, type RedirectStatusCode } from '@blog/contracts';

export interface RedirectTarget {
  id: number;
  to_path: string;
  status_code: RedirectStatusCode;
}

/**
 * One instance's copy of the redirects, by normalised `from_path`: a request is looked up in memory,
 * never in the database.
 */
export class RedirectMap {
  private readonly byPath: ReadonlyMap<string, RedirectTarget>;

  constructor(rows: Array<RedirectTarget & { from_path: string }>) {
    this.byPath = new Map(rows.map(({ from_path, ...target }) => [from_path, target]));
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
