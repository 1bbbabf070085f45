import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { OK, type Ok, type PublicTestimonial, type Testimonial, type TestimonialFields } from '@blog/contracts';
import {
  insertVersion,
  lastChangeOf,
  nextPosition,
  saveOrder,
  StaleVersion,
  TestimonialEntity,
  updateVersion,
  type ChangeOrigin,
} from '@blog/api/data';
import { constraintViolationOf, DomainError, DomainEvents, PG_ERROR } from '@blog/api/core';

const notFound = () => DomainError.notFound('Testimonial');

/**
 * The foreign key judges `project_id` (no SELECT before, which a deletion could race past): a project
 * that does not exist is a 400 naming the field, never a 500.
 */
async function checkingProject<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const violation = constraintViolationOf(error);
    if (violation?.code === PG_ERROR.foreignKeyViolation && violation.constraint === 'FK_testimonials_project_id') {
      throw DomainError.invalid([{ field: 'project_id', message: 'names no project' }]);
    }
    throw error;
  }
}

function toTestimonial(record: TestimonialEntity): Testimonial {
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
    translations: [],
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
  } = toTestimonial(record);
  return shown;
}

/** The testimonials domain's rules, behind both doors (REST and tRPC); the only user of its repository. */
@Injectable()
export class TestimonialsService {
  constructor(
    @InjectRepository(TestimonialEntity) private readonly testimonials: Repository<TestimonialEntity>,
    private readonly events: DomainEvents,
  ) {}

  /** The shown testimonials, in the owner's order: what the public pages quote. */
  async listShown(): Promise<PublicTestimonial[]> {
    const records = await this.testimonials.find({ where: { hidden: false }, order: { position: 'ASC', id: 'ASC' } });
    return records.map(toPublicTestimonial);
  }

  /** Every testimonial, hidden ones too, in the owner's order: the admin's list. */
  async list(): Promise<Testimonial[]> {
    const records = await this.testimonials.find({ order: { position: 'ASC', id: 'ASC' } });
    return records.map(toTestimonial);
  }

  async get(id: number): Promise<Testimonial> {
    const record = await this.testimonials.findOneBy({ id });
    if (!record) throw notFound();
    return toTestimonial(record);
  }

  /** Added at the end of the list. */
  async create(fields: TestimonialFields, origin: ChangeOrigin): Promise<Testimonial> {
    const position = await nextPosition(this.testimonials.manager, 'testimonials');
    const id = await checkingProject(() =>
      insertVersion(this.testimonials.manager, TestimonialEntity, { ...fields, position }, origin),
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
    await this.get(id);
    try {
      await checkingProject(() =>
        updateVersion(this.testimonials.manager, TestimonialEntity, id, fields, origin, version),
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

  async remove(id: number): Promise<Ok> {
    const testimonial = await this.get(id);
    const { affected } = await this.testimonials.delete({ id });
    if (!affected) throw notFound();
    await this.events.emit('testimonial.deleted', testimonial);
    return OK;
  }
}
