import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  autosaveSlotOf,
  LANGUAGE_NAMES,
  SITE_ROUTES,
  type About,
  type Language,
  type PublicAbout,
  type Saved,
} from '@blog/contracts';
import { AboutEntity, clearAutosaveAfterSave, lastChangeOf, StaleVersion, type ChangeOrigin } from '@blog/api/data';
import { conflictOnUnique, DomainError, SiteLanguages, UploadedImageSizes } from '@blog/api/core';
import { withResponsiveImages } from '@blog/shared/html/responsive-images';
import { insertAbout, prepareAbout, replaceAbout } from './about-writer';

const alreadyExists = (id: number | string) =>
  `The About record in this language already exists: update it with PUT /api/about/${id}`;
/** A save's fields, as `aboutInputSchema` parsed them. */
export interface AboutFields {
  content: string;
  /** Absent: the default language for a new page, kept by an update. */
  language?: Language;
}

const LANGUAGE_TAKEN = { field: 'language', message: 'The About page in this language exists already' };
/** The About page's `slug` as a translation names it: its path's. */
const ABOUT_SLUG = SITE_ROUTES.pages.about.slice(1);

@Injectable()
export class AboutService {
  constructor(
    @InjectRepository(AboutEntity) private readonly about: Repository<AboutEntity>,
    private readonly imageSizes: UploadedImageSizes,
    private readonly languages: SiteLanguages,
  ) {}

  /**
   * A list, as the original REST API's callers read the first item: the About pages, one per language,
   * the default language's first. The content as stored (the editor's).
   */
  async list(): Promise<About[]> {
    const [records, { default_language }] = await Promise.all([
      this.about.find({ order: { id: 'ASC' } }),
      this.languages.settings(),
    ]);
    return records
      .sort((a, b) => Number(b.language === default_language) - Number(a.language === default_language))
      .map(({ id, content, version, language }) => ({ id, content, version, language }));
  }

  /**
   * The About page in `lang` (absent: the default language) as visitors read it, a list of one (none while
   * it is not written): uploaded images as responsive pictures with their size (`withResponsiveImages`), and
   * its translations, the About pages with content in the site's other languages.
   */
  async publicList(lang?: Language): Promise<PublicAbout[]> {
    const language = await this.languages.ofRead(lang);
    const { languages } = await this.languages.settings();
    const records = await this.about.find({ order: { id: 'ASC' } });
    const page = records.find((record) => record.language === language);
    if (!page) return [];
    const translations = await this.languages.linksTo(
      records
        .filter((other) => other.id !== page.id && languages.includes(other.language) && other.content.trim() !== '')
        .map((other) => ({
          id: other.id,
          language: other.language,
          slug: ABOUT_SLUG,
          title: LANGUAGE_NAMES[other.language],
        })),
      () => SITE_ROUTES.pages.about,
    );
    const content = await withResponsiveImages(page.content, (names) => this.imageSizes.ofMany(names));
    return [{ id: page.id, content, version: page.version, language, translations }];
  }

  /**
   * Creates the record of `language` (absent: the default language; content sanitised); 409 naming
   * `language` once it exists, 400 for a language the site does not run.
   */
  async create(input: AboutFields, origin: ChangeOrigin): Promise<Saved> {
    const language = await this.languages.ofWrite(input.language);
    const about = prepareAbout({ content: input.content, language });
    const existing = await this.about.findOne({ select: ['id'], where: { language } });
    if (existing) throw new DomainError('CONFLICT', alreadyExists(existing.id), [LANGUAGE_TAKEN]);
    // The index of one About per language decides between two creates racing past the check above.
    const id = await conflictOnUnique(() => insertAbout(this.about.manager, about, origin), {
      UQ_about_language: { ...LANGUAGE_TAKEN, message: alreadyExists('{id}') },
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
  async update(id: number, input: AboutFields, origin: ChangeOrigin, version?: number): Promise<Saved> {
    const language = input.language && (await this.languages.ofWrite(input.language));
    const about = prepareAbout({ content: input.content, ...(language && { language }) });
    try {
      await conflictOnUnique(() => replaceAbout(this.about.manager, id, about, origin, version), {
        UQ_about_language: LANGUAGE_TAKEN,
      });
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
