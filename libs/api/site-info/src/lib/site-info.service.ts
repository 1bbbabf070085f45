import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  SOCIAL_NETWORKS,
  uploadUrl,
  type GeneralInfo,
  type GeneralInfoAdmin,
  type generalInfoInputSchema,
  type Saved,
  type SiteTags,
} from '@blog/contracts';
import { GeneralInfoEntity, lastChangeOf, SharedReads, StaleVersion, type ChangeOrigin } from '@blog/api/data';
import {
  APP_CONFIG,
  conflictOnUnique,
  DomainError,
  UploadedImageSizes,
  type AppConfig,
  type ImageDimensions,
} from '@blog/api/core';
import type { z } from 'zod';
import { insertGeneralInfo, replaceGeneralInfo } from './general-info-writer';

/** General info as `generalInfoInputSchema` parsed it: a field left out is undefined. */
export type GeneralInfoFields = z.output<typeof generalInfoInputSchema>;

const alreadyExists = (id: number | string) =>
  `The General info record already exists: update it with PUT /api/generalInfo/${id}`;

/** The columns a save sets: only the fields that were given (a state other than booked clears the booking's day). */
function columnsOf(fields: GeneralInfoFields): Partial<GeneralInfoEntity> {
  const columns: Partial<GeneralInfoEntity> = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  );
  if (fields.availability !== undefined && fields.availability !== 'booked') columns.booked_until = null;
  // Kept in `LANGUAGES`' order, whatever order they came in.
  if (fields.languages) columns.languages = LANGUAGES.filter((language) => fields.languages?.includes(language));
  return columns;
}

const DEFAULT_NOT_RUN = { field: 'languages', message: 'must include the default language' };

/** 400 naming `languages` when the default language the save leaves is not among the languages it leaves. */
function checkLanguages(fields: GeneralInfoFields, stored: Pick<GeneralInfoEntity, 'default_language' | 'languages'>) {
  const defaultLanguage = fields.default_language ?? stored.default_language;
  if (!(fields.languages ?? stored.languages).includes(defaultLanguage)) throw DomainError.invalid([DEFAULT_NOT_RUN]);
}

/** A record as read; `heroImageSize`: its hero picture's size in pixels, when known. */
export function toGeneralInfo(record: GeneralInfoEntity, heroImageSize: ImageDimensions | null = null): GeneralInfo {
  return {
    id: record.id,
    logo_1: record.logo_1,
    logo_2: record.logo_2,
    favicon: record.favicon,
    logo_1_url: uploadUrl(record.logo_1),
    logo_2_url: uploadUrl(record.logo_2),
    favicon_url: uploadUrl(record.favicon),
    email: record.email,
    phone: record.phone,
    address: record.address,
    facebook_url: record.facebook_url,
    instagram_url: record.instagram_url,
    linkedin_url: record.linkedin_url,
    youtube_url: record.youtube_url,
    zalo_url: record.zalo_url,
    tiktok_url: record.tiktok_url,
    site_name: record.site_name,
    site_description: record.site_description,
    hero_greeting: record.hero_greeting,
    hero_title: record.hero_title,
    hero_text: record.hero_text,
    hero_image: record.hero_image,
    hero_image_url: uploadUrl(record.hero_image),
    hero_image_width: heroImageSize?.width ?? null,
    hero_image_height: heroImageSize?.height ?? null,
    author_name: record.author_name,
    copyright_holder: record.copyright_holder,
    availability: record.availability,
    booked_until: record.booked_until,
    availability_note: record.availability_note,
    sender_name: record.sender_name,
    sender_address: record.sender_address,
    comments_enabled: record.comments_enabled,
    comments_close_after_days: record.comments_close_after_days,
    default_language: record.default_language,
    languages: record.languages,
    version: record.version,
  };
}

/** A record as its administrators read it: with the moderation's rules, which the public read leaves out. */
function toGeneralInfoAdmin(record: GeneralInfoEntity, heroImageSize: ImageDimensions | null): GeneralInfoAdmin {
  return {
    ...toGeneralInfo(record, heroImageSize),
    comments_max_links: record.comments_max_links,
    comments_block_list: record.comments_block_list,
    comments_spam_threshold: record.comments_spam_threshold,
  };
}

