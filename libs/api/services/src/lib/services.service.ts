import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  OK,
  type AdminLanguageQuery,
  type AdminTranslation,
  type Language,
  type Ok,
  type PublicService,
  type Service,
  type ServiceFields,
} from '@blog/contracts';
import {
  adminTranslationsOf,
  freeSlugIn,
  groupOf,
  lastChangeOf,
  missingTranslationSql,
  nextPosition,
  saveOrder,
  ServiceEntity,
  StaleVersion,
  insertVersion,
  updateVersion,
  type ChangeOrigin,
} from '@blog/api/data';
import {
  conflictOnUnique,
  DomainError,
  DomainEvents,
  SiteLanguages,
  linkTranslationsOrRefuse,
  unlinkTranslationOrRefuse,
} from '@blog/api/core';
import { toSlug } from '@blog/shared/html';

const SLUG_TAKEN = { field: 'slug', message: 'Another service already uses this slug' };
const LANGUAGE_TAKEN = { field: 'language', message: 'Its translation group has a service in this language already' };
const PROJECTS_IN_LANGUAGE = {
  field: 'language',
  message: 'Projects in its language name this service: a project’s services are in its language',
};
const notFound = () => DomainError.notFound('Service');

function toService(record: ServiceEntity, translations: AdminTranslation[]): Service {
  return {
    id: record.id,
    name: record.name,
    slug: record.slug,
    summary: record.summary,
    deliverables: record.deliverables,
    duration: record.duration,
    price_vnd: record.price_vnd,
    price_usd: record.price_usd,
    cover: record.cover,
    position: record.position,
    hidden: record.hidden,
    language: record.language,
    translations,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
    version: record.version,
  };
}

function toPublicService(record: ServiceEntity): PublicService {
  const {
    hidden: _hidden,
    version: _version,
    created_at: _created,
    translations: _translations,
    ...shown
  } = toService(record, []);
  return shown;
}

/**
 * The columns of a save. A slug left empty keeps the one the service has (its address stays), or for a
 * new service is made from the name, as a post's (Vietnamese letters folded).
 */
function columnsOf({ slug, ...fields }: ServiceFields, language: Language, current?: ServiceEntity) {
  const made = slug || current?.slug || toSlug(fields.name);
  if (!made)
    throw DomainError.invalid([{ field: 'slug', message: 'Slug is required: the name has no letter or digit' }]);
  return { ...fields, language, slug: made };
}

/** The services domain's rules, behind both doors (REST and tRPC); the only user of its repository. */
@Injectable()
export class ServicesService {
  constructor(
    @InjectRepository(ServiceEntity) private readonly services: Repository<ServiceEntity>,
    private readonly events: DomainEvents,
    private readonly languages: SiteLanguages,
  ) {}

  /** The shown services of `lang` (else the site's default language), in the owner's order: what the public pages list. */
  async listShown(lang?: Language): Promise<PublicService[]> {
    const language = await this.languages.ofRead(lang);
    const records = await this.services.find({
      where: { hidden: false, language },
      order: { position: 'ASC', id: 'ASC' },
    });
    return records.map(toPublicService);
  }

  /** A shown service of `lang` by its slug; 404 for a hidden or unknown one. */
  async getShown(slug: string, lang?: Language): Promise<PublicService> {
    const language = await this.languages.ofRead(lang);
    const record = await this.services.findOneBy({ slug, hidden: false, language });
    if (!record) throw notFound();
    return toPublicService(record);
  }

  /**
   * Every service, hidden ones too, in the owner's order: the admin's list; those in `language`, and those
   * missing a version in another language of the site (`missing_translation`), when asked.
   */
  async list(filter: NonNullable<AdminLanguageQuery> = {}): Promise<Service[]> {
    const query = this.services.createQueryBuilder('service').orderBy('service.position').addOrderBy('service.id');
    if (filter.language) query.andWhere('service.language = :language', { language: filter.language });
    if (filter.missing_translation) {
      const { languages } = await this.languages.settings();
      query.andWhere(missingTranslationSql('services', 'service', ':languages'), { languages });
    }
    return this.withTranslations(await query.getMany());
  }

  async get(id: number): Promise<Service> {
    const [service] = await this.withTranslations([await this.found(id)]);
    return service;
  }

  private async withTranslations(records: ServiceEntity[]): Promise<Service[]> {
    const translations = await adminTranslationsOf(this.services.manager, 'services', records);
    return records.map((record) => toService(record, translations.get(record.id) ?? []));
  }

  /** Added at the end of the list, in `fields.language` (else the site's default); a taken slug is a 409 naming `slug`. */
  async create(fields: ServiceFields, origin: ChangeOrigin): Promise<Service> {
    const columns = columnsOf(fields, await this.languages.ofWrite(fields.language));
    const id = await this.saving(async () => {
      const position = await nextPosition(this.services.manager, 'services');
      return insertVersion(this.services.manager, ServiceEntity, { ...columns, position }, origin);
    });
    const service = await this.get(id);
    await this.events.emit('service.created', service);
    return service;
  }

