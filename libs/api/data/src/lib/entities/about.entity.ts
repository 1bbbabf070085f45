import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Timestamped } from './timestamps';

/** The About page: a singleton rich-text record. */
@Entity({ name: 'about' })
export class AboutEntity extends Timestamped {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Sanitised HTML. */
  @Column({ type: 'text', default: '' })
  content!: string;
}