/** The site's general information (logos, favicon, contact details, identity): a singleton. */
@Injectable()
export class SiteInfoService {
  constructor(
    @InjectRepository(GeneralInfoEntity) private readonly generalInfo: Repository<GeneralInfoEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sharedReads: SharedReads,
    private readonly imageSizes: UploadedImageSizes,
  ) {}

  list(): Promise<GeneralInfo[]> {
    // Every public page reads it (header, footer): kept until it changes.
    return this.sharedReads.read('siteInfo.list', ['general_info'], async () => {
      const records = await this.generalInfo.find({ order: { id: 'ASC' } });
      const sizes = await this.imageSizes.ofMany(records.map((record) => record.hero_image));
      return records.map((record) => toGeneralInfo(record, sizes.get(record.hero_image ?? '')));
    });
  }

  /** The records as their administrators read them (the admin's form; never a public page). */
  async adminList(): Promise<GeneralInfoAdmin[]> {
    const records = await this.generalInfo.find({ order: { id: 'ASC' } });
    const sizes = await this.imageSizes.ofMany(records.map((record) => record.hero_image));
    return records.map((record) => toGeneralInfoAdmin(record, sizes.get(record.hero_image ?? '') ?? null));
  }

  /** One record as its administrators read it; 404 when there is none with this id. */
  async adminById(id: number): Promise<GeneralInfoAdmin> {
    const record = await this.generalInfo.findOneBy({ id });
    if (!record) throw DomainError.notFound('General info record');
    return toGeneralInfoAdmin(record, await this.imageSizes.of(record.hero_image));
  }

  /** Creates the one record (a field left out is empty, an identity field its default); 409 once it exists. */
  async create(fields: GeneralInfoFields, origin: ChangeOrigin): Promise<Saved> {
    const [existing] = await this.generalInfo.find({ select: ['id'], order: { id: 'ASC' }, take: 1 });
    if (existing) throw new DomainError('CONFLICT', alreadyExists(existing.id));
    checkLanguages(fields, { default_language: DEFAULT_LANGUAGE, languages: [...LANGUAGES] });
    // The singleton index decides between two creates racing past the check above.
    const id = await conflictOnUnique(
      () =>
        insertGeneralInfo(
          this.generalInfo.manager,
          {
            logo_1: null,
            logo_2: null,
            favicon: null,
            email: '',
            phone: '',
            address: '',
            ...Object.fromEntries(SOCIAL_NETWORKS.map(({ field }) => [field, null])),
            ...columnsOf(fields),
          },
          origin,
        ),
      { UQ_general_info_singleton: { field: 'id', message: alreadyExists('{id}') } },
    );
    return { status: 200, id };
  }

  /**
   * Sets the fields given and keeps the others (`null` or `''` removes a logo); bumps the version even
   * when none is given. `version`: the version the save started from; one UPDATE matches that version
   * only, else nothing is written and the save is refused with the record now (`DomainError.versionConflict`).
   * A save of the languages checks them against the record it locks: of two racing, the second checks
   * what the first left (400 naming `languages`), never what was there before both.
   */
  async update(id: number, fields: GeneralInfoFields, origin: ChangeOrigin, version?: number): Promise<Saved> {
    try {
      await this.generalInfo.manager.transaction(async (manager) => {
        if (fields.default_language !== undefined || fields.languages !== undefined) {
          const stored = await manager.findOne(GeneralInfoEntity, {
            select: ['default_language', 'languages'],
            where: { id },
            lock: { mode: 'pessimistic_write' },
          });
          if (!stored) throw DomainError.notFound('General info record');
          checkLanguages(fields, stored);
        }
        await replaceGeneralInfo(manager, id, columnsOf(fields), origin, version);
      });
    } catch (error) {
      if (!(error instanceof StaleVersion)) throw error;
      const record = await this.generalInfo.findOneBy({ id });
      const changed = await lastChangeOf(this.generalInfo.manager, 'general_info', id);
      if (!record || !changed) throw DomainError.notFound('General info record');
      throw DomainError.versionConflict('general information', record.version, {
        current: toGeneralInfoAdmin(record, await this.imageSizes.of(record.hero_image)),
        changed,
      });
    }
    return { status: 200, id };
  }

  /** The tags of the server's configuration (`GTM_ID`, `ADS_CONVERSION_ID`, `STATS`). */
  tags(): SiteTags {
    return {
      gtm_id: this.config.gtmId ?? null,
      ads_conversion_id: this.config.adsConversionId ?? null,
      stats: this.config.stats,
    };
  }
}
