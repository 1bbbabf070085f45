import { trpc } from '@blog/web/data';

/** The site's general information (logo, favicon, contact details): the first record, if any. */
export function useGeneralInfo() {
  const query = trpc.siteInfo.list.useQuery();
  return { ...query, info: query.data?.[0] ?? null };
}
