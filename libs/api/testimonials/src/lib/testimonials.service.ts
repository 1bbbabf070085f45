import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  LANGUAGE_NAMES,
  OK,
  type AdminLanguageQuery,
  type AdminTranslation,
  type Language,
  type Ok,
  type PublicTestimonial,
  type Testimonial,
  type TestimonialFields,
} from '@blog/contracts';
import {
  adminTranslationsOf,
  groupOf,
  insertVersion,
  lastChangeOf,
  missingTranslationSql,
  nextPosition,
  saveOrder,
  StaleVersion,
  TestimonialEntity,
  updateVersion,
  type ChangeOrigin,
} from '@blog/api/data';
import {
  conflictOnUnique,
  constraintViolationOf,
  DomainError,
  DomainEvents,
  PG_ERROR,
  SiteLanguages,
  linkTranslationsOrRefuse,
  unlinkTranslationOrRefuse,
} from '@blog/api/core';

const notFound = () => DomainError.notFound('Testimonial');
const LANGUAGE_TAKEN = {
  field: 'language',
  message: 'Its translation group has a testimonial in this language already',
};
const projectInOtherLanguage = (language: Language) => ({
  field: 'project_id',
  message: `must be a project in ${LANGUAGE_NAMES[language]}: a testimonial's project is in its language`,
});

/**
 * The foreign key judges `project_id` (no SELECT before, which a deletion could race past): a project
 * that does not exist is a 400 naming the field, never a 500.
 */
async function checkingProject<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await conflictOnUnique(write, { UQ_testimonials_translation: LANGUAGE_TAKEN });
  } catch (error) {
    const violation = constraintViolationOf(error);
    if (violation?.code === PG_ERROR.foreignKeyViolation && violation.constraint === 'FK_testimonials_project_id') {
      throw DomainError.invalid([{ field: 'project_id', message: 'names no project' }]);
    }
    throw error;
  }
}

function toTestimonial(record: TestimonialEntity, translations: AdminTranslation[]): Testimonial {
  return {
    id: record.id,
    name: record.name,
    role: record.role,
    company: record.company,
    photo: record.photo,
    quote: record.quote,
    project_id: record.project_id,
    consented_on: record.consented_on,
    source_url: record.source_url,
    position: record.position,
    hidden: record.hidden,
    language: record.language,
    translations,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
    version: record.version,
  };
}

function toPublicTestimonial(record: TestimonialEntity): PublicTestimonial {
  const {
    consented_on: _consented,
    hidden: _hidden,
    version: _version,
    created_at: _created,
    updated_at: _updated,
    translations: _translations,
    ...shown
  } = toTestimonial(record, []);
  return shown;
}

/** The testimonials domain's rules, behind both doors (REST and tRPC); the only user of its repository. */
@Injectable()
export class TestimonialsService {
  constructor(
    @InjectRepository(TestimonialEntity) private readonly testimonials: Repository<TestimonialEntity>,
    private readonly events: DomainEvents,
    private readonly languages: SiteLanguages,
  ) {}

  /** The shown testimonials of `lang` (else the site's default language), in the owner's order: what the public pages quote. */
  async listShown(lang?: Language): Promise<PublicTestimonial[]> {
    const language = await this.languages.ofRead(lang);
    const records = await this.testimonials.find({
      where: { hidden: false, language },
      order: { position: 'ASC', id: 'ASC' },
    });
    return records.map(toPublicTestimonial);
  }

  /**
   * Every testimonial, hidden ones too, in the owner's order: the admin's list; those in `language`, and
   * those missing a version in another language of the site (`missing_translation`), when asked.
   */
  async list(filter: NonNullable<AdminLanguageQuery> = {}): Promise<Testimonial[]> {
    const query = this.testimonials
      .createQueryBuilder('testimonial')
      .orderBy('testimonial.position')
      .addOrderBy('testimonial.id');
    if (filter.language) query.andWhere('testimonial.language = :language', { language: filter.language });
    if (filter.missing_translation) {
      const { languages } = await this.languages.settings();
      query.andWhere(missingTranslationSql('testimonials', 'testimonial', ':languages'), { languages });
    }
    return this.withTranslations(await query.getMany());
  }

  async get(id: number): Promise<Testimonial> {
    const [testimonial] = await this.withTranslations([await this.found(id)]);
    return testimonial;
  }

  private async withTranslations(records: TestimonialEntity[]): Promise<Testimonial[]> {
    const translations = await adminTranslationsOf(this.testimonials.manager, 'testimonials', records);
    return records.map((record) => toTestimonial(record, translations.get(record.id) ?? []));
  }

  private async found(id: number): Promise<TestimonialEntity> {
    const record = await this.testimonials.findOneBy({ id });
    if (!record) throw notFound();
    return record;
  }

  /** 400 naming `project_id` when it is a project in another language than `language` (an unknown one: the foreign key's). */
  private async requireProjectIn(projectId: number | null, language: Language): Promise<void> {
    if (projectId === null) return;
    const [other] = (await this.testimonials.query(`SELECT 1 FROM projects WHERE id = $1 AND language <> $2`, [
      projectId,
      language,
    ])) as unknown[];
    if (other) throw DomainError.invalid([projectInOtherLanguage(language)]);
  }

