import type { EntityManager } from 'typeorm';
import { SITE_IDENTITY_DEFAULTS, siteIdentityOf, uploadUrl, type SiteIdentity } from '@blog/contracts';
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

/** The sender of the subscription mails as General information holds it: a name (else the site's) and an address ('': none set). */
export async function readMailSender(manager: EntityManager): Promise<{ name: string; address: string }> {
  const [record] = await manager.find(GeneralInfoEntity, {
    select: ['site_name', 'sender_name', 'sender_address'],
    order: { id: 'ASC' },
    take: 1,
  });
  return {
    name: record?.sender_name || record?.site_name || SITE_IDENTITY_DEFAULTS.site_name,
    address: record?.sender_address ?? '',
  };
}
