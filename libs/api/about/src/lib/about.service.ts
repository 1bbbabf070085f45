import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { About, Saved } from '@blog/contracts';
import { prepareRichText } from '@blog/shared/html/highlight';
import { AboutEntity } from '@blog/api/data';
import { conflictOnUnique, DomainError, UploadedImageSizes } from '@blog/api/core';
import { withResponsiveImages } from '@blog/shared/html/responsive-images';

const alreadyExists = (id: number | string) => `The About record already exists: update it with PUT /api/about/${id}`;

@Injectable()
export class AboutService {
  constructor(
    @InjectRepository(AboutEntity) private readonly about: Repository<AboutEntity>,
    private readonly imageSizes: UploadedImageSizes,
  ) {}

  /** A list, as the spec's callers read the first item; there is at most one record. The content as stored (the editor's). */
  async list(): Promise<About[]> {
    const records = await this.about.find({ order: { id: 'ASC' } });
    return records.map(({ id, content }) => ({ id, content }));
  }

  /** `list` as visitors read it: uploaded images as responsive pictures with their size (`withResponsiveImages`). */
  async publicList(): Promise<About[]> {
    const records = await this.list();
    return Promise.all(
      records.map(async ({ id, content }) => ({
        id,
        content: await withResponsiveImages(content, (names) => this.imageSizes.ofMany(names)),
      })),
    );
  }

  /** Creates the one record (content sanitised); 409 once it exists. */
  async create(content: string): Promise<Saved> {
    const [existing] = await this.about.find({ select: ['id'], order: { id: 'ASC' }, take: 1 });
    if (existing) throw new DomainError('CONFLICT', alreadyExists(existing.id));
    // The singleton index decides between two creates racing past the check above.
    const { identifiers } = await conflictOnUnique(() => this.about.insert({ content: prepareRichText(content) }), {
      UQ_about_singleton: { field: 'id', message: alreadyExists('{id}') },
    });
    return { status: 200, id: identifiers[0]['id'] as number };
  }

  async update(id: number, content: string): Promise<Saved> {
    const { affected } = await this.about.update({ id }, { content: prepareRichText(content) });
    if (!affected) throw DomainError.notFound('About record');
    return { status: 200, id };
  }
}
