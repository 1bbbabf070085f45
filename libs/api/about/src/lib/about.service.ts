import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { About } from '@blog/contracts';
import { AboutEntity } from '@blog/api/data';

@Injectable()
export class AboutService {
  constructor(@InjectRepository(AboutEntity) private readonly about: Repository<AboutEntity>) {}

  /** A list, as the spec's callers read the first item; there is at most one record. */
  async list(): Promise<About[]> {
    const records = await this.about.find({ order: { id: 'ASC' } });
    return records.map(({ id, content }) => ({ id, content }));
  }
}
