import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Language } from '@blog/contracts';
import { Versioned } from './versioned';

/** The About page: a rich-text record, one per language (each the others' translation). */
@Entity({ name: 'about' })
export class AboutEntity extends Versioned {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Sanitised HTML. */
  @Column({ type: 'text', default: '' })
  content!: string;

  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;
}