  /** Added at the end of the list, in `fields.language` (else the site's default); its project must be in it. */
  async create(fields: TestimonialFields, origin: ChangeOrigin): Promise<Testimonial> {
    const language = await this.languages.ofWrite(fields.language);
    await this.requireProjectIn(fields.project_id, language);
    const position = await nextPosition(this.testimonials.manager, 'testimonials');
    const id = await checkingProject(() =>
      insertVersion(this.testimonials.manager, TestimonialEntity, { ...fields, language, position }, origin),
    );
    const testimonial = await this.get(id);
    await this.events.emit('testimonial.created', testimonial);
    return testimonial;
  }

  /**
   * `version`: the version the save started from; the UPDATE matches that version only, else nothing is
   * written and the save is refused with the testimonial as it is now (`DomainError.versionConflict`).
   */
  async update(id: number, fields: TestimonialFields, origin: ChangeOrigin, version?: number): Promise<Testimonial> {
    const current = await this.found(id);
    const language = await this.languages.ofWrite(fields.language, current.language);
    await this.requireProjectIn(fields.project_id, language);
    try {
      await checkingProject(() =>
        updateVersion(this.testimonials.manager, TestimonialEntity, id, { ...fields, language }, origin, version),
      );
    } catch (error) {
      if (!(error instanceof StaleVersion)) throw error;
      const current = await this.get(id);
      const changed = await lastChangeOf(this.testimonials.manager, 'testimonials', id);
      if (!changed) throw notFound();
      throw DomainError.versionConflict('testimonial', current.version, { current, changed });
    }
    const testimonial = await this.get(id);
    await this.events.emit('testimonial.updated', testimonial);
    return testimonial;
  }

  /** Stores the order of every testimonial: `ids` names each of them once. */
  async reorder(ids: number[]): Promise<Testimonial[]> {
    if (!(await saveOrder(this.testimonials.manager, 'testimonials', ids))) {
      throw DomainError.invalid([{ field: 'ids', message: 'must name every testimonial once, and only those' }]);
    }
    return this.list();
  }

  /**
   * A hidden testimonial in `language` pre-filled from the testimonial `id`, linked to it (their group made
   * when it has none), about the project's version in `language` (none when it has none), at the end of the
   * list; the owner shows it once translated. 400 naming `language` for the testimonial's own language or
   * one the site does not run; 409 naming `language` when the group has a version in it already.
   */
  async translate(id: number, language: Language, origin: ChangeOrigin): Promise<Testimonial> {
    const source = await this.found(id);
    await this.languages.ofWrite(language);
    if (language === source.language) {
      throw DomainError.invalid([
        { field: 'language', message: 'must be another language than the testimonial’s own' },
      ]);
    }
    const translationId = await checkingProject(() =>
      this.testimonials.manager.transaction(async (manager) => {
        const group = await groupOf(manager, 'testimonials', source.id, source.translation_group);
        if (await manager.existsBy(TestimonialEntity, { translation_group: group, language })) {
          throw new DomainError('CONFLICT', LANGUAGE_TAKEN.message, [LANGUAGE_TAKEN]);
        }
        const [project] = (await manager.query(
          `SELECT version.id FROM projects project
             JOIN projects version ON version.translation_group = project.translation_group
            WHERE project.id = $1 AND version.language = $2 AND version.deleted_at IS NULL`,
          [source.project_id, language],
        )) as Array<{ id: number }>;
        const { name, role, company, photo, quote, consented_on, source_url } = source;
        return insertVersion(
          manager,
          TestimonialEntity,
          {
            ...{ name, role, company, photo, quote, consented_on, source_url },
            project_id: project?.id ?? null,
            language,
            translation_group: group,
            hidden: true,
            position: await nextPosition(manager, 'testimonials'),
          },
          origin,
        );
      }),
    );
    const testimonial = await this.get(translationId);
    await this.events.emit('testimonial.created', testimonial);
    return testimonial;
  }

  /**
   * Makes the testimonials `id` and `translationId` versions of each other (with the versions each has):
   * 404 when either is missing, 409 naming `translation_id` when they share a language or a group would
   * hold two of one language.
   */
  async linkTranslation(id: number, translationId: number): Promise<Testimonial> {
    await linkTranslationsOrRefuse(this.testimonials.manager, 'testimonials', id, translationId, 'Testimonial');
    return this.get(id);
  }

  /** Takes the testimonial `id` out of its translation group (a group left with one testimonial is dissolved). */
  async unlinkTranslation(id: number): Promise<Testimonial> {
    await unlinkTranslationOrRefuse(this.testimonials.manager, 'testimonials', id, 'Testimonial');
    return this.get(id);
  }

  async remove(id: number): Promise<Ok> {
    const testimonial = await this.get(id);
    const { affected } = await this.testimonials.delete({ id });
    if (!affected) throw notFound();
    await this.events.emit('testimonial.deleted', testimonial);
    return OK;
  }
}
