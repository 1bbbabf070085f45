/**
 * The address bar's parameters of a list's query: the filters set, and the page after the first, so
 * that a filtered page can be reloaded and shared.
 */
export function listParamsOf({ page, ...filters }: { page: number }): Record<string, string> {
  const params = Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
  return page > 1 ? { ...params, page: String(page) } : params;
}
