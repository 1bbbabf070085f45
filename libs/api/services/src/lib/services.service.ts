import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { OK, type Ok, type PublicService, type Service, type ServiceFields } from '@blog/contracts';
import {
  lastChangeOf,
  nextPosition,
  saveOrder,
  ServiceEntity,
  StaleVersion,
  insertVersion,
  updateVersion,
  type ChangeOrigin,
} from '@blog/api/data';
import { conflictOnUnique, DomainError, DomainEvents } from '@blog/api/core';
import { toSlug } from '@blog/shared/html';

const SLUG_TAKEN = { field: 'slug', message: 'Another service already uses this slug' };
const notFound = () => DomainError.notFound('Service');

function toService(record: ServiceEntity): Service {
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
    translations: [],
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
  } = toService(record);
  return shown;
}

/**
 * The columns of a save. A slug left empty keeps the one the service has (its address stays), or for a
 * new service is made from the name, as a post's (Vietnamese letters folded).
 */
function columnsOf({ slug, ...fields }: ServiceFields, current?: ServiceEntity) {
  const made = slug || current?.slug || toSlug(fields.name);
  if (!made)
    throw DomainError.invalid([{ field: 'slug', message: 'Slug is required: the name has no letter or digit' }]);
  return { ...fields, slug: made };
}

/** The services domain's rules, behind both doors (REST and tRPC); the only user of its repository. */
@Injectable()
export class ServicesService {
  constructor(
    @InjectRepository(ServiceEntity) private readonly services: Repository<ServiceEntity>,
    private readonly events: DomainEvents,
  ) {}

  /** The shown services, in the owner's order: what the public pages list. */
  async listShown(): Promise<PublicService[]> {
    const records = await this.services.find({ where: { hidden: false }, order: { position: 'ASC', id: 'ASC' } });
    return records.map(toPublicService);
  }

  /** A shown service by its slug; 404 for a hidden or unknown one. */
  async getShown(slug: string): Promise<PublicService> {
    const record = await this.services.findOneBy({ slug, hidden: false });
    if (!record) throw notFound();
    return toPublicService(record);
  }

  /** Every service, hidden ones too, in the owner's order: the admin's list. */
  async list(): Promise<Service[]> {
    const records = await this.services.find({ order: { position: 'ASC', id: 'ASC' } });
    return records.map(toService);
  }

  async get(id: number): Promise<Service> {
    return toService(await this.found(id));
  }

  /** Added at the end of the list; a taken slug is a 409 naming `slug`. */
  async create(fields: ServiceFields, origin: ChangeOrigin): Promise<Service> {
    const columns = columnsOf(fields);
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
    const columns = columnsOf(fields, await this.found(id));
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

  private async found(id: number): Promise<ServiceEntity> {
    const record = await this.services.findOneBy({ id });
    if (!record) throw notFound();
    return record;
  }

  /** The unique constraint judges a taken slug once (no SELECT before, which two saves could race past): 409 naming `slug`. */
  private saving<T>(write: () => Promise<T>): Promise<T> {
    return conflictOnUnique(write, { UQ_services_slug: SLUG_TAKEN });
  }
}