  /**
   * `version`: the version the save started from; the UPDATE matches that version only, else nothing is
   * written and the save is refused with the service as it is now (`DomainError.versionConflict`).
   */
  async update(id: number, fields: ServiceFields, origin: ChangeOrigin, version?: number): Promise<Service> {
    const current = await this.found(id);
    const language = await this.languages.ofWrite(fields.language, current.language);
    if (language !== current.language) await this.requireNoProjectsIn(id, current.language);
    const columns = columnsOf(fields, language, current);
    try {
      await this.saving(() => updateVersion(this.services.manager, ServiceEntity, id, columns, origin, version));
    } catch (error) {
      if (!(error instanceof StaleVersion)) throw error;
      const current = await this.get(id);
      const changed = await lastChangeOf(this.services.manager, 'services', id);
      if (!changed) throw notFound();
      throw DomainError.versionConflict('service', current.version, { current, changed });
    }
    const service = await this.get(id);
    await this.events.emit('service.updated', service);
    return service;
  }

  /** Stores the order of every service: `ids` names each of them once. */
  async reorder(ids: number[]): Promise<Service[]> {
    if (!(await saveOrder(this.services.manager, 'services', ids))) {
      throw DomainError.invalid([{ field: 'ids', message: 'must name every service once, and only those' }]);
    }
    return this.list();
  }

  async remove(id: number): Promise<Ok> {
    const service = await this.get(id);
    const { affected } = await this.services.delete({ id });
    if (!affected) throw notFound();
    await this.events.emit('service.deleted', service);
    return OK;
  }

  /** 409 naming `language` when projects in `language` name the service `id`, whose language would change. */
  private async requireNoProjectsIn(id: number, language: Language): Promise<void> {
    const [named] = (await this.services.query(
      `SELECT 1 FROM project_services link JOIN projects project ON project.id = link.project_id
        WHERE link.service_id = $1 AND project.language = $2 LIMIT 1`,
      [id, language],
    )) as unknown[];
    if (named) throw new DomainError('CONFLICT', PROJECTS_IN_LANGUAGE.message, [PROJECTS_IN_LANGUAGE]);
  }

  /**
   * A hidden service in `language` pre-filled from the service `id`, linked to it (their group made when
   * it has none), under the same slug unless that language has it (then `-2`, `-3`…), at the end of the
   * list; the owner shows it once translated. 400 naming `language` for the service's own language or one
   * the site does not run; 409 naming `language` when the group has a version in it already.
   */
  async translate(id: number, language: Language, origin: ChangeOrigin): Promise<Service> {
    const source = await this.found(id);
    await this.languages.ofWrite(language);
    if (language === source.language) {
      throw DomainError.invalid([{ field: 'language', message: 'must be another language than the service’s own' }]);
    }
    const translationId = await this.saving(() =>
      this.services.manager.transaction(async (manager) => {
        const group = await groupOf(manager, 'services', source.id, source.translation_group);
        if (await manager.existsBy(ServiceEntity, { translation_group: group, language })) {
          throw new DomainError('CONFLICT', LANGUAGE_TAKEN.message, [LANGUAGE_TAKEN]);
        }
        const { name, summary, deliverables, duration, price_vnd, price_usd, cover } = source;
        return insertVersion(
          manager,
          ServiceEntity,
          {
            ...{ name, summary, deliverables, duration, price_vnd, price_usd, cover },
            slug: await freeSlugIn(manager, 'services', source.slug, language),
            language,
            translation_group: group,
            hidden: true,
            position: await nextPosition(manager, 'services'),
          },
          origin,
        );
      }),
    );
    const service = await this.get(translationId);
    await this.events.emit('service.created', service);
    return service;
  }

  /**
   * Makes the services `id` and `translationId` versions of each other (with the versions each has): 404
   * when either is missing, 409 naming `translation_id` when they share a language or a group would hold
   * two of one language.
   */
  async linkTranslation(id: number, translationId: number): Promise<Service> {
    await linkTranslationsOrRefuse(this.services.manager, 'services', id, translationId, 'Service');
    return this.get(id);
  }

  /** Takes the service `id` out of its translation group (a group left with one service is dissolved). */
  async unlinkTranslation(id: number): Promise<Service> {
    await unlinkTranslationOrRefuse(this.services.manager, 'services', id, 'Service');
    return this.get(id);
  }

  private async found(id: number): Promise<ServiceEntity> {
    const record = await this.services.findOneBy({ id });
    if (!record) throw notFound();
    return record;
  }

  /** The unique constraint judges a taken slug once (no SELECT before, which two saves could race past): 409 naming `slug`. */
  private saving<T>(write: () => Promise<T>): Promise<T> {
    return conflictOnUnique(write, { UQ_services_slug: SLUG_TAKEN, UQ_services_translation: LANGUAGE_TAKEN });
  }
}
