import { siteIdentityOf, type SiteIdentity } from '@blog/contracts';
import { trpc } from './trpc';

/**
 * The site's name, description, hero, author and copyright holder as the owner set them in General
 * information (the defaults until she does, and while they load): what every page shows them from.
 */
export function useSiteIdentity(): SiteIdentity {
  const { data } = trpc.siteInfo.list.useQuery();
  return siteIdentityOf(data?.[0]);
}
