import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  autosaveSlotOf,
  type About,
  type AboutInput,
  type Language,
  type PublicAbout,
  type Saved,
} from '@blog/contracts';
import { AboutEntity, clearAutosaveAfterSave, lastChangeOf, StaleVersion, type ChangeOrigin } from '@blog/api/data';
import { conflictOnUnique, DomainError, UploadedImageSizes } from '@blog/api/core';
import { withResponsiveImages } from '@blog/shared/html/responsive-images';
import { insertAbout, prepareAbout, replaceAbout } from './about-writer';

const alreadyExists = (id: number | string) => `The About record already exists: update it with PUT /api/about/${id}`;

@Injectable()
export class AboutService {
  constructor(
    @InjectRepository(AboutEntity) private readonly about: Repository<AboutEntity>,
    private readonly imageSizes: UploadedImageSizes,
  ) {}

  /** A list, as the original REST API's callers read the first item; there is at most one record. The content as stored (the editor's). */
  async list(): Promise<About[]> {
    const records = await this.about.find({ order: { id: 'ASC' } });
    return records.map(({ id, content, version, language }) => ({ id, content, version, language }));
  }

  /** `list` as visitors read it: uploaded images as responsive pictures with their size (`withResponsiveImages`). */
  async publicList(lang?: Language): Promise<PublicAbout[]> {
    const records = await this.list();
    return Promise.all(
      records.map(async ({ id, content, version, language }) => ({
        id,
        content: await withResponsiveImages(content, (names) => this.imageSizes.ofMany(names)),
        version,
        language: lang ?? language,
        translations: [],
      })),
    );
  }

  /** Creates the one record (content sanitised); 409 once it exists. */
  async create({ content }: AboutInput, origin: ChangeOrigin): Promise<Saved> {
    const about = prepareAbout({ content });
    const [existing] = await this.about.find({ select: ['id'], order: { id: 'ASC' }, take: 1 });
    if (existing) throw new DomainError('CONFLICT', alreadyExists(existing.id));
    // The singleton index decides between two creates racing past the check above.
    const id = await conflictOnUnique(() => insertAbout(this.about.manager, about, origin), {
      UQ_about_language: { field: 'language', message: alreadyExists('{id}') },
    });
    return { status: 200, id };
  }

  /** The one record as its reads answer it; 404 for no such record. */
  async get(id: number): Promise<About> {
    const record = await this.about.findOneBy({ id });
    if (!record) throw DomainError.notFound('About record');
    return { id: record.id, content: record.content, version: record.version, language: record.language };
  }

  /**
   * Replaces the content; the version it replaces is kept as a revision, in the same transaction (none when
   * the content is the same). `version`: the version the save started from; the UPDATE matches that one only,
   * else nothing is written and the save is refused with the record as it is now (`DomainError.versionConflict`).
   */
  async update(id: number, { content }: AboutInput, origin: ChangeOrigin, version?: number): Promise<Saved> {
    const about = prepareAbout({ content });
    try {
      await replaceAbout(this.about.manager, id, about, origin, version);
    } catch (error) {
      if (!(error instanceof StaleVersion)) throw error;
      const current = await this.get(id);
      const changed = await lastChangeOf(this.about.manager, 'about', id);
      if (!changed) throw DomainError.notFound('About record');
      throw DomainError.versionConflict('About page', current.version, { current, changed });
    }
    // Saved: the saver's autosave of the About page is done with.
    await clearAutosaveAfterSave(this.about.manager, origin.user_id, autosaveSlotOf.about(id));
    return { status: 200, id };
  }
}
