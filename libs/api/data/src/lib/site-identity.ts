import type { EntityManager } from 'typeorm';
import { siteIdentityOf, uploadUrl, type SiteIdentity } from '@blog/contracts';
import { GeneralInfoEntity } from './entities/general-info.entity';

/** The site's identity as General information holds it (its defaults while there is no record), for the feeds and mails. */
export async function readSiteIdentity(manager: EntityManager): Promise<SiteIdentity> {
  const [record] = await manager.find(GeneralInfoEntity, { order: { id: 'ASC' }, take: 1 });
  return siteIdentityOf(
    record
      ? { ...record, hero_image_url: uploadUrl(record.hero_image), hero_image_width: null, hero_image_height: null }
      : null,
  );
}
