/** The list page in the address (`?page=2`); anything that is not a page number means page 1. */
export function pageFromSearch(params: URLSearchParams): number {
  const raw = params.get('page');
  if (!raw || !/^\d{1,7}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= 1_000_000 ? page : 1;
}

/** The address of `page` of the list at `path`: page 1 is the bare path. */
export function pageHref(path: string, page: number): string {
  return page <= 1 ? path : `${path}?page=${page}`;
}
