import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Versioned } from './versioned';

/** The About page: a singleton rich-text record. */
@Entity({ name: 'about' })
export class AboutEntity extends Versioned {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Sanitised HTML. */
  @Column({ type: 'text', default: '' })
  content!: string;
}
