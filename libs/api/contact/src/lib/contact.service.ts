import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { ContactMessage } from '@blog/contracts';
import { ContactMessageEntity } from '@blog/api/data';

@Injectable()
export class ContactService {
  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
  ) {}

  /** Stores a validated message for the owner's inbox; returns its id. */
  async send(message: ContactMessage): Promise<{ id: number }> {
    const saved = await this.messages.save(this.messages.create({ ...message, read_at: null }));
    return { id: saved.id };
  }
}
